import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Model-based test of the effect ledger alone: the seeded random sequences of
/// `SchedulingModelTests`, run on `LedgerBench` (the ledger with pretend tasks, no actor and no
/// clock) and on `SchedulingModel`, compared after every operation.
///
/// 2,000 sequences by default; 100,000 in its own command (about a minute in a debug build):
///
///     LEDGER_SEQUENCES=100000 swift test --filter LedgerModelTests
///     LEDGER_SEED=1234 LEDGER_SEQUENCES=1 swift test --filter LedgerModelTests
///
/// A divergence reports the seed, the operation and the sequence shrunk.
@Suite struct LedgerModelTests {
  typealias Model = SchedulingModel

  @Test func theLedgerDecidesAsTheModelDoes() async {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["LEDGER_SEQUENCES"].flatMap { Int($0) } ?? 2_000
    let firstSeed = environment["LEDGER_SEED"].flatMap { UInt64($0) } ?? 20_261_127
    for seed in firstSeed..<firstSeed + UInt64(count) {
      var generator = SchedulingModelTests.Generator(seed: seed)
      let ops = generator.sequence(count: 30)
      guard let found = Self.run(ops) else { continue }
      let (shrunk, divergence) = await SchedulingModelTests.shrink(ops, found, run: Self.run)
      Issue.record(
        """
        The ledger and the model diverge, seed \(seed) (LEDGER_SEED=\(seed) LEDGER_SEQUENCES=1), \
        at operation \(found.index) of \(ops.count); shrunk to \(shrunk.count) operations, \
        diverging at operation \(divergence.index): \(divergence.message)
        \(shrunk.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
        """)
      return
    }
  }

  /// The bench itself can tell a wrong ledger from a right one: a sequence whose effects must
  /// wait, checked against a model that forgot the queue, diverges.
  @Test func aWrongAnswerIsCaught() {
    let waits: [Model.Op] = [
      .send([.effect(Model.EffectSpec(queue: 4))]), .send([.effect(Model.EffectSpec(queue: 4))]),
    ]
    var bench = LedgerBench()
    var model = Model()
    bench.apply(waits[0])
    model.apply(waits[0])
    bench.apply(waits[1])
    model.apply(.send([.effect(Model.EffectSpec())]))
    #expect(bench.difference(from: model) == "effect 1: model running, ledger waiting")
  }

  static func run(_ ops: [Model.Op]) -> SchedulingModelTests.Divergence? {
    var model = Model()
    var bench = LedgerBench()
    for (index, op) in ops.enumerated() {
      model.apply(op)
      bench.apply(op)
      if let message = bench.difference(from: model) { return (index, message) }
    }
    return nil
  }
}

import Testing

/// Model-based test of the effect ledger alone: the seeded random sequences of
/// `SchedulingModelTests`, run on `LedgerBench` (the ledger with pretend tasks, no actor and no
/// clock) and on `SchedulingModel`, compared after every operation.
///
/// 2,000 sequences by default; a long run in its own command:
///
///     LEDGER_SEQUENCES=100000 swift test --filter LedgerModelTests
///     LEDGER_SEED=1234 LEDGER_SEQUENCES=1 swift test --filter LedgerModelTests
///
/// A divergence reports the seed, the operation and the sequence shrunk.
@Suite struct LedgerModelTests {
  typealias Model = SchedulingModel

  @Test func theLedgerDecidesAsTheModelDoes() async {
    await SchedulingModelTests.check(
      "The ledger", variables: ("LEDGER_SEED", "LEDGER_SEQUENCES"), seed: 20_261_127,
      count: 2_000, run: Self.run)
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

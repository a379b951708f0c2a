import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Running seeded sequences beside the model, and shrinking a divergence: shared by the
/// actomaton's and the ledger's model tests.
extension SchedulingModelTests {
  /// Runs seeded sequences through `run` beside the model: `count` of them from `seed`, unless
  /// the environment `variables` (first seed, count) say otherwise. Records the first
  /// divergence, with its seed and the sequence shrunk.
  static func check(
    _ subject: String, variables: (seed: String, count: String), seed: UInt64, count: Int,
    run: ([Model.Op]) async -> Divergence?
  ) async {
    let environment = ProcessInfo.processInfo.environment
    let count = environment[variables.count].flatMap { Int($0) } ?? count
    let firstSeed = environment[variables.seed].flatMap { UInt64($0) } ?? seed
    for seed in firstSeed..<firstSeed + UInt64(count) {
      var generator = Generator(seed: seed)
      let ops = generator.sequence(count: 30)
      guard let found = await run(ops) else { continue }
      let (shrunk, divergence) = await shrink(ops, found, run: run)
      Issue.record(
        """
        \(subject) and the model diverge, seed \(seed) (\(variables.seed)=\(seed) \
        \(variables.count)=1), at operation \(found.index) of \(ops.count); shrunk to \
        \(shrunk.count) operations, diverging at operation \(divergence.index): \
        \(divergence.message)
        \(shrunk.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
        """)
      return
    }
  }

  /// Drops operations one at a time, keeping each drop after which `run` still diverges.
  static func shrink(
    _ ops: [Model.Op], _ found: Divergence, run: ([Model.Op]) async -> Divergence?
  ) async -> ([Model.Op], Divergence) {
    var (ops, divergence) = (Array(ops[...found.index]), found)
    var dropped = true
    while dropped {
      dropped = false
      for index in ops.indices.reversed() where index < ops.count {
        // NOTE: the whole operation first, then each part of a send of several.
        var candidates = [Array(ops[..<index] + ops[(index + 1)...])]
        if case let .send(parts) = ops[index], parts.count > 1 {
          candidates += parts.indices.map { part in
            var shorter = parts
            shorter.remove(at: part)
            return Array(ops[..<index] + [.send(shorter)] + ops[(index + 1)...])
          }
        }
        for candidate in candidates {
          guard let again = await run(candidate) else { continue }
          (ops, divergence, dropped) = (Array(candidate[...again.index]), again, true)
          break
        }
      }
    }
    return (ops, divergence)
  }
}

import Synchronization
import Testing

@testable import CasePaths

/// Runs case paths over sequences of roots and compares each answer with `if case`.
enum LateCase {

  static func show<T>(_ value: T?) -> String {
    value.map { String(reflecting: $0) } ?? "nil"
  }

  enum Op { case isCase, extract, both }

  /// Runs `path` (fresh from `make` for each sequence) over sequences where the path's own case
  /// comes late, checking `extract`, `isCase` and `embed` against `match`.
  ///
  /// NOTE: it yields after every sequence, and tries at most four other cases one by one: a test
  /// that holds one of the pool's two threads for long starves the suite's waits beside it (under
  /// the thread sanitizer, this suite once took a minute and every 60-second wait around it failed).
  static func agree<Root, Value>(
    _ name: String, _ make: () -> CasePath<Root, Value>, _ roots: [Root],
    _ match: (Root) -> Value?
  ) async -> [String] {
    var failures: [String] = []
    let own = roots.filter { match($0) != nil }
    let others = roots.filter { match($0) == nil }
    var sequences: [(String, [(Root, Op)])] = []
    let all = { (op: Op) in roots.map { ($0, op) } }
    let tail = (0..<3).flatMap { i in i % 2 == 0 ? all(.both) : all(.both).reversed() }
    for prefixOp in [Op.isCase, .extract, .both] {
      let prefix = (others + others + others.reversed()).map { ($0, prefixOp) }
      sequences.append(("late/\(prefixOp)", prefix + own.map { ($0, Op.both) } + tail))
      sequences.append(("late-own-isCase/\(prefixOp)", prefix + own.map { ($0, Op.isCase) } + tail))
    }
    for (index, other) in others.prefix(4).enumerated() {
      let repeated = Array(repeating: (other, Op.isCase), count: 4)
      sequences.append(("one-other[\(index)]", repeated + own.map { ($0, Op.both) } + tail))
      // Two other cases alternating, so the rejection word is replaced.
      let next = others[(index + 1) % others.count]
      let alternating = (0..<4).flatMap { _ in [(other, Op.isCase), (next, Op.isCase)] }
      sequences.append(("two-others[\(index)]", alternating + own.map { ($0, Op.extract) } + tail))
    }
    sequences.append(("natural", tail))
    for (label, sequence) in sequences {
      await Task.yield()
      let path = make()
      for (step, (root, op)) in sequence.enumerated() {
        let truth = match(root)
        if op != .extract {
          var copy = root
          let got = path.isCase(of: &copy)
          if got != (truth != nil) {
            failures.append(
              "\(name) \(label) #\(step) isCase(\(show(root))) = \(got), want \(truth != nil)")
          }
        }
        if op != .isCase {
          let got = path.extract(from: root)
          if show(got) != show(truth) {
            failures.append(
              "\(name) \(label) #\(step) extract(\(show(root))) = \(show(got)), want \(show(truth))"
            )
          }
        }
        if let truth {
          let embedded = path.embed(truth)
          if show(match(embedded)) != show(truth) {
            failures.append("\(name) \(label) embed(\(show(truth))) = \(show(embedded))")
          }
        }
      }
    }
    return failures
  }

  /// The same case, plain, promoted to one optional and to two.
  static func family<E, V>(
    _ name: String, _ roots: [E], _ match: @escaping (E) -> V?,
    plain: () -> CasePath<E, V>, promoted: () -> CasePath<E?, V>,
    double: (() -> CasePath<E??, V>)? = nil
  ) async -> [String] {
    var failures = await agree(name, plain, roots, match)
    let optionals: [E?] = [nil] + roots.map { $0 } + [nil]
    failures += await agree(name + "?", promoted, optionals) { $0.flatMap(match) }
    if let double {
      let doubles: [E??] = [nil, .some(nil)] + roots.map { .some(.some($0)) } + [.some(nil)]
      failures += await agree(name + "??", double, doubles) { $0.flatMap { $0 }.flatMap(match) }
    }
    return failures
  }

  static func report(_ failures: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let count = failures.count
    #expect(
      count == 0,
      "\(failures.count) disagreements:\n\(failures.prefix(12).joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}

final class AdvFailures: Sendable { let list = Mutex<[String]>([]) }

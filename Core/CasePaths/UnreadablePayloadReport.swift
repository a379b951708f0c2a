import Locking
import Synchronization

/// Says, once per pair of types, that the path met a root in its case whose payload it cannot hand
/// out, so that a reducer lifted over it does not ignore its actions without a word.
package enum UnreadablePayloadReport {
  /// Where the report goes: standard error, unless a test replaces it.
  package static let output = Mutex<@Sendable (String) -> Void>({ StandardError.write($0) })

  /// The report for a path from `Root` to a payload of type `Value`.
  package static func message<Root, Value>(_: Root.Type, _: Value.Type) -> String {
    "CasePaths: a path of \(Root.self) met a root in its case but cannot hand out its payload "
      + "of type \(Value.self): the enum keeps this function in a calling convention that "
      + "generic code cannot call, and `/` converts functions of numbers, Bool, String, "
      + "collections, class references and tuples of them only. It extracts nil for such roots. "
      + "Write this path as CasePath(embed:extract:) with an `if case` extraction.\n"
  }

  /// The pairs of types reported so far.
  private static let reported = Mutex<Set<String>>([])

  /// Reports a path from `Root` to `Value`, unless one was already.
  // NOTE: once per pair of types, not per path: the paths of one shape say the same thing.
  static func report<Root, Value>(_: Root.Type, _: Value.Type) {
    let message = message(Root.self, Value.self)
    guard reported.withLock({ $0.insert(message).inserted }) else { return }
    let write = output.withLock { $0 }
    write(message)
  }
}

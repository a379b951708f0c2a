import Locking
import Synchronization

/// Says, once per case path, that the path met a root in its case whose payload it cannot hand
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

  static func report<Root, Value>(_: Root.Type, _: Value.Type) {
    let write = output.withLock { $0 }
    write(message(Root.self, Value.self))
  }

  /// A report made at most once, for a path that has no state of its own to mark it in.
  final class Once: Sendable {
    private let done = Atomic<Bool>(false)

    func report<Root, Value>(_: Root.Type, _: Value.Type) {
      if !done.exchange(true, ordering: .relaxed) {
        UnreadablePayloadReport.report(Root.self, Value.self)
      }
    }
  }
}

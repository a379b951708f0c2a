import Actomaton
import AppRoot
import OutsideText

/// What the prompt shows besides the screen: who is logged in.
///
/// A store of its own, bound to the app's (`bind(id:to:)`), as the AsyncStore seed's user store
/// follows its app store: neither knows the other, and the binding keeps them in step.
final class Session: Sendable {
  private struct BindingID: EffectIDProtocol {}

  let store: Actomaton<String?, String?>
  /// The logged-in user as the store last had it, for the prompt (read on any thread).
  let user = Locked<String?>(nil)

  init(executor: (any TaskExecutor)?) {
    let user = self.user
    let follows = Reducer<String?, String?, Void> { signedIn, state, _ in
      state = signedIn
      return .empty
    }
    store = Actomaton(
      state: nil, reducer: follows, executor: executor,
      observer: ActomatonObserver(actionReduced: { _, _, _, new in user.withLock { $0 = new } }))
  }

  /// Follows `app`'s logged-in user from now on.
  func follow(_ app: Actomaton<Root.Action, Root.State>) async {
    await store.bind(id: BindingID(), to: app, \.signedInUser) { $0 }
  }

  /// ` [ann]` while ann is logged in; nothing otherwise.
  var promptTag: String { Self.promptTag(user.withLock { $0 }) }

  static func promptTag(_ user: String?) -> String {
    user.map { " [\($0.clipped().terminalSafe)]" } ?? ""
  }
}

import Actomaton
import ActomatonDebugging
import Synchronization

/// The `debug` command's state-diff log, which the engine's actomaton tells of every action.
///
/// While it is off (most of the time), an action costs one atomic load.
@usableFromInline final class DebugLog<Host: ShellHost>: Sendable {
  private let isOn: Atomic<Bool>
  private let log: ActomatonObserver<Host.Action, Host.State>

  @usableFromInline init(isOn: Bool, to console: any Console) {
    self.isOn = Atomic(isOn)
    // NOTE: formatted inline: the REPL prints an action's log before the screen it leads to.
    log = .debug(
      "debug", to: { console.print($0) }, when: { !Host.isTick($0) }, formatting: .inline)
  }

  /// Turns the log on or off.
  func set(_ on: Bool) { isOn.store(on, ordering: .relaxed) }

  /// The observer that tells the log while it is on.
  @usableFromInline var observer: ActomatonObserver<Host.Action, Host.State> {
    ActomatonObserver(actionReduced: { [self] action, origin, old, new in
      if isOn.load(ordering: .relaxed) { log.actionReduced?(action, origin, old, new) }
    })
  }
}

import Actomaton
import ActomatonDebugging
import AppRoot
import Synchronization

/// The `debug` command's state-diff log, which the engine's actomaton tells of every action.
///
/// While it is off (most of the time), an action costs one atomic load: the log it wraps takes a
/// lock per action and per state change, on or off.
final class DebugLog: Sendable {
  private let isOn: Atomic<Bool>
  /// Whether the log was told of the action being reduced, so that it is told of that action's
  /// state change too, even if it was switched in between.
  private let isTold = Atomic<Bool>(false)
  private let log: ActomatonObserver<Root.Action, Root.State>

  init(isOn: Bool, to console: any Console) {
    self.isOn = Atomic(isOn)
    log = .debug("debug", to: { console.print($0) }, when: { !$0.isTick })
  }

  /// Turns the log on or off.
  func set(_ on: Bool) { isOn.store(on, ordering: .relaxed) }

  /// The observer that tells the log while it is on.
  var observer: ActomatonObserver<Root.Action, Root.State> {
    ActomatonObserver(
      actionReceived: { [self] action, origin in
        let told = isOn.load(ordering: .relaxed)
        isTold.store(told, ordering: .relaxed)
        if told { log.actionReceived?(action, origin) }
      },
      stateChanged: { [self] old, new in
        if isTold.exchange(false, ordering: .relaxed) { log.stateChanged?(old, new) }
      })
  }
}

import Actomaton
import Observation

/// An observable mirror of an actomaton's state for UI hosts: SwiftUI views,
/// `withObservationTracking` and `Observations` see every change, and
/// ``send(_:priority:tracksFeedbacks:)`` forwards actions without `await`.
///
/// ```swift
/// let store = ObservedActomaton(actomaton, state: initialState)
/// Text("\(store.count)")          // re-renders when `count` changes, and only then
/// Button("+") { store.send(.increment) }
/// ```
///
/// The mirror keeps itself up to date from the actomaton's `Actomaton.values(of:)`, so it sees
/// every change: sent actions, actions fed back by effects, bindings. It lives on the main actor,
/// as views do; it updates a moment after the actomaton, on the main actor's next turn.
///
/// Reading ``state`` observes the whole state: any change notifies. Reading a property through
/// dynamic member lookup (`store.count`) observes that property only: a change elsewhere in the
/// state does not notify it. `store.user.name` observes `user`; for `name` alone, read
/// `store[dynamicMember: \.user.name]`. A slice must be `Equatable`; read others through
/// ``state``.
///
/// The mirror holds the actomaton; the actomaton does not hold the mirror. When the mirror is
/// released, its updating task ends, and the actomaton goes too unless someone else holds it.
@MainActor
@dynamicMemberLookup
public final class ObservedActomaton<Action: Sendable, State: Sendable & Equatable>: Observable {
  /// The mirrored actomaton.
  public nonisolated let actomaton: Actomaton<Action, State>

  /// The state as last seen; reading it observes every change.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return current
  }

  private var current: State
  /// How to tell whether each slice ever read changed.
  // NOTE: it grows with the distinct key paths read, which the program's source bounds.
  private var slices: [SliceKey: (State, State) -> Bool] = [:]
  /// The newest delivery of a sent action; the next one waits for it.
  var lastSend: Task<Task<Void, any Error>?, Never>?
  private let registrar = ObservationRegistrar()
  /// The task that applies the actomaton's changes; it ends when the mirror goes away.
  package private(set) var updates: Task<Void, Never>?

  /// Mirrors an actomaton whose current state the caller knows (for one just created: its initial
  /// state); this initialiser does not wait, so a view can call it.
  ///
  /// If `state` is not the actomaton's state, the mirror corrects it on its first update.
  ///
  /// - Parameters:
  ///   - actomaton: The actomaton to mirror; the mirror holds it.
  ///   - state: The state to start from, usually the actomaton's current one.
  public init(_ actomaton: Actomaton<Action, State>, state: State) {
    self.actomaton = actomaton
    self.current = state
    let values = actomaton.values(of: \.self)
    updates = Task { [weak self] in
      for await state in values {
        guard let self else { return }
        self.apply(state)
      }
    }
  }

  /// Mirrors an actomaton, starting from its current state.
  ///
  /// - Parameter actomaton: The actomaton to mirror; the mirror holds it.
  public convenience init(_ actomaton: Actomaton<Action, State>) async {
    self.init(actomaton, state: await actomaton.state)
  }

  deinit {
    updates?.cancel()
  }

  /// One slice of the state; reading it observes that slice only.
  ///
  /// - Parameter keyPath: The slice, as a key path of the state.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let key = SliceKey(keyPath)
    if slices[key] == nil {
      slices[key] = { old, new in old[keyPath: keyPath] != new[keyPath: keyPath] }
    }
    registrar.access(self, keyPath: \.[slice: key])
    return current[keyPath: keyPath]
  }

  /// The observation key of one slice; never read for its value.
  private nonisolated subscript(slice key: SliceKey) -> SliceKey { key }

  /// Takes a new state, telling the observers of the whole state and of each changed slice.
  private func apply(_ state: State) {
    guard state != current else { return }
    let changed = slices.compactMap { key, differs in differs(current, state) ? key : nil }
    registrar.willSet(self, keyPath: \.state)
    for key in changed { registrar.willSet(self, keyPath: \.[slice: key]) }
    current = state
    for key in changed { registrar.didSet(self, keyPath: \.[slice: key]) }
    registrar.didSet(self, keyPath: \.state)
  }
}

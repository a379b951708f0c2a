import Actomaton
import ActomatonDebugging

/// Where a replay's state first differed from a checkpoint.
public struct ReplayDivergence: Error, Sendable, CustomStringConvertible {
  /// The index of the entry after which the checkpoint was taken.
  public let index: Int
  /// The entry's action (or restore), described.
  public let entry: String
  /// Where the entry's action came from; `nil` for a restore.
  public let origin: ActionOrigin?
  /// The fields that differ, recorded → replayed.
  public let difference: [String]

  /// The entry, its origin and the fields that differ.
  public var description: String {
    let from = origin.map { " (\($0.recordedName))" } ?? ""
    return
      ([
        "after entry \(index), \(entry)\(from), the state differs from the recording "
          + "(recorded → replayed):"
      ] + difference).joined(separator: "\n")
  }
}

/// What a replay did.
public struct ReplayOutcome<State: Sendable>: Sendable {
  /// The state after the last entry replayed.
  public let state: State
  /// How many entries were replayed.
  public let replayed: Int
  /// How many checkpoints were compared and held.
  public let checkpointsPassed: Int
  /// The first checkpoint the replay missed; nothing after it was replayed.
  public let divergence: ReplayDivergence?
  /// The recording's first unreadable line, if any: nothing after it was replayed.
  public let damage: RecordingDamage?

  @usableFromInline
  init(
    state: State, replayed: Int, checkpointsPassed: Int, divergence: ReplayDivergence?,
    damage: RecordingDamage?
  ) {
    self.state = state
    self.replayed = replayed
    self.checkpointsPassed = checkpointsPassed
    self.divergence = divergence
    self.damage = damage
  }

  /// Whether every checkpoint held and the recording was whole.
  public var isFaithful: Bool { divergence == nil && damage == nil }
}

extension Recording where State: Equatable {
  /// Replays the recording through `reducer` from its first state, without running effects
  /// (their results are in the recording as fed-back actions), comparing the state with every
  /// checkpoint.
  ///
  /// The environment is handed to the reducer but no effect runs, so a replay needs no network,
  /// clock or files: an environment whose clients fail when called is the right one.
  ///
  /// - Parameters:
  ///   - reducer: The reducer the recording was made with (or the changed one to check).
  ///   - environment: Its environment.
  ///   - step: Called after each entry with the entry and the state after it.
  /// - Returns: The state reached and the first divergence, if any.
  // NOTE: inlinable, so a host's replay is specialised for its types (the benchmark's R1 row):
  // through generic witnesses, copying each entry and looking up metadata cost several times
  // the reducer itself. The checkpoints are visited in order, not looked up for every entry.
  @inlinable
  public func replay<Environment>(
    through reducer: Reducer<Action, State, Environment>, environment: Environment,
    step: ((RecordedEntry<Action, State>, State) -> Void)? = nil
  ) -> ReplayOutcome<State> {
    var state = initialState
    var passed = 0
    let checked = checkpoints.keys.sorted()
    var next = checked.startIndex
    for position in entries.indices {
      // NOTE: the entry is used in place, not copied out of the array (a copy retains its
      // action's payload, a tenth of a replay's time).
      entries[position].apply(to: &state) { action, state in
        _ = reducer.run(action, &state, environment)
      }
      if let step { step(entries[position], state) }
      let index = entries[position].index
      while next < checked.endIndex, checked[next] < index { next += 1 }
      guard next < checked.endIndex, checked[next] == index else { continue }
      let entry = entries[position]
      if let divergence = divergence(after: entry, from: checkpoints[index]!, to: state) {
        return ReplayOutcome(
          state: state, replayed: position + 1, checkpointsPassed: passed,
          divergence: divergence, damage: damage)
      }
      passed += 1
    }
    return ReplayOutcome(
      state: state, replayed: entries.count, checkpointsPassed: passed, divergence: nil,
      damage: damage)
  }

  /// The divergence after `entry` when `state` is not the `recorded` checkpoint.
  @usableFromInline
  func divergence(after entry: RecordedEntry<Action, State>, from recorded: State, to state: State)
    -> ReplayDivergence?
  {
    guard recorded != state else { return nil }
    return ReplayDivergence(
      index: entry.index, entry: entry.action.map { StateDiff.describe($0) } ?? "restore",
      origin: entry.origin, difference: StateDiff(old: recorded, new: state).lines())
  }

  /// The state after the entry at `index` (`startIndex - 1`: before the first entry), computed
  /// from the nearest checkpoint at or before it, so at most `checkpointEvery` reductions.
  ///
  /// - Parameters:
  ///   - index: The entry's index; `startIndex - 1` for the state before the first entry.
  ///   - reducer: The reducer the recording was made with.
  ///   - environment: Its environment; no effect runs.
  /// - Returns: The state, or `nil` when `index` is outside the recording.
  public func state<Environment>(
    after index: Int, through reducer: Reducer<Action, State, Environment>,
    environment: Environment
  ) -> State? {
    let start = startIndex
    guard index >= start - 1, index < start + entries.count else { return nil }
    var from = index
    while from >= start, checkpoints[from] == nil { from -= 1 }
    var state = from >= start ? checkpoints[from]! : initialState
    for entry in entries[(from + 1 - start)..<(index + 1 - start)] {
      entry.apply(to: &state) { action, state in _ = reducer.run(action, &state, environment) }
    }
    return state
  }
}

import Actomaton
import FeatureSupport
import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A todo list: add, edit, toggle, delete, clear completed, filter and reorder, saved to storage.
///
/// The host addresses items by their 1-based position in the visible (filtered) list; the reducer
/// turns positions into ids at once.
public enum Todo {
  // MARK: - State

  public enum Filter: String, CaseIterable, Equatable, Sendable, Codable {
    case all, active, completed
  }

  /// How the list relates to its storage.
  public enum Persistence: Equatable, Sendable, Codable {
    /// Never loaded: changes stay in memory (send `onAppear` to load).
    case notLoaded
    /// Loading: changes are merged into the loaded list, then saved.
    case loading
    /// Loaded: every change is saved.
    case loaded
    /// The saved file cannot be safely replaced: changes stay in memory, `failure` says why.
    case memoryOnly
  }

  public struct State: Equatable, Sendable, Codable {
    public var items: [TodoItem]
    public var filter: Filter
    public var persistence: Persistence
    /// Why the last action was refused, if it was.
    public var refusal: String?
    /// What went wrong with the last load or save, until the next action.
    public var failure: Failure?
    /// The question asked before a destructive change, until it is answered or what it counted
    /// changes.
    public var confirmation: Confirmation<Action>?
    /// What another session changed in the saved list, as the last save found it, until the
    /// next change.
    public var changedOnDisk: DiskChange?
    /// Which save timer a change joins; bookkeeping that never makes two states differ.
    var saveTimers = SaveTimers()
    /// The list as last loaded or saved, which a save merges from; bookkeeping too.
    var synced = Synced()
    /// What this session changed itself, which undo takes back; bookkeeping too.
    var own = OwnChanges()

    public init(
      items: [TodoItem] = [], filter: Filter = .all, persistence: Persistence = .notLoaded
    ) {
      self.items = items
      self.filter = filter
      self.persistence = persistence
      // NOTE: a state made loaded holds the list as it is stored: the base of its next save.
      if persistence == .loaded { synced.items = items }
    }

    /// The items the current filter shows; positions count from 1 in this list.
    public var visibleItems: [TodoItem] { items.filter(filter.shows) }
    public var activeCount: Int { items.count { !$0.isCompleted } }
    public var completedCount: Int { items.count { $0.isCompleted } }
  }

  /// A load or save the storage could not do, and why.
  public enum Failure: Equatable, Sendable, Codable, CustomStringConvertible {
    case load(StorageError)
    case save(StorageError)

    public var description: String {
      switch self {
      case let .load(error):
        // NOTE: not "an empty list": items added while the file was read are kept.
        if case .corrupt = error { return "\(error) Starting a new list." }
        return "\(error) Changes are kept in memory only and will not be saved."
      case let .save(error):
        return "Not saved: \(error) The list is kept in memory; the next change tries again."
      }
    }
  }

  /// The longest text an item may have, in characters.
  public static let maxTextLength = 1_000

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    case onAppear
    case add(String)
    case edit(position: Int, text: String)
    case toggle(position: Int)
    case delete(position: Int)
    /// Asks first (`confirmation`) when there are completed items.
    case clearCompleted
    /// Deletes the completed items without asking: what a yes to `clearCompleted` runs.
    case clearCompletedConfirmed
    /// Answers the pending `confirmation`: yes runs its action, anything else drops it.
    case answer(Answer)
    case setFilter(Filter)
    /// Swaps the item with the visible item above it; hidden items keep their places.
    case moveUp(position: Int)
    /// Swaps the item with the visible item below it; hidden items keep their places.
    case moveDown(position: Int)
    /// Saves the list now, for a host about to exit (await the task `send` returns); later
    /// changes do not cancel this save. While the list is loading, the save waits for the load
    /// and writes the loaded items with the ones added meanwhile.
    case flush
    /// The screen closes: a pending question is answered no (nobody is left to answer it), and
    /// the list is saved now, as `flush` does.
    case onDisappear

    /// The list is about to be shown: if another session saved it since, it is loaded again
    /// and merged with this session's unsaved changes (`changedOnDisk` counts what came in).
    /// While a save of this session runs, nothing is read: its answer brings the news.
    case refresh

    case loadResponse(Result<[TodoItem], StorageError>)
    /// The list loaded again by `refresh`, or why it could not be.
    case reloadResponse(Result<[TodoItem], StorageError>)
    /// The list as saved (with what other sessions saved meanwhile), or why it could not be.
    case saveResponse(Result<[TodoItem], StorageError>)

    /// The save delay after a change has passed: sent only by the feature's own effect.
    case _saveTimerFired
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var storage: TodoStorage
    public var makeID: @Sendable () -> UUID
    public var sleep: @Sendable (Duration) async throws -> Void
    /// How long after a change the list is saved; the changes made meanwhile share that save.
    public var saveDelay: Duration

    public init<C: Clock>(
      storage: TodoStorage, clock: C, saveDelay: Duration = .milliseconds(500),
      makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) where C.Duration == Duration {
      self.storage = storage
      self.makeID = makeID
      self.sleep = { try await clock.sleep(for: $0) }
      self.saveDelay = saveDelay
    }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer { action, state, environment in
      guard let asked = state.confirmation else { return reduce(action, &state, environment) }
      let counted = state.items.filter(\.isCompleted).map(\.id)
      let effect = reduce(action, &state, environment)
      // NOTE: a question counts the completed items it would delete: once they change (a load
      // merged, an item toggled), a yes would delete what the person was not asked about.
      if state.confirmation == asked, state.items.filter(\.isCompleted).map(\.id) != counted {
        state.confirmation = nil
      }
      return effect
    }
  }

  private static func reduce(
    _ action: Action, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    switch action {
    case .onAppear:
      guard state.persistence == .notLoaded || state.persistence == .loading else {
        return .empty
      }
      state.persistence = .loading
      return load(environment.storage)
    case let .loadResponse(result):
      guard state.persistence == .loading else { return .empty }
      return state.finishLoading(result) ? saveLater(state, environment) : .empty
    case .refresh:
      // NOTE: a save of this session that has not answered yet reads the list under its lock
      // and brings in what others saved; a reload would only wait behind it.
      guard state.persistence == .loaded, state.synced.pending.isEmpty else { return .empty }
      return reload(environment.storage)
    case let .reloadResponse(.success(list)):
      guard state.persistence == .loaded else { return .empty }
      state.adoptReloaded(list)
      return .empty
    case let .reloadResponse(.failure(error)):
      guard state.persistence == .loaded else { return .empty }
      return state.finishLoading(.failure(error)) ? saveLater(state, environment) : .empty
    case ._saveTimerFired:
      return write(&state, environment.storage)
    case .flush:
      // NOTE: the cancelled timer keeps its queue's slot until its body exits, so the next
      // change starts a timer on a fresh queue rather than being dropped behind it.
      state.saveTimers.generation &+= 1
      let save =
        state.persistence == .loading
        ? writeAfterLoading(&state, environment.storage) : write(&state, environment.storage)
      return .cancel(id: SaveTimerID()) + save
    case .onDisappear:
      _ = state.confirmation.answer(.no)
      return reduce(.flush, &state, environment)
    case let .saveResponse(.success(saved)):
      // NOTE: a write queued behind a failed one saved a newer list: the failure is over.
      if case .save? = state.failure { state.failure = nil }
      state.adopt(saved)
      return .empty
    case let .saveResponse(.failure(error)):
      state.dropFailedSave()
      state.refusal = nil
      state.failure = .save(error)
      return .empty
    case let .setFilter(filter):
      state.refusal = nil
      state.failure = nil
      state.filter = filter
      return .empty
    case let .add(text):
      return change(&state, environment) { try $0.add(text, id: environment.makeID) }
    case let .edit(position, text):
      return change(&state, environment) { try $0.edit(position, text: text) }
    case let .toggle(position):
      return change(&state, environment) { try $0.toggle(position) }
    case let .delete(position):
      return change(&state, environment) { try $0.delete(position) }
    case .clearCompleted:
      guard state.completedCount > 0 else {
        return change(&state, environment) { try $0.clearCompleted() }
      }
      state.refusal = nil
      state.failure = nil
      state.confirmation = Confirmation(
        "Delete \(state.completedCount) completed item(s)?",
        confirming: .clearCompletedConfirmed)
      return .empty
    case .clearCompletedConfirmed:
      return change(&state, environment) { try $0.clearCompleted() }
    case let .answer(answer):
      guard let confirmed = state.confirmation.answer(answer) else { return .empty }
      return reduce(confirmed, &state, environment)
    case let .moveUp(position):
      return change(&state, environment) { try $0.move(position, by: -1) }
    case let .moveDown(position):
      return change(&state, environment) { try $0.move(position, by: 1) }
    }
  }

  // MARK: - Effects

  private struct LoadID: EffectIDProtocol {}
  private struct SaveTimerID: EffectIDProtocol {}
  // NOTE: while a save timer runs, new changes join it (the timer saves the state current when
  // it fires), so a burst of changes writes once and a steady stream once per `saveDelay`.
  private struct SaveTimerQueue: Oldest1DiscardNewEffectQueueProtocol {
    var generation: Int
  }
  // NOTE: writes run one at a time in order and are never cancelled by a newer one, so the last
  // write holds the last state and a flush always completes.
  private struct WriteQueue: Oldest1SuspendNewEffectQueueProtocol {}

  /// Applies an edit; a refusal becomes the message, a real change is saved after the delay.
  private static func change(
    _ state: inout State, _ environment: Environment,
    _ edit: (inout State) throws -> Void
  ) -> Effect<Action> {
    state.refusal = nil
    state.failure = nil
    state.changedOnDisk = nil
    let before = state.items
    do {
      try edit(&state)
    } catch {
      state.refusal = (error as? Rejection)?.message ?? "\(error)"
    }
    let shouldSave = state.items != before && state.persistence == .loaded
    return shouldSave ? saveLater(state, environment) : .empty
  }

  private static func load(_ storage: TodoStorage) -> Effect<Action> {
    // NOTE: loads wait in the write queue too, so a screen reopened right after a flush reads
    // what that flush wrote, never the file from before it.
    Effect(id: LoadID(), queue: WriteQueue()) {
      do throws(StorageError) {
        return .loadResponse(.success(try await storage.load()))
      } catch {
        return .loadResponse(.failure(error))
      }
    }
  }

  private static func reload(_ storage: TodoStorage) -> Effect<Action> {
    // NOTE: in the write queue, so a reload never reads around a save of this session.
    Effect(queue: WriteQueue()) {
      guard await storage.isChanged() else { return nil }
      do throws(StorageError) {
        return .reloadResponse(.success(try await storage.load()))
      } catch {
        return .reloadResponse(.failure(error))
      }
    }
  }

  private static func saveLater(_ state: State, _ environment: Environment) -> Effect<Action> {
    Effect(id: SaveTimerID(), queue: SaveTimerQueue(generation: state.saveTimers.generation)) {
      try await environment.sleep(environment.saveDelay)
      return ._saveTimerFired
    }
  }

  private static func write(_ state: inout State, _ storage: TodoStorage) -> Effect<Action> {
    guard state.persistence == .loaded else { return .empty }
    let items = state.items
    let (serial, base, ahead) = state.askSave()
    let outcomes = state.synced.outcomes
    return Effect(queue: WriteQueue()) {
      // NOTE: merged from the list the file holds of this session's saves when this one runs:
      // a save ahead of it that landed already holds part of what this one writes.
      do throws(StorageError) {
        let saved = try await storage.save(items, since: outcomes.base(base, ahead: ahead))
        outcomes.landed(serial)
        return .saveResponse(.success(saved))
      } catch {
        return .saveResponse(.failure(error))
      }
    }
  }

  /// A flush while loading: once the load ahead of it in the write queue is done, reads the file
  /// again and writes it with the items shown now that it lacks, as the loaded list will show
  /// them. A file the app must not replace is left alone (the load's failure says why).
  private static func writeAfterLoading(_ state: inout State, _ storage: TodoStorage)
    -> Effect<Action>
  {
    let shown = state.items
    guard !shown.isEmpty else { return .empty }
    let serial = state.synced.nextSerial
    state.synced.nextSerial += 1
    state.synced.pending.append(PendingSave(serial: serial, sent: nil))
    let outcomes = state.synced.outcomes
    return Effect(queue: WriteQueue()) {
      var loaded: [TodoItem] = []
      do throws(StorageError) {
        loaded = try await storage.load()
      } catch {
        guard case .corrupt = error else { return nil }
      }
      let loadedIDs = Set(loaded.map(\.id))
      let items = loaded + shown.filter { !loadedIDs.contains($0.id) }
      do throws(StorageError) {
        let saved = try await storage.save(items, since: loaded)
        outcomes.landed(serial)
        return .saveResponse(.success(saved))
      } catch {
        return .saveResponse(.failure(error))
      }
    }
  }
}

import Actomaton

/// The tasks of the current screen's commands that are still running, for `wait` and Ctrl-C.
///
/// A task leaves the set once it has finished, so a long session on one screen holds only the
/// commands still at work, not every command's finished task (a few kilobytes each).
final class InFlight: Sendable {
  private struct Storage {
    var tasks: [UInt64: Task<Void, any Error>] = [:]
    var lastID: UInt64 = 0
  }

  private let storage = Locked(Storage())
  private let executor: (any TaskExecutor)?

  /// - Parameter executor: Where a task's end is noticed (the effects' executor).
  init(executor: (any TaskExecutor)?) {
    self.executor = executor
  }

  /// The tasks still running, oldest first.
  var tasks: [Task<Void, any Error>] {
    storage.withLock { $0.tasks.sorted { $0.key < $1.key }.map(\.value) }
  }

  var count: Int { storage.withLock { $0.tasks.count } }

  /// Keeps `task` until it finishes.
  func add(_ task: Task<Void, any Error>) {
    let id = storage.withLock { storage in
      storage.lastID += 1
      storage.tasks[storage.lastID] = task
      return storage.lastID
    }
    // NOTE: on the effects' executor, so a test clock's executor also sees this hop.
    Task(executorPreference: executor) { [weak self] in
      _ = try? await task.value
      self?.storage.withLock { _ = $0.tasks.removeValue(forKey: id) }
    }
  }

  /// Forgets every task (they go on running or are cancelled by whoever asked); returns them.
  @discardableResult
  func removeAll() -> [Task<Void, any Error>] {
    storage.withLock { storage in
      defer { storage.tasks = [:] }
      return storage.tasks.sorted { $0.key < $1.key }.map(\.value)
    }
  }
}

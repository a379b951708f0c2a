import Actomaton
import Foundation
import TodoStorage
import TodoStorageLive

extension TodoStorage {
  /// The thread the app's todo file is read and written on.
  private static let fileThread = EventLoopExecutor()

  /// The same storage, its calls run on a thread of their own.
  // NOTE: the app's effects run on one event loop with its REPL; the file's blocking calls (a
  // FIFO, a hung mount, a slow fsync) must not freeze every command and Ctrl-C with them.
  public func onItsOwnThread() -> TodoStorage {
    let thread = Self.fileThread
    return TodoStorage(
      load: { () throws(StorageError) in
        try await withTaskExecutorPreference(thread) { () throws(StorageError) in
          try await load()
        }
      },
      write: { items, base throws(StorageError) in
        try await withTaskExecutorPreference(thread) { () throws(StorageError) in
          try await write(items, base)
        }
      },
      isChanged: { await withTaskExecutorPreference(thread) { await isChanged() } })
  }
}

import ChildTest
import Dispatch
import Foundation
import Testing
import TodoStorage
import TodoStorageLive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file that blocks its reader (a FIFO nobody writes to, a hung mount) blocks the storage call,
/// but not the executor of its caller: the gallery runs its REPL, its actomaton and the effects
/// that call the storage on one thread, which must stay free for Ctrl-C and other commands.
@Suite struct BlockedFileTests {
  /// A task executor with one thread: a job that blocks it holds every later job back.
  final class OneThread: TaskExecutor, Sendable {
    private let queue = DispatchQueue(label: "TodoStorageTests.OneThread")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aLoadBlockedOnItsFileLeavesTheCallersExecutorFree() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.todosFile.path
      try #require(mkfifo(path, 0o644) == 0)
      let executor = OneThread()
      let storage = TodoStorage.live(directory: directory)
      let load = Task(executorPreference: executor) { _ = try? await storage.load() }
      // A job queued after the load's first one: it runs while the load waits for a writer.
      let ran = DispatchSemaphore(value: 0)
      Task(executorPreference: executor) { ran.signal() }
      let wasFree = try await ChildTest.onItsOwnThread {
        ran.wait(timeout: .now() + .seconds(5)) == .success
      }
      // NOTE: a writer that opens and closes the FIFO ends the load's read (an empty file).
      let writer = open(path, O_WRONLY | O_CLOEXEC)
      if writer >= 0 { close(writer) }
      await load.value
      #expect(wasFree, "the executor stayed blocked while the load waited")
    }
  }
}

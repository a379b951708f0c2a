#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A task executor with one thread of its own, which runs its jobs one at a time, in the order
/// they came: an event loop, as Elm and Bubble Tea have.
///
/// Give it to an actomaton (its `executor:`) and send to the actomaton from a task that prefers
/// it (`withTaskExecutorPreference(_:operation:)`): the sender, the actomaton and its effects then
/// all run on this thread, so an effect's round trip is handed from job to job instead of from
/// thread to thread.
///
/// ```swift
/// let loop = EventLoopExecutor()
/// let store = Actomaton(state: State(), reducer: reducer, executor: loop)
/// await withTaskExecutorPreference(loop) {
///   await store.send(.start)
/// }
/// ```
///
/// An effect that blocks its thread (a synchronous read, a lock held long) blocks the whole loop
/// meanwhile; keep such work on threads of its own. The thread lives as long as the process, like
/// a program's main run loop: make one per program, not one per use.
// NOTE: sendable by hand: `jobs` and `isIdle` are read and written only with the mutex held;
// the mutex and the condition are made in `init` and never destroyed (the thread holds the
// executor for the life of the process).
public final class EventLoopExecutor: TaskExecutor, @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var jobs: [UnownedJob] = []
  /// Whether the thread waits on the condition for a job.
  private var isIdle = false

  /// Starts the loop's thread.
  public init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    // NOTE: the thread takes the reference retained here, exactly once.
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<EventLoopExecutor>.fromOpaque(context!).takeRetainedValue().run()
      }, context)
    precondition(result == 0, "EventLoopExecutor: pthread_create failed with error \(result)")
    pthread_detach(thread)
  }

  /// Queues a job; the loop runs it after the jobs queued before it.
  ///
  /// - Parameter job: The job to run on the loop's thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(job)
    let wakes = isIdle
    pthread_mutex_unlock(mutex)
    if wakes { pthread_cond_signal(condition) }
  }

  /// Runs the jobs as they come, forever.
  private func run() -> Never {
    var batch: [UnownedJob] = []
    while true {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty {
        isIdle = true
        pthread_cond_wait(condition, mutex)
      }
      isIdle = false
      swap(&batch, &jobs)
      pthread_mutex_unlock(mutex)
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An event loop, as in Elm and Bubble Tea: a task executor whose one thread runs jobs in order.
///
/// Give it to an actomaton (its `executor:`) and send from a task that prefers it
/// (`withTaskExecutorPreference(_:operation:)`): the sender, the actomaton and its effects then
/// run on this one thread, handing an effect's round trip from job to job.
///
/// ```swift
/// let loop = EventLoopExecutor()
/// let store = Actomaton(state: State(), reducer: reducer, executor: loop)
/// await withTaskExecutorPreference(loop) {
///   await store.send(.start)
/// }
/// ```
///
/// An effect that blocks its thread blocks the whole loop; keep such work on threads of its own.
/// The thread lives as long as the process: make one per program, not one per use.
// NOTE: sendable by hand: `jobs` and `isIdle` are touched only with the mutex held; the mutex
// and the condition are never destroyed (the thread holds the executor for the process's life).
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
    if result != 0 { fatalError("EventLoopExecutor: pthread_create failed with error \(result)") }
    pthread_detach(thread)
  }

  /// Queues a job; the loop's thread runs it after the jobs queued before it.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(job)
    let wakes = isIdle
    pthread_mutex_unlock(mutex)
    if wakes { pthread_cond_signal(condition) }
  }

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

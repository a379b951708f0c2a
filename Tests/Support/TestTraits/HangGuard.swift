import Dispatch
import Testing

extension Trait where Self == TimeLimitTrait {
  /// How long a test may run before it is taken to hang: the one time limit of the suites.
  ///
  /// NOTE: a hang guard, not a speed check (speed is claimed in the benchmark, never in a test).
  /// It is generous because the sanitizer stages run the whole suite on two cores: there, a
  /// queue test that takes 0.1 s alone took over 60 s beside the REPL fuzz, and the old
  /// 1-minute limits failed CI without any hang. Ten minutes still ends a real hang well inside
  /// CI's budget.
  public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}

extension Duration {
  /// How long a test waits for what must come (a condition, a task's end, a probe's events, a
  /// stub server's request, a child process) before it records a hang: half the hang guard.
  ///
  /// NOTE: one limit for every such wait, and a long one. The waits time nothing; they only turn
  /// a hang into a failure at the caller. CI's sanitizer stages ran beside other load at a
  /// third of this machine's speed, and there the pool's two threads went a minute without
  /// reaching a waiting test (a condition that held at its third poll gave up after 60 s, beside
  /// three waits for a stub server's request): 60-second limits failed runs that had no hang.
  public static var hangStop: Duration { .seconds(300) }
}

extension DispatchTime {
  /// ``Swift/Duration/hangStop`` from now: the limit of a blocking wait on a semaphore.
  public static var hangStop: DispatchTime {
    .now() + .seconds(Int(Duration.hangStop.components.seconds))
  }
}

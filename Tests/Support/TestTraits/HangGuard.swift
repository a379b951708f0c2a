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

import Actomaton
import ActomatonTesting
import AppRoot
import TestTraits
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// Once a session ends and the engine is released, nothing of it stays alive: not the engine,
/// not the actomaton, and no copy of the environment, which every effect's task holds while it
/// runs (so a live task would keep the environment's tracker alive too).
@Suite struct LeakTests {
  final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
  }

  /// Every screen: a counter, a running stopwatch with a lap, a login, todos, searches and a
  /// page, a search in flight, and the stopwatch running again at the end.
  static let tour = """
    counter
    +
    set 5
    stopwatch
    start
    wait 0.5
    lap
    login
    login ann
    wait 1
    todo
    add buy milk
    add call mom
    toggle 1
    github
    search swift
    wait 1
    next
    open 1
    search actor
    stopwatch
    start
    """

  @Test func aFinishedSessionLeavesNothingAlive() async {
    let clock = TestClock()
    let (engine, actomaton, environment) = await Self.session(Self.tour, finishing: true, clock)
    await clock.executor.settle()
    #expect(engine.object == nil, "the engine was released")
    #expect(actomaton.object == nil, "the actomaton was released")
    #expect(environment.object == nil, "no effect task nor copy of the environment is alive")
    #expect(clock.sleeperCount == 0)
  }

  @Test(arguments: [
    "stopwatch\nstart\nwait 0.25", "login\nlogin ann", "github\nsearch swift",
    "github\nsearch swift\nwait 0.35\nnext", "todo\nadd buy milk",
  ])
  func aSessionReleasedWithWorkInFlightLeavesNothingAlive(script: String) async {
    let clock = TestClock()
    let (engine, actomaton, environment) = await Self.session(script, finishing: false, clock)
    await clock.executor.settle()  // the cancelled effects wind down on the clock's executor
    #expect(engine.object == nil, "the engine was released")
    #expect(actomaton.object == nil, "the actomaton was released")
    #expect(environment.object == nil, "no effect task nor copy of the environment is alive")
    #expect(clock.sleeperCount == 0)
  }

  @Test func aLongStayOnOneScreenKeepsOnlyTheCommandsStillRunning() async {
    let harness = Harness()
    let engine = harness.engine
    await engine.execute("github")
    for _ in 0..<500 {
      await engine.execute("search swift")
      #expect(engine.waiter.inFlight.count == 1, "the search is in flight")
      await engine.execute("wait 0.5")
      // NOTE: the task is let go by a watcher that wakes when it ends; under load that wake-up
      // has been seen to come after `wait` returned (1 run in 20 of the whole suite), so this
      // waits for the condition (bounded) rather than assuming the order. A task kept for good
      // still fails here.
      let start = ContinuousClock.now
      while engine.waiter.inFlight.count != 0, ContinuousClock.now - start < .hangStop {
        await Task.yield()
        await harness.clock.executor.settle()
      }
      #expect(engine.waiter.inFlight.count == 0, "the finished search's task is let go")
    }
    await engine.execute("stopwatch")
    for _ in 0..<500 {
      await engine.execute("start")
      await engine.execute("stop")
    }
    await harness.clock.executor.settle()  // the last stop's cancelled tick ends on the executor
    #expect(engine.waiter.inFlight.count == 0)
  }

  /// Runs `script` on an engine whose environment holds a tracker, then lets go of the engine.
  static func session(_ script: String, finishing: Bool, _ clock: TestClock) async -> (
    engine: Weak<Engine>, actomaton: Weak<Actomaton<Root.Action, Root.State>>,
    environment: Weak<Tracker>
  ) {
    let (engine, tracker) = trackedEngine(clock)
    for line in script.split(separator: "\n") { await engine.execute(String(line)) }
    #expect(tracker.object != nil, "the environment holds the tracker while the engine lives")
    if finishing {
      await engine.finish()
      #expect(await engine.actomaton.effectCount == 0, "finishing leaves no effect running")
    }
    return (Weak(engine), Weak(engine.actomaton), tracker)
  }

  /// An engine on a tracked environment; only the environment holds the tracker.
  static func trackedEngine(_ clock: TestClock) -> (Engine, Weak<Tracker>) {
    let tracker = Tracker()
    let environment = Harness.trackedEnvironment(clock: clock, tracker: tracker)
    let engine = Harness.engine(environment, clock: clock, console: BufferConsole(keeps: false))
    return (engine, Weak(tracker))
  }
}

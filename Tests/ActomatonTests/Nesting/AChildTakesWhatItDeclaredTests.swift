import Actomaton
import ActomatonTesting
import Locking
import TestTraits
import Testing

/// "A child that goes takes what it declared with it" (CoreContract, *Nesting*),
/// from outside, as a host app would use it: three levels of children, case children,
/// lifetimes, rows and subscriptions inside a child that goes, restores, long and throwing
/// `onStop`s, and a released actomaton. Every effect runs on a test clock's executor, so the
/// order of the logs is the order the work ran in, and no test waits in real time.
@Suite(.hangGuard)
struct AChildTakesWhatItDeclaredTests {
  // MARK: - Root › A › B › C

  struct C: Sendable, Equatable { var n = 0 }
  enum CAction: Sendable, Equatable { case work }
  struct B: Sendable, Equatable { var c: C? = C() }
  enum BAction: Sendable, Equatable { case c(CAction), cStopped, closeC }
  struct A: Sendable, Equatable, Identifiable {
    var id = 1
    var b: B? = B()
  }
  enum AAction: Sendable, Equatable { case b(BAction), bStopped, closeB }
  struct Root: Sendable, Equatable {
    var a: A? = nil
    var aStops = 0
  }
  enum RootAction: Sendable, Equatable {
    case a(AAction), open(Int), close, aStopped, noop, bounce, closeBThenA
  }

  /// What the tests look at: a log of starts, stops and work, the errors the actomaton reported,
  /// and every action it received.
  typealias Fixture = Harness<RootAction>

  static func cReducer(_ f: Fixture) -> Reducer<CAction, C, Void> {
    Reducer { action, _, _ in
      switch action {
      case .work: f.sleeping("C work", seconds: 100)
      }
    }
  }

  /// The three levels; `cOnStop` and `bOnStop` replace the default `onStop`s, which note `C-`
  /// (`B-`) and feed back `.cStopped` (`.bStopped`).
  static func reducer(
    _ f: Fixture, cOnStop: Effect<BAction>? = nil, bOnStop: Effect<AAction>? = nil,
    bSubscriptions: Bool = false
  ) -> Reducer<RootAction, Root, Void> {
    var b = Reducer<BAction, B, Void> { action, state, _ in
      if action == .closeC { state.c = nil }
      return .empty
    }
    .child(
      cReducer(f), state: \.c, action: /BAction.c, environment: { _ in },
      onStart: f.noting("C+"), onStop: cOnStop ?? (f.noting("C-") + .nextAction(.cStopped)))
    if bSubscriptions {
      b = b.subscriptions { _, _ in
        ["tick": Effect<BAction>.fireAndForget { try await f.clock.sleep(for: .seconds(1_000)) }]
      }
    }
    let a = Reducer<AAction, A, Void> { action, state, _ in
      if action == .closeB { state.b = nil }
      return .empty
    }
    .child(
      b, state: \.b, action: /AAction.b, environment: { _ in },
      onStart: f.noting("B+"), onStop: bOnStop ?? (f.noting("B-") + .nextAction(.bStopped)))
    return Reducer<RootAction, Root, Void> { action, state, _ in
      switch action {
      case let .open(id): state.a = A(id: id)
      case .close: state.a = nil
      case .aStopped: state.aStops += 1
      case .bounce:
        let id = state.a?.id ?? 1
        state.a = nil
        return .nextAction(.open(id))
      case .closeBThenA:
        state.a?.b = nil
        return .nextAction(.close)
      case .noop, .a: break
      }
      return .empty
    }
    .child(
      a, state: \.a, action: /RootAction.a, environment: { _ in },
      onStart: f.noting("A+"), onStop: f.noting("A-") + .nextAction(.aStopped))
  }

  static func actomaton(
    _ f: Fixture, _ reducer: Reducer<RootAction, Root, Void>, state: Root = Root()
  ) -> Actomaton<RootAction, Root> {
    f.actomaton(state: state, reducer: reducer)
  }

  @Test func threeLevelsDeepEveryOnStopRunsOnceInnermostFirst() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    #expect(f.entries == ["A+", "B+", "C+"])

    await f.send(.close, to: actomaton)
    #expect(f.entries == ["A+", "B+", "C+", "C-", "B-", "A-"])
    // NOTE: only the outer onStop's action is fed back; the inner ones' are dropped, unreported.
    #expect(f.actions == [.open(1), .close, .aStopped])
    #expect(f.reported == [])
    #expect(await actomaton.state == Root(a: nil, aStops: 1))

    // Nothing stops twice: later actions, and a second round, stop each once more, no more.
    await f.send(.noop, to: actomaton)
    await f.send(.open(1), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.send(.noop, to: actomaton)
    #expect(f.entries == ["A+", "B+", "C+", "C-", "B-", "A-", "A+", "B+", "C+", "C-", "B-", "A-"])
    #expect(f.reported == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  @Test func theInnerChildsRunningEffectIsCancelledWithTheOuter() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.c(.work))), to: actomaton)
    await f.send(.close, to: actomaton)
    // NOTE: the inner onStops are started before the outer's scope is cancelled, so their
    // bodies run before the cancelled work's catch (see the effect-order test below).
    #expect(f.entries == ["A+", "B+", "C+", "C work cancelled", "C-", "B-", "A-"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// B goes alone, then A in the same send (a `nextAction`): B's onStop work is in A's scope,
  /// and A's end spares it, so it runs to its end as it would had B gone together with A.
  @Test func aMiddleChildsOnStopWorkRunsWhenItsParentGoesRightAfterItInOneSend() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f, bOnStop: f.sleeping("B-", seconds: 1)))
    await f.send(.open(1), to: actomaton)
    await f.send(.closeBThenA, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["A+", "B+", "C+", "C-", "A-", "B- done"])
    #expect(f.reported == [])
  }

  /// The same two steps in two sends: a long onStop of B, started when B went alone, runs to its
  /// end although A goes a moment later.
  @Test func aMiddleChildsLongOnStopStartedJustBeforeItsParentWentRunsToItsEnd() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f, bOnStop: f.sleeping("B-", seconds: 1)))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.closeB), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["A+", "B+", "C+", "C-", "A-", "B- done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// The kinds of the effect events from `action` on, for an actomaton with C's work running:
  /// `started`/`cancelled`, and whether the effect had an id (the inner ones are scoped).
  static func eventsOfAStop(_ action: RootAction) async -> [String] {
    let f = Fixture()
    let events = EventLog<String>()
    let recording = Locked(false)
    let actomaton = Actomaton(
      state: Root(), reducer: Self.reducer(f), clock: f.clock, executor: f.clock.executor,
      observer: events.effectEvents { event in
        let kind = "\(event.kind)"
        guard recording.withLock({ $0 }), kind == "started" || kind == "cancelled" else {
          return nil
        }
        return "\(kind) \(event.id == nil ? "unscoped" : "scoped")"
      })
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.c(.work))), to: actomaton)
    recording.withLock { $0 = true }
    await f.send(action, to: actomaton)
    return events.entries
  }

  /// The `onStop` doc says it runs "after its effects were cancelled": for C going alone, its
  /// work is cancelled, then its onStop started; for C going with A, A's scope (and with it C's
  /// work) is cancelled before C's and B's onStops start, in the scope of orphaned stops, and
  /// then A's own, unscoped.
  @Test func anInnerOnStopStartsOnlyAfterTheInnerChildsEffectsWereCancelled() async {
    // C alone: cancelled, then its onStop (in A's and B's scopes) started.
    let alone = await Self.eventsOfAStop(.a(.b(.closeC)))
    #expect(alone == ["cancelled scoped", "started scoped"])
    // C with A: C's work cancelled first, then C's, B's and A's onStops.
    let withTheOuter = await Self.eventsOfAStop(.close)
    #expect(
      withTheOuter == [
        "cancelled scoped", "started scoped", "started scoped", "started unscoped",
      ])
  }

  @Test func theOuterReplacedByANewIDStopsTheOldInnerOnesAndStartsNewOnes() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.c(.work))), to: actomaton)
    await f.send(.open(2), to: actomaton)
    #expect(
      f.entries == ["A+", "B+", "C+", "C work cancelled", "C-", "B-", "A-", "A+", "B+", "C+"])
    #expect(f.actions == [.open(1), .a(.b(.c(.work))), .open(2), .aStopped])
    #expect(f.reported == [])
    // The new C is alive and works; closing stops the new ones once.
    await f.send(.a(.b(.c(.work))), to: actomaton)
    #expect(await actomaton.liveEffectIDs.count == 1)
    await f.send(.close, to: actomaton)
    #expect(f.entries.suffix(4) == ["C work cancelled", "C-", "B-", "A-"])
    #expect(f.entries.filter { $0 == "C-" }.count == 2)
  }

  @Test func whatAnOldInnerOnStopReturnsLaterNeverReachesTheNewInnerChild() async {
    let f = Fixture()
    // C's onStop answers after a second: for the old C, that answer is for a child that is gone.
    let late = Effect<BAction> {
      try await f.clock.sleep(for: .seconds(1))
      f.note("C- answered")
      return .cStopped
    }
    let actomaton = Self.actomaton(f, Self.reducer(f, cOnStop: late))
    await f.send(.open(1), to: actomaton)
    await f.send(.open(2), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "A+", "B+", "C+", "C- answered"])
    #expect(!f.actions.contains(.a(.b(.cStopped))))
    #expect(f.reported == [])
  }

  @Test func theOuterGoingAndComingBackInOneSendRestartsTheInnerOnes() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.c(.work))), to: actomaton)
    await f.send(.bounce, to: actomaton)
    #expect(
      f.entries == ["A+", "B+", "C+", "C work cancelled", "C-", "B-", "A-", "A+", "B+", "C+"])
    #expect(await actomaton.state.a == A(id: 1))
    #expect(f.reported == [])
    // The inner ones that came back are alive: closing stops them once.
    await f.send(.close, to: actomaton)
    #expect(f.entries.suffix(3) == ["C-", "B-", "A-"])
  }

  @Test func restoringAStateWithoutTheOuterStopsTheInnerOnes() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.c(.work))), to: actomaton)
    await actomaton.restore(Root())
    await f.clock.advance()
    #expect(f.entries == ["A+", "B+", "C+", "C work cancelled", "C-", "B-", "A-"])
    #expect(await actomaton.state == Root(a: nil, aStops: 1))
    #expect(f.reported == [])
  }

  @Test func restoringAStateWithANewOuterReplacesTheInnerOnes() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f))
    await f.send(.open(1), to: actomaton)
    await actomaton.restore(Root(a: A(id: 2)))
    await f.clock.advance()
    #expect(f.entries == ["A+", "B+", "C+", "C-", "B-", "A-", "A+", "B+", "C+"])
    await f.send(.close, to: actomaton)
    #expect(f.entries.suffix(3) == ["C-", "B-", "A-"])
  }

  // MARK: - Subscriptions inside

  @Test func subscriptionsInsideTheOuterStopWithItAndComeBackWithIt() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.reducer(f, bSubscriptions: true))
    await f.send(.open(1), to: actomaton)
    #expect(await actomaton.subscriptionKeys(String.self) == ["tick"])
    await f.send(.close, to: actomaton)
    #expect(await actomaton.subscriptionKeys(String.self) == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
    #expect(f.clock.sleeperCount == 0)
    await f.send(.open(1), to: actomaton)
    #expect(await actomaton.subscriptionKeys(String.self) == ["tick"])
    // A new outer: the old subscription is cancelled and one new one runs.
    await f.send(.open(2), to: actomaton)
    #expect(await actomaton.subscriptionKeys(String.self) == ["tick"])
    #expect(await actomaton.liveEffectIDs.count == 1)
    #expect(f.clock.sleeperCount == 1)
    await f.send(.bounce, to: actomaton)
    #expect(await actomaton.liveEffectIDs.count == 1)
    #expect(f.clock.sleeperCount == 1)
  }
}

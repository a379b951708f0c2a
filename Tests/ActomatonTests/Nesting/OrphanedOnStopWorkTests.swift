import Actomaton
import ActomatonTesting
import Locking
import TestTraits
import Testing

/// Orphaned `onStop` work (CoreContract, *Nesting*, *Stops outlive scopes*; spec rule 13): an
/// inner `onStop` of a child that went with its parent, or one whose scope ended, runs in the
/// queues it would have joined, no id or predicate reaches it, and what it feeds back is
/// dropped unreported; only the release, its send's task and its queue's policy cancel it. Seen
/// from outside: concatenations, queues, a test store, an observer, restores, loops, releases,
/// a four-level chain bounced at every level in one send, and the inner `onStop`s of
/// `AChildTakesWhatItDeclaredTests`' three levels. Every effect runs on a test clock's executor;
/// no test waits in real time.
@Suite(.hangGuard)
struct OrphanedOnStopWorkTests {
  typealias Nested = AChildTakesWhatItDeclaredTests
  typealias Fixture = Nested.Fixture
  typealias Top = OnStopOutlivesItsScopeTests
  struct SaveQueue: Newest1EffectQueueProtocol {}
  struct Flush: EffectIDProtocol {}

  // MARK: - A chain of nodes: root › L1 › L2 › L3 › L4

  struct Node: Sendable, Equatable, Identifiable {
    var id: Int
    var depth: Int
    var answers = 0
    var kids: [Node] = []
    var child: Node? {
      get { kids.first }
      set { kids = newValue.map { [$0] } ?? [] }
    }
    static func chain(depth: Int, id: Int = 1) -> Node {
      Node(id: id, depth: depth, kids: depth == 0 ? [] : [chain(depth: depth - 1)])
    }
  }
  indirect enum NodeAction: Sendable, Equatable {
    case child(NodeAction), closeChild, openChild, bounceChild, replaceChild, answered
    case cancelAll, save, cascade
  }

  /// A node of `depth`; the onStop of its child (of depth `depth - 1`) is `stop(depth - 1)`.
  static func node(
    _ f: Fixture, depth: Int, stop: @escaping @Sendable (Int) -> Effect<NodeAction>
  ) -> Reducer<NodeAction, Node, Void> {
    let own = Reducer<NodeAction, Node, Void> { action, state, _ in
      switch action {
      case .closeChild: state.child = nil
      case .openChild: state.child = .chain(depth: state.depth - 1)
      case .bounceChild:
        state.child = nil
        return .nextAction(.openChild)
      case .replaceChild:
        state.child = .chain(depth: state.depth - 1, id: (state.child?.id ?? 0) + 1)
      case .answered: state.answers += 1
      case .cancelAll: return .cancel(ids: { _ in true })
      case .save: return sleeping(f, "live save", queue: SaveQueue())
      case .cascade:
        // Every level bounced in one send, innermost first: L4 goes alone, then L3, L2, L1.
        return .nextAction(.child(.child(.child(.closeChild))))
          + .nextAction(.child(.child(.bounceChild))) + .nextAction(.child(.bounceChild))
          + .nextAction(.bounceChild)
      case .child: break
      }
      return .empty
    }
    guard depth > 0 else { return own }
    return own.child(
      node(f, depth: depth - 1, stop: stop), state: \.child, action: /NodeAction.child,
      environment: { _ in }, onStop: stop(depth - 1))
  }

  /// Sleeps a second, notes `name done` (or `name cancelled`), then answers `.answered`.
  static func sleeping(
    _ f: Fixture, _ name: String, queue: (any EffectQueueProtocol)? = nil
  ) -> Effect<NodeAction> {
    Effect(queue: queue) {
      do {
        try await f.clock.sleep(for: .seconds(1))
      } catch {
        f.note("\(name) cancelled")
        throw error
      }
      f.note("\(name) done")
      return .answered
    }
  }

  static func chain(
    _ f: Fixture, depth: Int = 4, observer: ActomatonObserver<NodeAction, Node>? = nil,
    stop: @escaping @Sendable (Int) -> Effect<NodeAction> = { _ in .empty }
  ) -> Actomaton<NodeAction, Node> {
    f.actomaton(
      state: Node.chain(depth: depth), reducer: node(f, depth: depth, stop: stop),
      observer: observer)
  }

  static func answers(_ node: Node) -> [Int] {
    [node.answers] + (node.child.map(answers) ?? [])
  }

  // MARK: - Four levels bounced in one send

  /// L4 goes alone (its onStop in L3's scope), then L3, L2 and L1 are bounced, each in one
  /// action of the same send: 9 onStops (4 started while their parent stayed, 5 orphaned with
  /// their parent). Only L1's, whose parent (the root) stays, is reduced.
  @Test func aCascadeOfBouncesRunsEveryStopAndOnlyTheRootsAnswerArrives() async {
    let f = Fixture()
    let actomaton = Self.chain(f) { depth in Self.sleeping(f, "d\(depth)") }
    await f.send(.cascade, to: actomaton)
    #expect(await actomaton.effectCount == 9)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries.count == 9)
    #expect(f.entries.allSatisfy { $0.hasSuffix("done") })
    #expect(f.entries.sorted().filter { $0 == "d3 done" }.count == 1)
    #expect(Self.answers(await actomaton.state) == [1, 0, 0, 0, 0])
    #expect(f.reported.isEmpty)
    #expect(await actomaton.effectCount == 0)
  }

  /// After the cascade the root's `cancel(ids: { _ in true })` reaches only L1's onStop (in the
  /// root, whose parent stays); the 8 orphaned ones run on.
  @Test func theRootsCancelAllReachesNoOrphanedStop() async {
    let f = Fixture()
    let actomaton = Self.chain(f) { depth in Self.sleeping(f, "d\(depth)") }
    await f.send(.cascade, to: actomaton)
    await f.send(.cancelAll, to: actomaton)
    #expect(f.entries == ["d3 cancelled"])
    #expect(await actomaton.liveEffectIDs.count == 8)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries.filter { $0.hasSuffix("done") }.count == 8)
    #expect(Self.answers(await actomaton.state) == [0, 0, 0, 0, 0])
    #expect(await actomaton.effectCount == 0)
  }

  /// Every effect the observer sees start is seen to finish once, orphaned ones included, and
  /// nothing is said of an effect after its end.
  @Test func anObserverSeesEachOrphanedStopStartAndFinishOnce() async {
    let f = Fixture()
    let events = EventLog<(UInt64, String)>()
    let observer = ActomatonObserver<NodeAction, Node>(effectEvent: { event in
      events.append((event.serial, "\(event.kind)"))
    })
    let actomaton = Self.chain(f, observer: observer) { depth in Self.sleeping(f, "d\(depth)") }
    await f.send(.cascade, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    let seen = events.entries
    let serials = Set(seen.map(\.0))
    #expect(serials.count == 9)
    for serial in serials {
      let kinds = seen.filter { $0.0 == serial }.map(\.1)
      #expect(kinds == ["started", "finished"], "effect #\(serial): \(kinds)")
    }
  }

  // MARK: - Loops, releases

  /// An `Effect.run` onStop that keeps sending: reduced while L1 stays, dropped unreported once
  /// L1 went, and ended by the actomaton's release.
  @Test func aSendingLoopIsDroppedOnceOrphanedAndEndsOnRelease() async {
    let f = Fixture()
    let loop = Effect<NodeAction>.run { send in
      do {
        while true {
          try await f.clock.sleep(for: .seconds(1))
          f.note("tick")
          await send(.answered)
        }
      } catch {
        f.note("loop cancelled")
      }
    }
    var actomaton: Actomaton<NodeAction, Node>? = Self.chain(f, depth: 2) {
      $0 == 0 ? loop : .empty
    }
    await f.send(.child(.closeChild), to: actomaton!)
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton!.state.child?.answers == 1)
    await f.send(.closeChild, to: actomaton!)
    for _ in 0..<3 { await f.clock.advance(by: .seconds(1)) }
    #expect(f.entries == ["tick", "tick", "tick", "tick"])
    #expect(await actomaton!.state == Node(id: 1, depth: 2))
    #expect(f.reported.isEmpty)
    #expect(await actomaton!.effectCount == 1)
    actomaton = nil
    try? await waitUntil("the loop cancelled") {
      await f.clock.advance()
      return f.entries.last == "loop cancelled"
    }
    #expect(f.entries.last == "loop cancelled")
  }

  // MARK: - Queues

  /// L2's onStop (in a `Newest1` queue, in L1's scope) runs; L1 is replaced by a new identity
  /// (the stop is orphaned); the new L1 starts a save in the same queue. Orphaned work stays
  /// in its queue, whose policy still applies (CoreContract): the newer save replaces it.
  @Test func aNewIdentitysEffectInANewest1QueueReplacesAnOrphanedStop() async {
    let f = Fixture()
    let actomaton = Self.chain(f, depth: 2) {
      $0 == 0 ? Self.sleeping(f, "stop", queue: SaveQueue()) : .empty
    }
    await f.send(.child(.closeChild), to: actomaton)
    await f.send(.replaceChild, to: actomaton)
    await f.send(.child(.save), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries.sorted() == ["live save done", "stop cancelled"])
  }

  /// The other way: the old L2's onStop is `wait` (1 s) then a save in the `Newest1` queue; L1
  /// is replaced meanwhile and the new L1's own save runs in that queue when the old work's
  /// later part arrives. The queue's policy applies both ways: the newer one, the orphaned
  /// save, replaces the live one (a queue shared on purpose with a child's stops).
  @Test func anOrphanedStopsLaterPartInANewest1QueueReplacesTheLiveSave() async {
    let f = Fixture()
    let actomaton = Self.chain(f, depth: 2) {
      $0 == 0
        ? .concatenate(f.sleeping("wait", seconds: 1), Self.sleeping(f, "stop", queue: SaveQueue()))
        : .empty
    }
    await f.send(.child(.closeChild), to: actomaton)
    await f.send(.replaceChild, to: actomaton)
    await f.clock.advance(by: .milliseconds(500))
    await f.send(.child(.save), to: actomaton)
    await f.clock.advance(by: .milliseconds(500))
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries.sorted() == ["live save cancelled", "stop done", "wait done"])
  }

  // MARK: - Concatenations: the later parts of an onStop started while its parent stayed

  /// Mid #1's leaf goes; its onStop is `first` (1 s) then an answer. Mid #1 is replaced by Mid
  /// #2 during `first`. The answer is the orphaned work's: it must not reach Mid #2.
  @Test func aConcatenatedOnStopsLaterAnswerDoesNotReachTheNewIdentity() async {
    let f = Fixture()
    let onStop = Effect<Top.MidAction>.concatenate(
      f.sleeping("first", seconds: 1), .nextAction(.leafStopped))
    let actomaton = await Top.leafClosed(f, onStop: onStop)
    await f.send(.open(2), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["first done"])
    #expect(await actomaton.state.mid?.id == 2)
    #expect(await actomaton.state.mid?.leafStops == 0)
  }

  /// The same with a timed answer as the later part.
  @Test func aConcatenatedOnStopsLaterTaskDoesNotFeedTheNewIdentity() async {
    let f = Fixture()
    let onStop = Effect<Top.MidAction>.concatenate(
      f.sleeping("first", seconds: 1), Top.answer(f))
    let actomaton = await Top.leafClosed(f, onStop: onStop)
    await f.send(.open(2), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(await actomaton.effectCount == 0)
  }

  /// The later part (a flush with an id) starts after Mid #1 was replaced: Mid #2's
  /// `cancel(id:)` must not reach the orphaned work.
  @Test func aConcatenatedOnStopsLaterPartIsOutOfTheNewIdentitysReach() async {
    let f = Fixture()
    let onStop = Effect<Top.MidAction>.concatenate(f.sleeping("first", seconds: 1), Top.flush(f))
    let actomaton = await Top.leafClosed(f, onStop: onStop)
    await f.send(.open(2), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    await f.send(.mid(.cancelFlush), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["first done", "flush done"])
  }

  /// With the parent gone for good, the later answer is dropped without a report, as the
  /// contract says of orphaned work.
  @Test func aConcatenatedOnStopsLaterAnswerIsDroppedUnreported() async {
    let f = Fixture()
    let onStop = Effect<Top.MidAction>.concatenate(
      f.sleeping("first", seconds: 1), .nextAction(.leafStopped))
    let actomaton = await Top.leafClosed(f, onStop: onStop)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["first done"])
    #expect(f.reported.isEmpty, "\(f.reported)")
  }

  // MARK: - Restore

  /// Restoring a state whose Mid is another identity orphans the leaf's onStop: its answer does
  /// not reach the restored Mid.
  @Test func restoringANewIdentityOfTheParentOrphansTheLeafsOnStop() async {
    let f = Fixture()
    let actomaton = await Top.leafClosed(f, onStop: Top.answer(f))
    await actomaton.restore(Top.Top(mid: Top.Mid(id: 2)))
    await f.clock.advance()
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.id == 2)
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(f.reported.isEmpty)
    #expect(await actomaton.effectCount == 0)
  }

  // MARK: - TestStore

  /// An exhaustive store: the orphaned answer is neither received nor a failure, and `finish`
  /// returns once the clock ran the work out.
  @Test func anExhaustiveTestStoreFinishesCleanlyPastAnOrphanedAnswer() async {
    let f = Fixture()
    let store = TestStore(
      initialState: Top.Top(), reducer: Top.topReducer(f, leafOnStop: Top.answer(f)),
      clock: f.clock)
    await store.send(.open(1)) { $0.mid = Top.Mid(id: 1) }
    await store.send(.mid(.closeLeaf)) { $0.mid?.leaf = nil }
    await store.send(.close) { $0.mid = nil }
    await f.clock.advance(by: .seconds(1))
    await store.finish()
    #expect(f.reported.isEmpty)
  }

  /// A store with exhaustivity off: `finish` cancels the orphaned work still running, without
  /// hanging.
  @Test func aNonExhaustiveTestStoreFinishCancelsOrphanedWork() async {
    let f = Fixture()
    let store = TestStore(
      initialState: Top.Top(),
      reducer: Top.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5)),
      clock: f.clock, exhaustivity: .off)
    await store.send(.open(1))
    await store.send(.mid(.closeLeaf))
    await store.send(.close)
    await store.finish()
    await f.clock.advance(by: .seconds(5))
    #expect(f.entries == ["leaf- cancelled"])
  }

  /// The same answer while the parent stays is received by an exhaustive store.
  @Test func anExhaustiveTestStoreReceivesTheAnswerWhileTheParentStays() async {
    let f = Fixture()
    let store = TestStore(
      initialState: Top.Top(), reducer: Top.topReducer(f, leafOnStop: Top.answer(f)),
      clock: f.clock)
    await store.send(.open(1)) { $0.mid = Top.Mid(id: 1) }
    await store.send(.mid(.closeLeaf)) { $0.mid?.leaf = nil }
    await f.clock.advance(by: .seconds(1))
    await store.receive(.mid(.leafStopped)) { $0.mid?.leafStops = 1 }
    await store.send(.close) { $0.mid = nil }
    await store.finish()
  }
}

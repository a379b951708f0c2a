import Actomaton
import ActomatonObservation
import Observation
import TestTraits
import Testing

/// `ObservedActomaton`: an observable mirror of an actomaton, seen through Observation.
@MainActor
@Suite(.hangGuard) struct ObservedActomatonTests {
  struct State: Sendable, Equatable {
    var count = 0
    var text = ""
    var log: [Int] = []
  }

  enum Action: Sendable {
    case increment
    case setText(String)
    case incrementLater
    case append(Int)
  }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .increment: state.count += 1
    case let .setText(text): state.text = text
    case .incrementLater: return Effect { .increment }
    case let .append(number): state.log.append(number)
    }
    return .empty
  }

  static func make() -> ObservedActomaton<Action, State> {
    ObservedActomaton(Actomaton(state: State(), reducer: reducer), state: State())
  }

  @Test func aSendThatChangesTheReadSliceNotifiesAndTheMirrorShowsIt() async {
    let mirror = Self.make()
    let tracker = Tracker { _ = mirror.state.count }
    mirror.send(.increment)
    await tracker.changed()
    #expect(mirror.state.count == 1)
    #expect(mirror.count == 1)
  }

  @Test func aSliceObserverIsNotToldOfChangesElsewhereButTheWholeStateIs() async {
    let mirror = Self.make()
    let count = Tracker { _ = mirror.count }
    let text = Tracker { _ = mirror.text }
    let whole = Tracker { _ = mirror.state.count }
    mirror.send(.setText("ann"))
    await text.changed()
    #expect(mirror.text == "ann")
    #expect(whole.fired, "reading `state` observes all of it")
    #expect(!count.fired, "the text changed, not the count")
    let countAgain = Tracker { _ = mirror.count }
    mirror.send(.increment)
    await countAgain.changed()
    #expect(mirror.count == 1)
  }

  @Test func aNestedSliceReadThroughItsKeyPathIsObservedAlone() async {
    let mirror = Self.make()
    let logCount = Tracker { _ = mirror[dynamicMember: \.log.count] }
    mirror.send(.append(1))
    await logCount.changed()
    #expect(mirror[dynamicMember: \.log.count] == 1)
    let logCountAgain = Tracker { _ = mirror[dynamicMember: \.log.count] }
    let text = Tracker { _ = mirror.text }
    mirror.send(.setText("ann"))
    await text.changed()
    #expect(!logCountAgain.fired, "the text changed, not the log")
  }

  @Test func changesFedBackByEffectsAndSentElsewhereAreMirrored() async throws {
    let mirror = Self.make()
    let viaEffect = Tracker { _ = mirror.count }
    try await mirror.send(.incrementLater).value
    await viaEffect.changed()
    #expect(mirror.count == 1)

    let direct = Tracker { _ = mirror.text }
    await mirror.actomaton.send(.setText("sent to the actomaton"))
    await direct.changed()
    #expect(mirror.text == "sent to the actomaton")
  }

  @Test func theAsyncInitialiserStartsFromTheCurrentState() async {
    let actomaton = Actomaton(state: State(count: 7), reducer: Self.reducer)
    let mirror = await ObservedActomaton(actomaton)
    #expect(mirror.count == 7)
  }

  @Test func aWrongInitialStateIsCorrected() async {
    let actomaton = Actomaton(state: State(count: 7), reducer: Self.reducer)
    let mirror = ObservedActomaton(actomaton, state: State())
    let tracker = Tracker { _ = mirror.count }
    await tracker.changed()
    #expect(mirror.count == 7)
  }

  @Test func sendsReachTheActomatonInOrder() async throws {
    let mirror = Self.make()
    var last: Task<Void, any Error>?
    for number in 0..<200 { last = mirror.send(.append(number)) }
    try await last?.value
    #expect(await mirror.actomaton.state.log == Array(0..<200))
  }

  @Test func cancellingTheSendTaskCancelsTheEffects() async {
    let (ended, end) = AsyncStream<Void>.makeStream()
    let waitsUntilCancelled = Reducer<Action, State, Void> { _, _, _ in
      Effect {
        let (never, keep) = AsyncStream<Never>.makeStream()
        for await _ in never {}
        keep.finish()
        end.yield()
        return nil
      }
    }
    let mirror = ObservedActomaton(
      Actomaton(state: State(), reducer: waitsUntilCancelled), state: State())
    let task = mirror.send(.increment)
    task.cancel()
    _ = try? await task.value
    var endings = ended.makeAsyncIterator()
    #expect(await endings.next() != nil, "the effect ended: it was cancelled")
  }

  @Test func releasingTheMirrorEndsItsTaskAndReleasesTheActomaton() async throws {
    weak var weakActomaton: Actomaton<Action, State>?
    weak var weakMirror: ObservedActomaton<Action, State>?
    var updates: Task<Void, Never>?
    do {
      let mirror = Self.make()
      weakActomaton = mirror.actomaton
      weakMirror = mirror
      updates = mirror.updates
      let tracker = Tracker { _ = mirror.count }
      try await mirror.send(.increment).value
      await tracker.changed()
    }
    #expect(weakMirror == nil, "the updating task does not hold the mirror")
    await waitForEnd(of: updates)
    #expect(weakActomaton == nil)
  }

  @Test func anActomatonHeldElsewhereOutlivesTheMirrorAndKeepsNoObserver() async {
    let actomaton = Actomaton(state: State(), reducer: Self.reducer)
    var mirror: ObservedActomaton? = ObservedActomaton(actomaton, state: State())
    let updates = mirror?.updates
    let tracker = Tracker { _ = mirror?.count }
    await actomaton.send(.increment)
    await tracker.changed()
    #expect(await actomaton.stateObserverCount == 1)
    mirror = nil
    await waitForEnd(of: updates)
    await actomaton.send(.increment)
    #expect(await actomaton.stateObserverCount == 0)
  }
}

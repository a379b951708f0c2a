import ActomatonTesting
import TestTraits
import Testing

/// Spec rule 13 wherever a child's state is stored: children whose Optional packs `nil` into
/// spare bits or extra inhabitants, at odd offsets, in enum cases, behind accessors, and action
/// enums whose cases share payload types. The runtime reads these through offset and bit-test
/// fast paths; each test says how a wrong fast path fails it.
@Suite(.hangGuard)
struct AChildIsFoundWhereverItsStateIsStoredTests {
  enum Tick: Equatable, Sendable { case start, stop }
  final class Ref: Sendable {
    let on: Bool
    init(_ on: Bool) { self.on = on }
  }
  enum Mode: Sendable { case idle, on, off }
  struct Nothing: Sendable {}
  struct Holder: Sendable { var ref: Ref }
  static let longText = "a string long enough to live on the heap, not inline"

  /// A child of any state type that asks for the subscription `key(state)`, if any.
  static func ticker<S>(
    _ clock: TestClock, key: @escaping @Sendable (S) -> String?,
    set: @escaping @Sendable (inout S, Tick) -> Void
  ) -> Reducer<Tick, S, Void> {
    Reducer { action, state, _ in
      set(&state, action)
      return .empty
    }
    .subscriptions { state, _ in
      key(state).map { [$0: clock.forever()] } ?? [:]
    }
  }

  static func keys<A, S>(_ actomaton: Actomaton<A, S>) async -> Set<String> {
    await actomaton.subscriptionKeys(String.self)
  }

  static func isDropped<A, S>(_ actomaton: Actomaton<A, S>, _ action: A) async -> Bool {
    do { try await actomaton.send(action)?.value } catch { return error is ChildActionDropped }
    return false
  }

  static func scoped<A, S>(_ actomaton: Actomaton<A, S>) async -> [String] {
    await actomaton.liveEffectIDs.filter { $0 is ScopedEffectID }.map { "\($0)" }
  }

  struct Zoo: Sendable {
    var p0: UInt8 = 1, ref: Ref? = nil, p1 = true, mode: Mode? = nil, p2: UInt8 = 2
    var flag: Bool? = nil, p3: UInt16 = 3, text: String? = nil, p4: UInt8 = 4
    var nothing: Nothing? = nil, p5 = false, holder: Holder? = nil, nested: Bool?? = nil
  }

  enum ZooAction: Equatable, Sendable {
    case ref(Tick), mode(Tick), flag(Tick), text(Tick), nothing(Tick), holder(Tick), nested(Tick)
  }

  struct ZooRoot: Sendable { var a: UInt8 = 7, zoo = Zoo(), b = true }

  enum ZooRootAction: Equatable, Sendable { case zoo(ZooAction), fill, clear }
  static let filled = Zoo(
    ref: Ref(false), mode: .idle, flag: false, text: "", nothing: Nothing(),
    holder: Holder(ref: Ref(false)), nested: .some(nil))

  static func zooReducer(_ clock: TestClock) -> Reducer<ZooRootAction, ZooRoot, Void> {
    let zoo = Reducer<ZooAction, Zoo, Void>.empty
      .tick(
        clock, \.ref, ZooAction.ref, key: { $0.on ? "ref" : nil }, set: { $0 = Ref($1 == .start) }
      )
      .tick(
        clock, \.mode, ZooAction.mode, key: { $0 == .on ? "mode" : nil },
        set: { $0 = $1 == .start ? .on : .off }
      )
      .tick(clock, \.flag, ZooAction.flag, key: { $0 ? "flag" : nil }, set: { $0 = $1 == .start })
      .tick(
        clock, \.text, ZooAction.text, key: { $0.isEmpty ? nil : "text:\($0)" },
        set: { $0 = $1 == .start ? longText : "" }
      )
      .tick(clock, \.nothing, ZooAction.nothing, key: { _ in "nothing" }, set: { _, _ in })
      .tick(
        clock, \.holder, ZooAction.holder, key: { $0.ref.on ? "holder" : nil },
        set: { $0.ref = Ref($1 == .start) }
      )
      // NOTE: the child's state is `Bool?`: `.some(nil)` is a child that is there.
      .tick(
        clock, \.nested, ZooAction.nested, key: { $0 == true ? "nested" : nil },
        set: { $0 = $1 == .start ? true : nil })
    let parent = Reducer<ZooRootAction, ZooRoot, Void> { action, state, _ in
      if action == .fill { state.zoo = filled }
      if action == .clear { state.zoo = Zoo() }
      return .empty
    }
    return parent + zoo.contramap(state: \ZooRoot.zoo).contramap(action: /ZooRootAction.zoo)
  }

  /// Fails if a probe reads the wrong offset, takes an extra inhabitant (a `nil`, or `.some(nil)`
  /// of `Bool??`) for the other answer, or a child's declarations read another field.
  @Test func optionalChildrenOfEveryLayoutLiveExactlyWhileTheyAreThere() async {
    let actomaton = Actomaton(state: ZooRoot(), reducer: Self.zooReducer(TestClock()))
    await actomaton.send(.clear)
    #expect(await Self.keys(actomaton) == [])
    await actomaton.send(.fill)
    #expect(await Self.keys(actomaton) == ["nothing"])
    let starts: [ZooAction] = [.ref(.start), .mode(.start), .flag(.start), .text(.start)]
    for action in starts + [.holder(.start), .nested(.start)] { await actomaton.send(.zoo(action)) }
    let all: Set = ["ref", "mode", "flag", "text:\(Self.longText)", "nothing", "holder", "nested"]
    #expect(await Self.keys(actomaton) == all)
    for action: ZooAction in [.ref(.stop), .mode(.stop), .nested(.stop)] {
      await actomaton.send(.zoo(action))
    }
    #expect(await Self.keys(actomaton) == all.subtracting(["ref", "mode", "nested"]))
    // `.some(nil)` is still a child: its action is not dropped.
    await actomaton.send(.zoo(.nested(.start)))
    #expect(await Self.keys(actomaton) == all.subtracting(["ref", "mode"]))
    let state = await actomaton.state
    #expect([state.zoo.p0, state.zoo.p2, state.zoo.p4, state.a] == [1, 2, 4, 7])
    #expect(state.zoo.p1 && !state.zoo.p5 && state.b && state.zoo.p3 == 3)
    await actomaton.send(.clear)
    #expect(await Self.keys(actomaton) == [])
    #expect(await Self.scoped(actomaton).isEmpty)
  }

  struct Big: Sendable {
    var text = AChildIsFoundWhereverItsStateIsStoredTests.longText, numbers = [1, 2, 3], on = false
  }

  enum Slot: Sendable {
    case left(Ref), right(Ref), big(Big)
    indirect case deep(Bool)
    case none
  }

  struct SlotState: Sendable { var pad: UInt8 = 9, slot: Slot = .none, log: [String] = [] }
  enum SlotAction: Sendable {
    case left(Tick), right(Tick), big(Tick), deep(Tick), show(Slot), logged(String)
  }

  /// Fails if a case test confuses two cases whose payloads are both references (tag in spare
  /// bits), if a payload the child changed is put back out of its case (the child would be
  /// gone), or if a child's declarations see another case's payload.
  @Test func caseChildrenOfReferenceLargeAndIndirectPayloadsFollowTheirCase() async {
    let clock = TestClock()
    let parent = Reducer<SlotAction, SlotState, Void> { action, state, _ in
      if case let .show(slot) = action { state.slot = slot }
      if case let .logged(line) = action { state.log.append(line) }
      return .empty
    }
    let ref = { (name: String) in
      Self.ticker(
        clock, key: { (ref: Ref) in ref.on ? name : nil }, set: { $0 = Ref($1 == .start) })
    }
    let big = Self.ticker(clock, key: { (big: Big) in big.on ? "big \(big.numbers)" : nil }) {
      (big, tick) in (big.on, big.numbers) = (tick == .start, big.numbers + [4])
    }
    let deep = Self.ticker(clock, key: { $0 ? "deep" : nil }, set: { $0 = $1 == .start })
    let children = parent.lift(ref("left"), \.slot, /Slot.left, /SlotAction.left)
      .lift(ref("right"), \.slot, /Slot.right, /SlotAction.right)
      .lift(big, \.slot, /Slot.big, /SlotAction.big).lift(
        deep, \.slot, /Slot.deep, /SlotAction.deep)
    let reducer = children.lifetime(
      state: \.slot, case: /Slot.none, onStart: .nextAction(.logged("none+")),
      onStop: .nextAction(.logged("none-")))
    let actomaton = Actomaton(state: SlotState(), reducer: reducer)
    let slots: [Slot] = [.left(Ref(false)), .right(Ref(false)), .big(Big()), .deep(false)]
    let ticks: [(Tick) -> SlotAction] = [
      SlotAction.left, SlotAction.right, SlotAction.big, SlotAction.deep,
    ]
    let keys = ["left", "right", "big [1, 2, 3, 4]", "deep"]
    for index in slots.indices {
      await actomaton.send(SlotAction.show(slots[index]))
      #expect(await Self.keys(actomaton) == [])
      // Every other case's child is absent: its action is dropped.
      for other in ticks.indices where other != index {
        let action = ticks[other](.start)
        #expect(await Self.isDropped(actomaton, action))
      }
      await actomaton.send(ticks[index](.start))
      #expect(await Self.keys(actomaton) == [keys[index]])
    }
    await actomaton.send(SlotAction.show(.none))
    #expect(await Self.keys(actomaton) == [])
    #expect(await actomaton.state.log == ["none-", "none+"])
  }

  enum Sheet: Sendable { case share(Ref), edit(Ref) }
  struct SheetState: Sendable { var pad: UInt8 = 0, sheet: Sheet? = nil }
  enum SheetAction: Equatable, Sendable { case edit(Tick), show(String?) }

  /// Fails if the `nil` of `Sheet?` (an extra inhabitant of a reference) passes for a case, or
  /// one case for the other.
  @Test func aLifetimeAndACaseChildOfAnOptionalEnumTellNilFromEachCase() async {
    let clock = TestClock()
    let parent = Reducer<SheetAction, SheetState, Void> { action, state, _ in
      if case let .show(name) = action {
        state.sheet = name.map { $0 == "share" ? .share(Ref(false)) : .edit(Ref(false)) }
      }
      return .empty
    }
    let edit = Self.ticker(
      clock, key: { (ref: Ref) in ref.on ? "edit" : nil }, set: { $0 = Ref($1 == .start) })
    let reducer = parent.lifetime(
      state: \.sheet, case: /Sheet.share, onStart: clock.forever()
    )
    .child(
      edit, state: \.sheet, case: /Sheet.edit, action: /SheetAction.edit, environment: { _ in })
    let actomaton = Actomaton(state: SheetState(), reducer: reducer)
    for (name, live) in [(nil, 0), ("share", 1), (nil, 0), ("edit", 0), ("share", 1), ("edit", 0)]
      as [(String?, Int)]
    {
      await actomaton.send(.show(name))
      #expect(await Self.scoped(actomaton).count == live, "\(name ?? "nil")")
    }
    await actomaton.send(.edit(.start))
    #expect(await Self.keys(actomaton) == ["edit"])
    await actomaton.send(.show(nil))
    #expect(await Self.keys(actomaton) == [])
    #expect(await Self.isDropped(actomaton, .edit(.start)))
  }

  struct Outer: Sendable {
    var pad: UInt8 = 0, name = AChildIsFoundWhereverItsStateIsStoredTests.longText,
      inner: Watch? = nil
  }
  enum OuterAction: Equatable, Sendable { case inner(WatchAction), dropInner }
  struct Wrap: Sendable { var y: UInt16 = 5, outer: Outer? = nil }
  struct NestState: Sendable { var x = false, wrap = Wrap() }
  enum NestAction: Equatable, Sendable { case outer(OuterAction), put(Bool), clear }

  /// Fails if the grandchild's declarations are asked at the wrong offset (outside the outer
  /// Optional's payload), or after the outer child went.
  @Test func aGrandchildsSubscriptionFollowsBothLevels() async {
    let clock = TestClock()
    let outer = Reducer<OuterAction, Outer, Void> { action, state, _ in
      if action == .dropInner { state.inner = nil }
      return .empty
    }
    .child(
      Watch.reducer(clock), state: \.inner, action: /OuterAction.inner,
      environment: { _ in })
    let wrap = Reducer<NestAction, Wrap, Void> { action, state, _ in
      if case let .put(running) = action { state.outer = Outer(inner: Watch(isRunning: running)) }
      if action == .clear { state.outer = nil }
      return .empty
    }
    .child(outer, state: \.outer, action: /NestAction.outer, environment: { _ in })
    let actomaton = Actomaton(state: NestState(), reducer: wrap.contramap(state: \NestState.wrap))
    let steps: [(NestAction, Set<String>)] = [
      (.put(false), []), (.outer(.inner(.start)), ["tick"]), (.clear, []), (.put(true), ["tick"]),
      (.outer(.dropInner), []),
    ]
    for (action, keys) in steps {
      await actomaton.send(action)
      #expect(await Self.keys(actomaton) == keys, "\(action)")
    }
    #expect(await Self.scoped(actomaton).isEmpty)
    #expect(await actomaton.state.wrap.outer?.name == Self.longText)
  }

  struct Payload: Equatable, Sendable {
    var text = AChildIsFoundWhereverItsStateIsStoredTests.longText
    var numbers = [1, 2, 3, 4, 5, 6, 7, 8]
    var amount: Int
  }

  enum Mix: Equatable, Sendable {
    case a(Tick), b(Tick), c(Tick), custom(Tick), maybe(Tick?), big(Payload)
    case plain, other
  }

  struct Counts: Equatable, Sendable {
    var a: Int? = 0, b: Int? = 0, pad: UInt8 = 0, c: Int? = 0, custom: Int? = 0
    var maybe: Int? = 0, big = 0, plain = 0
  }

  /// Fails if the chain skips a child for its own action, or runs one for another case's,
  /// while the paths learn their cases (and the cases they reject) one after the other.
  @Test func actionsOfManyCasesInterleavedReachExactlyTheirChild() async {
    let counter = Reducer<Tick, Int, Void> { tick, state, _ in
      state += tick == .start ? 1 : 100
      return .empty
    }
    let custom = CasePath<Mix, Tick>(
      embed: Mix.custom, extract: { if case let .custom(t) = $0 { t } else { nil } })
    let maybe = Reducer<Tick?, Int, Void> { tick, state, _ in
      state += tick == nil ? 1_000 : 1
      return .empty
    }
    let parent = Reducer<Mix, Counts, Void> { action, state, _ in
      if case let .big(payload) = action { state.big += payload.amount }
      if action == .plain { state.plain += 1 }
      return .empty
    }
    let reducer = parent.lift(counter, \.a, /Mix.a).lift(counter, \.b, /Mix.b)
      .lift(maybe, \.maybe, /Mix.maybe).lift(counter, \.custom, custom).lift(counter, \.c, /Mix.c)
    let actomaton = Actomaton(state: Counts(), reducer: reducer)
    var model = Counts()
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for step in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let tick: Tick = (seed >> 40) & 1 == 0 ? .start : .stop
      let bump = tick == .start ? 1 : 100
      let action: Mix
      switch (seed >> 33) % 10 {
      case 0: (action, model.a) = (.a(tick), model.a! + bump)
      case 1: (action, model.b) = (.b(tick), model.b! + bump)
      case 2: (action, model.c) = (.c(tick), model.c! + bump)
      case 3: (action, model.custom) = (.custom(tick), model.custom! + bump)
      case 4:
        (action, model.maybe) = (
          .maybe(step % 3 == 0 ? nil : tick), model.maybe! + (step % 3 == 0 ? 1_000 : 1)
        )
      case 6: (action, model.big) = (.big(Payload(amount: step)), model.big + step)
      case 7: (action, model.plain) = (.plain, model.plain + 1)
      default: action = .other
      }
      await actomaton.send(action)
    }
    #expect(await actomaton.state == model)
  }

  struct Item: Equatable, Sendable, Identifiable { let id: Int }

  struct Observed: Sendable {
    var pad: UInt8 = 0, writes = 0, page = "settings", backing: IdentifiedArray<Item> = []
    var watch: Watch? { didSet { writes += 1 } }
    var detail: Watch? {
      get { page == "detail" ? Watch() : nil }
      set { page = newValue == nil ? "list" : "detail" }
    }
    var rows: IdentifiedArray<Item> {
      get { backing }
      set { (backing, writes) = (newValue, writes + 1) }
    }
  }

  enum ObservedAction: Equatable, Sendable {
    case watch(WatchAction), detail(WatchAction), row(Int, Tick), show
  }

  /// Fails if an action dropped for an absent child writes the field (its `didSet` or setter
  /// runs); also checks that a child behind `didSet` still follows its state once there.
  @Test func anActionDroppedForAnAbsentChildBehindAnAccessorWritesNothing() async {
    let clock = TestClock()
    let watch = Watch.reducer(clock)
    let parent = Reducer<ObservedAction, Observed, Void> { action, state, _ in
      if action == .show { state.watch = Watch() }
      return .empty
    }
    let reducer = parent.lift(watch, \.watch, /ObservedAction.watch)
      .lift(watch, \.detail, /ObservedAction.detail)
      .children(
        Reducer<Tick, Item, Void> { _, _, _ in .empty }, state: \.rows, action: /ObservedAction.row,
        environment: { _ in })
    let actomaton = Actomaton(state: Observed(), reducer: reducer)
    #expect(await Self.isDropped(actomaton, .watch(.start)))
    #expect(await actomaton.state.writes == 0, "didSet ran for a dropped action")
    #expect(await Self.isDropped(actomaton, .detail(.start)))
    #expect(await actomaton.state.page == "settings", "a computed setter ran for a dropped action")
    let writes = await actomaton.state.writes
    #expect(await Self.isDropped(actomaton, .row(1, .start)))
    #expect(
      await actomaton.state.writes == writes, "a computed list's setter ran for a dropped action")
    await actomaton.send(.show)
    await actomaton.send(.watch(.start))
    #expect(await Self.keys(actomaton) == ["tick"])
  }
}

extension Reducer where Environment == Void {
  fileprivate func lift<C, A>(
    _ reducer: Reducer<A, C, Void>, _ path: WritableKeyPath<State, C?>,
    _ action: CasePath<Action, A>
  ) -> Reducer {
    child(reducer, state: path, action: action, environment: { _ in })
  }

  fileprivate func lift<E, C, A>(
    _ reducer: Reducer<A, C, Void>, _ path: WritableKeyPath<State, E>, _ casePath: CasePath<E, C>,
    _ action: CasePath<Action, A>
  ) -> Reducer {
    child(reducer, state: path, case: casePath, action: action, environment: { _ in })
  }

  fileprivate func tick<S>(
    _ clock: TestClock, _ path: WritableKeyPath<State, S?>,
    _ action: @escaping @Sendable (AChildIsFoundWhereverItsStateIsStoredTests.Tick) -> Action,
    key: @escaping @Sendable (S) -> String?,
    set: @escaping @Sendable (inout S, AChildIsFoundWhereverItsStateIsStoredTests.Tick) -> Void
  ) -> Reducer {
    child(
      AChildIsFoundWhereverItsStateIsStoredTests.ticker(clock, key: key, set: set), state: path,
      action: /action,
      environment: { _ in })
  }
}

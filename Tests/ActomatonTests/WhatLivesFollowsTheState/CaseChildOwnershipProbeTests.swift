import Actomaton
import Synchronization
import Testing

/// Probes of an enum-case child from outside: for each payload, both overloads (an enum and an
/// optional enum), on a stored and a computed field, run beside an `if case let` reducer.
@Suite struct CaseChildOwnershipProbeTests {
  /// Holds the objects made weakly, and counts those made, those gone and needless copies.
  final class Tracker: Sendable {
    let objects = Mutex<[Weak]>([])
    let counts = Mutex((made: 0, gone: 0, copies: 0))
    var alive: Set<ObjectIdentifier> {
      objects.withLock { Set($0.compactMap { $0.object.map(ObjectIdentifier.init) }) }
    }
  }
  struct Weak { weak var object: Obj? }

  final class Obj: Sendable, Equatable {
    let id: Int
    let tracker: Tracker
    init(_ id: Int, _ tracker: Tracker) {
      (self.id, self.tracker) = (id, tracker)
      tracker.counts.withLock { $0.made += 1 }
      tracker.objects.withLock { $0.append(Weak(object: self)) }
    }
    deinit { tracker.counts.withLock { $0.gone += 1 } }
    static func == (lhs: Obj, rhs: Obj) -> Bool { lhs.id == rhs.id }
  }

  struct Bag: Sendable, Equatable {
    var objects: [Obj], text: String, current: Obj?, next: Int
    init(_ tracker: Tracker, next: Int) {
      (objects, text, current, self.next) = ([Obj(next, tracker)], "bag", nil, next + 1)
      objects.reserveCapacity(16)
      text.reserveCapacity(1024)
    }
    /// Appends in place; a buffer that had room but moved was copied.
    mutating func touch(_ tracker: Tracker) {
      let before = objects.withUnsafeBufferPointer { $0.baseAddress }
      let room = objects.capacity > objects.count
      let textBefore = text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
      objects.append(Obj(next, tracker))
      text.append("·\(next)")
      (current, next) = (Obj(-next, tracker), next + 1)
      let moved = room && before != objects.withUnsafeBufferPointer { $0.baseAddress }
      let textMoved = textBefore != text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
      if moved || textMoved { tracker.counts.withLock { $0.copies += 1 } }
    }
  }

  struct Tagged<T: Sendable & Equatable>: Sendable, Equatable { var bag: Bag, values: [T] }
  enum Phase: Sendable, Equatable { case idle(Obj), running(Bag), done(Int) }
  enum Screen: Sendable, Equatable {
    case bag(Bag)
    indirect case deep(Bag)
    case tagged(Tagged<Obj>), phase(Phase), other
  }
  enum Step: Sendable { case touch, nothing, replace }
  enum Action: Sendable { case child(Step), leave }

  struct Holder<E: Sendable & Equatable>: Sendable, Equatable {
    var field: E
    let left: E
    var computed: E {
      get { field }
      set { field = newValue }
    }
  }

  static func bag(_ tracker: Tracker) -> Reducer<Step, Bag, Void> {
    Reducer { step, bag, _ in
      switch step {
      case .touch: bag.touch(tracker)
      case .nothing: break
      case .replace: bag = Bag(tracker, next: bag.next + 100)
      }
      return .empty
    }
  }

  static func tagged<T>(
    _ tracker: Tracker, _ make: @escaping @Sendable (Int, Tracker) -> T
  ) -> Reducer<Step, Tagged<T>, Void> {
    Reducer { step, state, _ in
      switch step {
      case .touch:
        state.values.append(make(state.bag.next, tracker))
        state.bag.touch(tracker)
      case .nothing: break
      case .replace: state = Tagged(bag: Bag(tracker, next: state.bag.next + 100), values: [])
      }
      return .empty
    }
  }

  static func phase(_ tracker: Tracker) -> Reducer<Step, Phase, Void> {
    Reducer { step, phase, _ in
      switch (step, phase) {
      case (.touch, .idle(let object)): phase = .running(Bag(tracker, next: object.id + 1))
      case (.touch, .running(var bag)):
        phase = .done(0)
        bag.touch(tracker)
        phase = bag.next % 7 == 0 ? .done(bag.next) : .running(bag)
      case (.touch, .done(let next)): phase = .idle(Obj(next + 1, tracker))
      case (.nothing, _): break
      case (.replace, _): phase = .idle(Obj(1000, tracker))
      }
      return .empty
    }
  }

  static func lift<C>(
    _ child: Reducer<Step, C, Void>, _ path: CasePath<Screen, C>, computed: Bool
  ) -> Reducer<Action, Holder<Screen>, Void> {
    parent().child(
      child, state: computed ? \.computed : \.field, case: path, action: /Action.child,
      environment: { _ in () })
  }

  static func lift<C>(
    _ child: Reducer<Step, C, Void>, _ path: CasePath<Screen?, C>, computed: Bool
  ) -> Reducer<Action, Holder<Screen?>, Void> {
    parent().child(
      child, state: computed ? \.computed : \.field, case: path, action: /Action.child,
      environment: { _ in () })
  }

  static func parent<E>() -> Reducer<Action, Holder<E>, Void> {
    Reducer { action, state, _ in
      if case .leave = action { state.field = state.left }
      return .empty
    }
  }

  /// The hand-written reducer, given an `if case let` as `extract`.
  static func reference<E, C>(
    _ child: Reducer<Step, C, Void>, _ extract: @escaping @Sendable (E) -> C?,
    _ embed: @escaping @Sendable (C) -> E
  ) -> Reducer<Action, Holder<E>, Void> {
    Reducer { action, state, _ in
      switch action {
      case .child(let step):
        guard var local = extract(state.field) else { break }
        _ = child.run(step, &local, ())
        state.field = embed(local)
      case .leave: state.field = state.left
      }
      return .empty
    }
  }

  static let steps: [Step] = (0..<60).map { [.touch, .touch, .nothing, .touch, .replace][$0 % 5] }

  static func reachable(_ value: Any) -> Set<ObjectIdentifier> {
    if let object = value as? Obj { return [ObjectIdentifier(object)] }
    return Mirror(reflecting: value).children.reduce([]) { $0.union(reachable($1.value)) }
  }

  /// Runs the lifted and the hand-written reducer side by side, then the lifted one in an
  /// actomaton; returns the needless copies the lifted one made.
  static func probe<E: Sendable & Equatable>(
    _ what: String, _ start: (Tracker) -> E, left: E,
    lifted: (Tracker) -> Reducer<Action, Holder<E>, Void>,
    reference: (Tracker) -> Reducer<Action, Holder<E>, Void>
  ) async -> Int {
    let (mine, theirs, actor) = (Tracker(), Tracker(), Tracker())
    var beforeLeave: Holder<E>?
    do {
      let (lift, hand) = (lifted(mine), reference(theirs))
      var state = Holder(field: start(mine), left: left)
      var expected = Holder(field: start(theirs), left: left)
      for (index, action) in (steps.map(Action.child) + [.leave, .child(.touch)]).enumerated() {
        if case .leave = action { beforeLeave = expected }
        _ = lift.run(action, &state, ())
        _ = hand.run(action, &expected, ())
        #expect(state == expected, "\(what): action \(index), \(action)")
        #expect(mine.alive == reachable(state), "\(what): action \(index), \(action): objects")
      }
    }
    let counts = mine.counts.withLock { $0 }
    #expect(counts.made == counts.gone, "\(what): \(counts.made - counts.gone) objects live on")
    #expect(counts.made == theirs.counts.withLock { $0.made }, "\(what): objects made")

    let actomaton = Actomaton(
      state: Holder(field: start(actor), left: left), reducer: lifted(actor))
    for step in steps { await actomaton.send(.child(step)) }
    do {
      let state = await actomaton.state
      #expect(state == beforeLeave, "\(what): in an actomaton")
      #expect(actor.alive == reachable(state), "\(what): objects in an actomaton")
    }
    await actomaton.send(.leave)
    #expect(actor.alive.isEmpty, "\(what): objects live on in an actomaton after leaving")
    return counts.copies
  }

  /// Probes one payload through both overloads, on a stored and a computed field.
  static func check<C>(
    _ what: String, _ start: @escaping (Tracker) -> Screen,
    _ child: (Tracker) -> Reducer<Step, C, Void>,
    _ path: CasePath<Screen, C>, _ optional: CasePath<Screen?, C>,
    _ extract: @escaping @Sendable (Screen) -> C?, _ embed: @escaping @Sendable (C) -> Screen
  ) async {
    for computed in [false, true] {
      let field = computed ? "computed" : "stored"
      _ = await probe(
        "\(what), enum, \(field)", start, left: .other,
        lifted: { lift(child($0), path, computed: computed) },
        reference: { reference(child($0), extract, embed) })
      let copies = await probe(
        "\(what), optional enum, \(field)", { Optional(start($0)) }, left: nil,
        lifted: { lift(child($0), optional, computed: computed) },
        reference: { reference(child($0), { $0.flatMap(extract) }, { embed($0) }) })
      #expect(computed || copies == 0, "\(what), optional enum, stored: \(copies) copies")
    }
  }

  // MARK: - Tests

  @Test func aStructOfObjectsAnArrayAndAString() async {
    let bag: @Sendable (Screen) -> Bag? = { if case let .bag(bag) = $0 { bag } else { nil } }
    await Self.check(
      "bag", { .bag(Bag($0, next: 1)) }, Self.bag, /Screen.bag, /Screen.bag, bag, Screen.bag)
    await Self.check(
      "bag, empty child", { .bag(Bag($0, next: 1)) }, { _ in .empty }, /Screen.bag, /Screen.bag,
      bag, Screen.bag)
    await Self.check(
      "bag in deep", { .deep(Bag($0, next: 1)) }, Self.bag, /Screen.bag, /Screen.bag, bag,
      Screen.bag)
  }

  @Test func anIndirectCase() async {
    await Self.check(
      "deep", { .deep(Bag($0, next: 1)) }, Self.bag, /Screen.deep, /Screen.deep,
      { if case let .deep(bag) = $0 { bag } else { nil } }, Screen.deep)
  }

  @Test func aGenericChild() async {
    await Self.check(
      "tagged", { .tagged(Tagged(bag: Bag($0, next: 1), values: [])) },
      { Self.tagged($0, Obj.init) }, /Screen.tagged, /Screen.tagged,
      { if case let .tagged(tagged) = $0 { tagged } else { nil } }, Screen.tagged)
  }

  @Test func aChildThatIsAnEnum() async {
    await Self.check(
      "phase", { .phase(.idle(Obj(0, $0))) }, Self.phase, /Screen.phase, /Screen.phase,
      { if case let .phase(phase) = $0 { phase } else { nil } }, Screen.phase)
  }
}

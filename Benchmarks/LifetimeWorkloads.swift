import Actomaton

/// W9: lifted children with lifetimes (`Reducer.children`, `Reducer.child`).
enum LifetimeWorkloads {
  struct Item: Identifiable, Sendable {
    let id: Int
    var count = 0
  }

  struct List: Sendable {
    var items: IdentifiedArray<Item>
  }

  enum ListAction: Sendable {
    case item(Int, ItemAction)
  }

  enum ItemAction: Sendable { case increment }

  static let item = Reducer<ItemAction, Item, Void> { _, state, _ in
    state.count += 1
    return .empty
  }

  /// An action to the middle element of `count` elements.
  static func w9Element(count: Int, n: Int, repetitions: Int) async -> Sample {
    let itemAction: CasePath<ListAction, (Int, ItemAction)> = /ListAction.item
    let reducer = Reducer<ListAction, List, Void>.empty.children(
      item, state: \.items, action: itemAction, environment: { _ in })
    let list = List(items: IdentifiedArray((0..<count).map { Item(id: $0) }))
    let actomaton = Actomaton(state: list, reducer: reducer)
    let target = count / 2
    return await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.item(target, .increment)) }
    }
  }

  struct Level4: Sendable { var count = 0 }
  struct Level3: Sendable { var child: Level4? = Level4() }
  struct Level2: Sendable { var child: Level3? = Level3() }
  struct Level1: Sendable { var child: Level2? = Level2() }
  struct Level0: Sendable { var child: Level1? = Level1() }

  enum Action4: Sendable { case increment }
  enum Action3: Sendable { case child(Action4) }
  enum Action2: Sendable { case child(Action3) }
  enum Action1: Sendable { case child(Action2) }
  enum Action0: Sendable { case child(Action1) }

  /// A send through four optional children, each lifted with `Reducer.child`.
  static func w9Nested(n: Int, repetitions: Int) async -> Sample {
    let leaf = Reducer<Action4, Level4, Void> { _, state, _ in
      state.count += 1
      return .empty
    }
    let path3: CasePath<Action3, Action4> = /Action3.child
    let path2: CasePath<Action2, Action3> = /Action2.child
    let path1: CasePath<Action1, Action2> = /Action1.child
    let path0: CasePath<Action0, Action1> = /Action0.child
    let level3 = Reducer<Action3, Level3, Void>.empty.child(
      leaf, state: \.child, action: path3, environment: { _ in })
    let level2 = Reducer<Action2, Level2, Void>.empty.child(
      level3, state: \.child, action: path2, environment: { _ in })
    let level1 = Reducer<Action1, Level1, Void>.empty.child(
      level2, state: \.child, action: path1, environment: { _ in })
    let level0 = Reducer<Action0, Level0, Void>.empty.child(
      level1, state: \.child, action: path0, environment: { _ in })
    let actomaton = Actomaton(state: Level0(), reducer: level0)
    let action = Action0.child(.child(.child(.child(.increment))))
    return await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(action) }
    }
  }
}

extension Suite {
  func w9() async -> [Row] {
    let w1 = await sends().w1
    let n = 1_000_000 / scale
    let small = await LifetimeWorkloads.w9Element(count: 10, n: n, repetitions: repetitions)
    let large = await LifetimeWorkloads.w9Element(count: 10_000, n: n, repetitions: repetitions)
    let nested = await LifetimeWorkloads.w9Nested(n: n, repetitions: repetitions)
    return [
      Row(
        id: "W9", name: "action to one element of 10,000", n: n, sample: large,
        floorName: "the same, of 10", floor: small, target: "≤ 1.5", note: nil),
      Row(
        id: "W9", name: "send through 4 nested lifted children", n: n, sample: nested,
        floorName: "W1 (send, .empty)", floor: w1, target: "≤ 4",
        note: "\(Report.format(nested.median)) ns per send; TCA #1316: 8,667 ns"),
    ]
  }

  func w10() async -> [Row] {
    let n = 1_000_000 / scale
    let living = await LivingRootWorkloads.w10(living: true, n: n, repetitions: repetitions)
    let plain = await LivingRootWorkloads.w10(living: false, n: n, repetitions: repetitions)
    return [
      Row(
        id: "W10", name: "send through a root with 5 lifted children, 3 subscription sets",
        n: n, sample: living, floorName: "the same root without them", floor: plain,
        target: "≤ 2", note: "\(Report.format(living.median)) ns per send")
    ]
  }
}

/// W10: what a root pays for what lives: five lifted children and three subscription sets.
enum LivingRootWorkloads {
  struct Leaf: Sendable { var count = 0 }
  enum LeafAction: Sendable { case increment }

  struct Root: Sendable {
    var c1: Leaf? = Leaf()
    var c2: Leaf? = Leaf()
    var c3: Leaf? = Leaf()
    var c4: Leaf? = Leaf()
    var c5: Leaf? = Leaf()
    var isListening = true
  }

  enum Action: Sendable {
    case c1(LeafAction), c2(LeafAction), c3(LeafAction), c4(LeafAction), c5(LeafAction)
  }

  static let leaf = Reducer<LeafAction, Leaf, Void> { _, state, _ in
    state.count += 1
    return .empty
  }

  static let forever = Effect<Action>.run { _ in try await Task.sleep(for: .seconds(86_400)) }

  /// The root with its children lifted by `child` and three `subscriptions` calls.
  static var living: Reducer<Action, Root, Void> {
    let paths: [(WritableKeyPath<Root, Leaf?>, CasePath<Action, LeafAction>)] = [
      (\.c1, /Action.c1), (\.c2, /Action.c2), (\.c3, /Action.c3), (\.c4, /Action.c4),
      (\.c5, /Action.c5),
    ]
    var root = Reducer<Action, Root, Void>.empty
    for (state, action) in paths {
      root = root.child(leaf, state: state, action: action, environment: { _ in })
    }
    for key in ["a", "b", "c"] {
      root = root.subscriptions(on: \.isListening, keys: { $0 ? [key] : [] }) { _, _ in
        forever
      }
    }
    return root
  }

  /// The same children, run by `contramap` over optionals, and no subscriptions.
  static var plain: Reducer<Action, Root, Void> {
    let paths: [(WritableKeyPath<Root, Leaf?>, CasePath<Action, LeafAction>)] = [
      (\.c1, /Action.c1), (\.c2, /Action.c2), (\.c3, /Action.c3), (\.c4, /Action.c4),
      (\.c5, /Action.c5),
    ]
    return .combine(
      paths.map { state, action in
        leaf.optional().contramap(state: state).contramap(action: action)
      })
  }

  static func w10(living isLiving: Bool, n: Int, repetitions: Int) async -> Sample {
    let actomaton = Actomaton(state: Root(), reducer: isLiving ? living : plain)
    return await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.c3(.increment)) }
    }
  }
}

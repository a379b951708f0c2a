import Foundation
import TestTraits
import TodoStorage

@testable import TodoFeature

/// A seeded run of two or three sessions on one ``HeldFile``: random adds, edits, toggles,
/// deletes, undos and redos of each session's own items, saves asked for and landing (or
/// failing) in any interleaving. The model is each session's own intent: the items it made, as it last left
/// them. Whenever every save has landed, the file holds exactly the union of the intents, and
/// each session shows its own intent.
enum SessionModel {
  /// A session's own items by id.
  typealias Intent = [UUID: TodoItem]

  final class Player {
    let session: ListSession
    var intent: Intent = [:]
    var done: [(state: Todo.State, intent: Intent)] = []
    var undone: [(state: Todo.State, intent: Intent)] = []

    init(_ session: ListSession) { self.session = session }

    /// Runs `action` as a command of this session's and notes its intent after it.
    func command(_ action: Todo.Action) async {
      let before = await session.state
      await session.send(action)
      let after = await session.state
      done.append((before, intent))
      undone.removeAll()
      let known = Set(before.items.map(\.id))
      for item in after.items where !known.contains(item.id) || intent[item.id] != nil {
        intent[item.id] = item
      }
      let kept = Set(after.items.map(\.id))
      for id in Array(intent.keys) where !kept.contains(id) { intent[id] = nil }
    }

    func undo() async {
      guard let step = done.popLast() else { return }
      undone.append((await session.state, intent))
      intent = step.intent
      await session.put(step.state)
    }

    func redo() async {
      guard let step = undone.popLast() else { return }
      done.append((await session.state, intent))
      intent = step.intent
      await session.put(step.state)
    }

    /// The 1-based position of one of this session's own items, if it has any.
    func ownPosition(_ random: inout SplitMix64) async -> Int? {
      let items = await session.state.items
      let own = items.indices.filter { intent[items[$0].id] != nil }
      return own.isEmpty ? nil : random.pick(own) + 1
    }
  }

  /// The first disagreement with the model, or `nil`.
  static func run(seed: UInt64, steps: Int = 60) async -> String? {
    var random = SplitMix64(seed: seed)
    let file = HeldFile()
    var players: [Player] = []
    for index in 0..<random.int(2...3) {
      let player = Player(ListSession(index, on: file))
      await player.session.open()
      players.append(player)
    }
    var serial = 0
    for step in 0..<steps {
      let player = random.pick(players)
      serial += 1
      switch random.below(13) {
      case 0, 1, 2:
        await player.command(.add("s\(player.session.index)-\(serial)"))
      case 3:
        if let position = await player.ownPosition(&random) {
          await player.command(.edit(position: position, text: "edit \(serial)"))
        }
      case 4:
        if let position = await player.ownPosition(&random) {
          await player.command(.toggle(position: position))
        }
      case 5:
        if let position = await player.ownPosition(&random) {
          await player.command(.delete(position: position))
        }
      case 6: await player.undo()
      case 7: await player.redo()
      case 8, 9: await player.session.save()
      case 10: await player.session.releaseOne(failing: true)
      default: await player.session.releaseOne()
      }
      if random.chance(100) || step == steps - 1,
        let failure = await check(players, file, step: step)
      {
        return failure
      }
    }
    return nil
  }

  /// Lets every session save and every save land, twice (so that each has taken in what the
  /// others saved), then compares the file with the intents and each screen with the file.
  private static func check(_ players: [Player], _ file: HeldFile, step: Int) async -> String? {
    for _ in 1...2 {
      for player in players {
        await player.session.save()
        await player.session.releaseAll()
      }
    }
    let expected = players.reduce(into: Intent()) { $0.merge($1.intent) { $1 } }
    let saved = Dictionary(file.list.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    guard saved.count == file.list.count, saved == expected else {
      return "after step \(step) the file holds \(describe(file.list)), "
        + "the sessions meant \(describe(Array(expected.values)))"
    }
    for player in players {
      let shown = await player.session.state.items
      guard shown.count == saved.count, Set(shown) == Set(file.list) else {
        return "after step \(step) session \(player.session.index) shows \(describe(shown)), "
          + "the file holds \(describe(file.list))"
      }
    }
    return nil
  }

  private static func describe(_ items: [TodoItem]) -> String {
    items.map { "\($0.text)\($0.isCompleted ? " (done)" : "")" }.sorted().description
  }
}

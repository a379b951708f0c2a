import Foundation
import TestTraits
import Testing
import TodoStorage

@testable import TodoFeature

/// Sessions on one list, with saves that land late: each session's own intent (what it added,
/// edited, toggled and deleted, less what it undid) is what the file and its screen hold.
@Suite(.hangGuard) struct TodoSessionModelTests {
  @Test func aChangeMadeWhileItsSaveIsInFlightIsKept() async {
    let file = HeldFile()
    let session = ListSession(0, on: file)
    await session.open()
    await session.send(.add("milk"))
    await session.send(.add("eggs"))
    await session.save()
    await session.send(.delete(position: 1))
    await session.send(.toggle(position: 1))
    await session.releaseOne()
    #expect(await session.state.items.map(\.text) == ["eggs"], "the save took back the delete")
    #expect(await session.state.items.map(\.isCompleted) == [true])
    await session.save()
    await session.releaseAll()
    #expect(file.list.map(\.text) == ["eggs"])
    #expect(file.list.map(\.isCompleted) == [true])
  }

  @Test func aSaveAskedForBehindAnotherMergesFromTheOneThatLanded() async {
    let file = HeldFile()
    let session = ListSession(0, on: file)
    await session.open()
    await session.send(.add("milk"))
    await session.save()
    await session.send(.toggle(position: 1))
    await session.save()
    await session.send(.delete(position: 1))
    await session.save()
    await session.releaseAll()
    #expect(file.list == [], "the last save deleted what the first one added")
    #expect(await session.state.items == [])
  }

  @Test func undoTakesBackOnlyThisSessionsOwnChange() async {
    let file = HeldFile()
    let (mine, theirs) = (ListSession(0, on: file), ListSession(1, on: file))
    await mine.open()
    await theirs.open()
    let beforeAdd = await mine.state
    await mine.send(.add("mine"))
    await mine.save()
    await mine.releaseAll()
    await theirs.send(.add("theirs"))
    await theirs.save()
    await theirs.releaseAll()
    await theirs.send(.toggle(position: 2))
    await theirs.send(.edit(position: 2, text: "theirs, renamed"))
    await theirs.save()
    await theirs.releaseAll()
    // NOTE: as the gallery's undo does, the session first saves and so takes in the other's work.
    await mine.save()
    await mine.releaseAll()
    await mine.put(beforeAdd)
    await mine.releaseAll()
    #expect(file.list.map(\.text) == ["theirs, renamed"])
    #expect(file.list.map(\.isCompleted) == [true])
    #expect(await mine.state.items == file.list, "the other session's work shows too")
  }

  @Test func seededSequencesKeepEverySessionsIntent() async {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["TODO_MODEL_SEQUENCES"].flatMap(Int.init) ?? 40
    let firstSeed = environment["TODO_MODEL_SEED"].flatMap { UInt64($0, radix: 16) } ?? 0x70D0
    for seed in firstSeed..<firstSeed + UInt64(count) {
      if let failure = await SessionModel.run(seed: seed) {
        Issue.record("seed \(String(seed, radix: 16)): \(failure)")
        return
      }
    }
  }
}

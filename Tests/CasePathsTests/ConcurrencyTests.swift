import CasePaths
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
  @Test("A fresh case path shared by 8 tasks learns once and extracts correctly")
  func sharedFromManyTasks() async {
    let a = /TwinAction.a
    let many = /ManyCases.c66
    let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
      for task in 0..<8 {
        group.addTask {
          var correct = true
          for index in 0..<10_000 {
            let value = task * 100_000 + index
            switch (task + index) % 4 {
            case 0: correct = correct && a.extract(from: .a(value)) == value
            case 1: correct = correct && a.extract(from: .b(value)) == nil
            case 2: correct = correct && a.extract(from: .c) == nil
            default:
              correct = correct && many.extract(from: .c66(value)) == value
              correct = correct && many.extract(from: .c65(value)) == nil
            }
          }
          return correct
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }

  @Test("Concurrent extraction of class payloads keeps reference counts balanced")
  func concurrentClassPayloads() async {
    let counter = DeinitCounter()
    let path = /Holder.object
    do {
      let root = Holder.object(Tracked(id: 1, counter: counter))
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask {
            for _ in 0..<10_000 {
              _ = path.extract(from: root)
              _ = path.extract(from: .none)
            }
          }
        }
      }
      #expect(counter.count == 0)
    }
    #expect(counter.count == 1)
  }
}

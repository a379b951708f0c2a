import Locking
import Testing

/// The recorder's lock: threads that contend for it lose no change.
@Suite struct QuickLockedTests {
  @Test func contendingThreadsLoseNoChange() async {
    let counter = QuickLocked((count: 0, pairs: 0))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<50_000 {
            // NOTE: two fields changed apart: a thread that went in while another was inside
            // would lose an increment or see them differ.
            counter.withLock { value in
              value.count += 1
              if value.count % 2 == 0 { value.pairs += 1 }
            }
          }
        }
      }
    }
    let (count, pairs) = counter.withLock { $0 }
    #expect(count == 200_000)
    #expect(pairs == 100_000)
  }
}

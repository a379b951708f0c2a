import Testing

@testable import ActomatonRecording

/// The ring's storage: forgetting from the front, in amortised constant time, keeps exactly what
/// an array that removes its first elements keeps.
@Suite struct FrontTrimmedArrayTests {
  @Test func itKeepsWhatAnArrayKeepsThroughAppendsAndTrims() {
    var trimmed = FrontTrimmedArray<Int>()
    var model: [Int] = []
    for step in 0..<3_000 {
      trimmed.append(step)
      model.append(step)
      switch step % 7 {
      case 2:
        let count = min(step % 5, model.count)
        trimmed.removeFirst(count)
        model.removeFirst(count)
      case 5:
        let below = step - 40
        trimmed.removeFirst { $0 < below }
        model.removeAll { $0 < below }
      default: break
      }
      #expect(Array(trimmed.elements) == model, "after step \(step)")
      #expect(trimmed.count == model.count && trimmed.first == model.first)
      #expect(trimmed.last == model.last)
    }
  }

  @Test func trimmingEverythingLeavesItEmptyAndUsable() {
    var trimmed = FrontTrimmedArray<Int>()
    for value in 0..<100 { trimmed.append(value) }
    trimmed.removeFirst { _ in true }
    #expect(trimmed.count == 0 && trimmed.first == nil && trimmed.last == nil)
    trimmed.append(7)
    #expect(Array(trimmed.elements) == [7])
  }
}

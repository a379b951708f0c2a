import CasePaths
import Testing

@Suite("Enums with more than 64 cases")
struct ManyCasesTests {
  @Test("Cases past tag 63 extract, in both learning orders")
  func highTags() {
    let high = /ManyCases.c69
    #expect(high.extract(from: .c68(1)) == nil)
    #expect(high.extract(from: .c0(1)) == nil)
    #expect(high.extract(from: .c69(2)) == 2)
    #expect(high.extract(from: .c68(3)) == nil)

    let low = /ManyCases.c1
    #expect(low.extract(from: .c1(4)) == 4)
    #expect(low.extract(from: .c67(5)) == nil)
    #expect(low.extract(from: .e3) == nil)
  }

  @Test("Repeated non-matching roots past tag 63 never match before learning")
  func unlearnedHighTags() {
    let path = /ManyCases.c10
    for value in 0..<200 {
      #expect(path.extract(from: .c65(value)) == nil)
      #expect(path.extract(from: .e2) == nil)
    }
    #expect(path.extract(from: .c10(7)) == 7)
  }

  @Test("Cases without payload after 70 payload cases match by tag")
  func payloadlessAfterManyCases() {
    let last = /ManyCases.e3
    #expect(last.extract(from: .e3) != nil)
    #expect(last.extract(from: .e2) == nil)
    #expect(last.extract(from: .c69(1)) == nil)
    #expect(last.embed(()) == .e3)
  }
}

import CasePaths
import Testing

@Suite("Memory safety of payload extraction")
struct MemoryTests {
  @Test("Class payloads are released exactly once after many extractions")
  func classPayload() {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(id: 7, counter: counter)
      weakObject = object
      let path = /Holder.object
      let root = Holder.object(object)
      var extracted: [Tracked] = []
      for index in 0..<10_000 {
        let value = path.extract(from: root)
        #expect(value === object)
        if index % 1_000 == 0, let value { extracted.append(value) }
        #expect(path.extract(from: .text("t")) == nil)
      }
      #expect(extracted.count == 10)
      #expect(counter.count == 0)
    }
    #expect(weakObject == nil)
    #expect(counter.count == 1)
  }

  @Test("Tuples holding a class and a string are released exactly once")
  func tuplePayload() {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(id: 8, counter: counter)
      weakObject = object
      let path = /Holder.pair
      let root = Holder.pair(object, String(repeating: "s", count: 100))
      for _ in 0..<10_000 {
        let pair = path.extract(from: root)
        #expect(pair?.0 === object)
        #expect(pair?.1.count == 100)
      }
    }
    #expect(weakObject == nil)
    #expect(counter.count == 1)
  }

  @Test("Heap-allocated strings and arrays survive repeated extraction")
  func stringAndArrayPayloads() {
    let text = /Holder.text
    let long = String(repeating: "payload ", count: 64)
    let root = Holder.text(long)
    for _ in 0..<10_000 {
      #expect(text.extract(from: root) == long)
    }
    let titles = /Current.todo
    let todo = Current.todo(TodoState(titles: (0..<100).map(String.init)))
    for _ in 0..<1_000 {
      #expect(titles.extract(from: todo)?.titles.count == 100)
    }
    #expect(text.extract(from: root) == long)
  }

  @Test("A payload extracted from a dropped root stays valid")
  func payloadOutlivesRoot() {
    let counter = DeinitCounter()
    let path = /Holder.object
    var kept: Tracked?
    do {
      let root = Holder.object(Tracked(id: 9, counter: counter))
      kept = path.extract(from: root)
    }
    #expect(kept?.id == 9)
    #expect(counter.count == 0)
    kept = nil
    #expect(counter.count == 1)
  }
}

import CasePaths
import Testing

@Suite("Cases with a payload")
struct PayloadCaseTests {
  @Test("Without type context, /Enum.case is a non-optional CasePath<Enum, Payload>")
  func inferredTypeIsNonOptional() {
    let counter = /AppAction.counter
    #expect(type(of: counter) == CasePath<AppAction, Int>.self)
    let fetch = /AppAction.fetch
    #expect(type(of: fetch) == CasePath<AppAction, String>.self)
  }

  @Test("Extracting from a root in the case returns its payload")
  func extractMatchingCase() {
    let counter = /AppAction.counter
    #expect(counter.extract(from: .counter(42)) == 42)
    #expect(counter.extract(from: .counter(-1)) == -1)
  }

  @Test("Extracting from a root in another case returns nil")
  func extractOtherCase() {
    let counter = /AppAction.counter
    #expect(counter.extract(from: .reset) == nil)
    #expect(counter.extract(from: .fetch(id: "1")) == nil)
    #expect(counter.extract(from: .counter(7)) == 7)
    #expect(counter.extract(from: .child(.tap)) == nil)
  }

  @Test("Embedding builds the case")
  func embedBuildsCase() {
    let counter = /AppAction.counter
    guard case .counter(let value) = counter.embed(5) else {
      Issue.record("embed built another case")
      return
    }
    #expect(value == 5)
  }

  @Test("A single labelled payload extracts as its bare value")
  func singleLabelledPayload() {
    let fetch = /AppAction.fetch
    #expect(fetch.extract(from: .fetch(id: "abc")) == "abc")
    #expect(fetch.extract(from: .counter(1)) == nil)
    #expect(fetch.extract(from: .fetch(id: "def")) == "def")
  }

  @Test("Labelled multi-value payloads extract as tuples")
  func multiValuePayload() {
    let rect = /Shape.rect
    #expect(type(of: rect) == CasePath<Shape, (Int, Int)>.self)
    let size = rect.extract(from: .rect(width: 3, height: 4))
    #expect(size?.0 == 3)
    #expect(size?.1 == 4)
    #expect(rect.extract(from: .circle(radius: 1)) == nil)
    #expect(rect.embed((5, 6)) == .rect(width: 5, height: 6))

    let box = /Shape.box
    let volume = box.extract(from: .box(1, 2, 3)).map { $0.0 * $0.1 * $0.2 }
    #expect(volume == 6)
    #expect(box.extract(from: .point) == nil)
  }

  @Test("An enum payload extracts whole")
  func enumPayload() {
    let child = /AppAction.child
    #expect(child.extract(from: .child(.leaf("x"))) == .leaf("x"))
    #expect(child.extract(from: .child(.tap)) == .tap)
    #expect(child.extract(from: .reset) == nil)
  }

  @Test("Single-case enums extract and embed")
  func singleCaseEnum() {
    let only = /OnlyPayload.only
    #expect(only.extract(from: .only("one")) == "one")
    #expect(only.embed("two") == .only("two"))
    let empty: CasePath<OnlyEmpty, Void> = /OnlyEmpty.only
    #expect(empty.extract(from: .only) != nil)
    #expect(empty.embed(()) == .only)
  }

  @Test("A case with an empty payload matches only itself")
  func emptyPayload() {
    let ping = /Signal.ping
    #expect(ping.extract(from: .stop) == nil)
    #expect(ping.extract(from: .pong(1)) == nil)
    #expect(ping.extract(from: .ping(())) != nil)
    guard case .ping = ping.embed(()) else {
      Issue.record("embed built another case")
      return
    }
    let left = /Either<Void, Int>.left
    #expect(left.extract(from: .right(1)) == nil)
    #expect(left.extract(from: .left(())) != nil)
  }

  @Test("The identity path extracts the root itself")
  func identityPath() {
    let identity = /Shape.self
    #expect(identity.extract(from: .point) == .point)
    #expect(identity.embed(.empty) == .empty)
  }

  @Test("Repeated extraction after learning stays correct")
  func repeatedExtraction() {
    let counter = /AppAction.counter
    for value in 0..<1_000 {
      #expect(counter.extract(from: .counter(value)) == value)
      #expect(counter.extract(from: .other(value)) == nil)
    }
  }
}

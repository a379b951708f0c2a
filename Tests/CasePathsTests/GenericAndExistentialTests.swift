import CasePaths
import Testing

@Suite("Generic enums and existential payloads")
struct GenericAndExistentialTests {
  @Test("Cases of a generic enum extract with the substituted payload types")
  func genericEnum() {
    let left = /Either<Int, String>.left
    let right = /Either<Int, String>.right
    #expect(left.extract(from: .left(1)) == 1)
    #expect(left.extract(from: .right("r")) == nil)
    #expect(right.extract(from: .right("r")) == "r")
    #expect(right.extract(from: .left(2)) == nil)
  }

  @Test("A generic enum with equal type arguments never confuses its cases")
  func genericEnumEqualArguments() {
    let left = /Either<String, String>.left
    #expect(left.extract(from: .right("r")) == nil)
    #expect(left.extract(from: .left("l")) == "l")
    #expect(left.extract(from: .right("r")) == nil)
  }

  @Test("Result cases extract their values and errors")
  func resultCases() {
    let success = /Result<Int, SampleError>.success
    let failure = /Result<Int, SampleError>.failure
    #expect(success.extract(from: .success(3)) == 3)
    #expect(success.extract(from: .failure(SampleError(code: 1))) == nil)
    #expect(failure.extract(from: .failure(SampleError(code: 2))) == SampleError(code: 2))
  }

  @Test("An existential payload extracts through the dynamic path")
  func existentialPayload() {
    let failed = /AppAction.failed
    #expect(type(of: failed) == CasePath<AppAction, any Error>.self)
    #expect(failed.extract(from: .counter(1)) == nil)
    let error = failed.extract(from: .failed(SampleError(code: 5)))
    #expect((error as? SampleError)?.code == 5)
    for code in 0..<100 {
      let extracted = failed.extract(from: .failed(SampleError(code: code)))
      #expect((extracted as? SampleError)?.code == code)
    }
    #expect(failed.extract(from: .reset) == nil)
  }

  @Test("A closure into an Any payload extracts only payloads of its own type")
  func nonConstructorClosure() {
    let integer = /{ (value: Int) in Anything.value(value) }
    #expect(integer.extract(from: .value("not an int")) == nil)
    #expect(integer.extract(from: .value(42)) == 42)
    #expect(integer.extract(from: .value("still not")) == nil)
    #expect(integer.extract(from: .nothing) == nil)
    #expect(integer.extract(from: .value(43)) == 43)
  }

  @Test("A generic enum holding classes releases them")
  func genericEnumWithClasses() {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(id: 3, counter: counter)
      weakObject = object
      let left = /Either<Tracked, Int>.left
      for _ in 0..<1_000 {
        #expect(left.extract(from: .left(object)) === object)
        #expect(left.extract(from: .right(1)) == nil)
      }
    }
    #expect(weakObject == nil)
    #expect(counter.count == 1)
  }
}

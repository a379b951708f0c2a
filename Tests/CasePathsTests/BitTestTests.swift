import Testing

@testable import CasePaths

/// Tag in the spare bits of its pointer payloads.
enum Lists: Equatable {
  case numbers([Int])
  case names([String])
  case idle
}

/// One payload case; the others are stored as payload values no object can have.
enum Loading {
  case loaded(Tracked)
  case loading
  case failed
}

/// One payload case with no invalid values to spare: the others need an extra tag byte.
enum Counted: Equatable {
  case value(Int)
  case none
  case other
}

/// Several payload cases and one without, as the app's screens: the tag is an extra byte.
enum Screens: Equatable {
  case counted(Int)
  case named(String)
  case listed([Int])
  case idle
}

@Suite("Cases told apart by their tag bits")
struct BitTestTests {
  /// The learned window of `path`'s bit test; 0 while there is none.
  private func window<Root, Value>(_ path: CasePath<Root, Value>) -> UInt64 {
    path.bitTest?.takeUnretainedValue().window.load(ordering: .relaxed) ?? 0
  }

  /// Checks that `path` extracts what `match` pattern-matches from every root in `roots`.
  private func expectAgreement<Root, Value: Equatable>(
    _ path: CasePath<Root, Value>, _ roots: [Root], _ match: (Root) -> Value?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for root in roots {
      #expect(path.extract(from: root) == match(root), sourceLocation: sourceLocation)
    }
  }

  @Test("An extra tag byte is read alone, as the tag witness would read it")
  func extraTagByte() throws {
    let layout = try #require(EnumLayout(of: TwinAction.self))
    let test = try #require(layout.bitTest(forTag: 1, size: MemoryLayout<TwinAction>.size))
    #expect(test.offset == 8 && test.width == 1 && test.mask == 0xFF && test.pattern == 1)
  }

  @Test("A path whose case has not come by rejects another case it has seen by its bits")
  func rejectionBeforeItsCase() {
    let path: CasePath<Screens?, String> = /Screens.named
    let rejection = { path.bitTest?.takeUnretainedValue().rejection.load(ordering: .relaxed) ?? 0 }
    var counted: Screens? = .counted(1)
    for _ in 0..<3 { #expect(!path.isCase(of: &counted)) }
    #expect(rejection() & (1 << 63) != 0, "a test for .counted, learned from its rejections")
    #expect(path.bitTest?.takeUnretainedValue().matches(at: pointer(to: &counted)) == false)
    // Another case seen, then the path's own: each is still told right, by `if case`.
    let roots: [Screens?] = [
      .counted(2), .listed([1]), .listed([]), .idle, nil, .named("a"), .counted(3), .named(""),
      .listed([2]), nil, .idle,
    ]
    for _ in 0..<3 {
      expectAgreement(path, roots) { if case .named(let text)? = $0 { text } else { nil } }
      for var root in roots {
        let truth = if case .named? = root { true } else { false }
        #expect(path.isCase(of: &root) == truth)
      }
    }
  }

  @Test("Roots alternating between two other cases reuse the tests derived for each")
  func alternatingRejections() {
    let path: CasePath<Screens?, String> = /Screens.named
    let test = path.bitTest!.takeUnretainedValue()
    var roots: [Screens?] = [.counted(1), .listed([1])]
    for round in 0..<20 {
      #expect(!path.isCase(of: &roots[round % 2]))
      // NOTE: the first roots teach the path which cases they are in.
      if round >= 4 { #expect(test.matches(at: pointer(to: &roots[round % 2])) == false) }
    }
    // NOTE: one word derived for each case seen, kept: not derived again on each switch.
    #expect(test.derivedRejections.withLock { $0.count } == 2)
    var named: Screens? = .named("a")
    #expect(path.isCase(of: &named))
  }

  @Test("A case without payload gets its test when it is made, and agrees with if case")
  func payloadlessCaseByItsBits() {
    let idle: CasePath<Screens?, Void> = /Screens.idle
    let plain: CasePath<Screens, Void> = /Screens.idle
    #expect(window(idle) != 0 && window(plain) != 0)
    let roots: [Screens?] = [.counted(1), .named("x"), .listed([1]), .idle, nil, .listed([])]
    for var root in roots {
      let truth = if case .idle? = root { true } else { false }
      #expect(idle.isCase(of: &root) == truth)
      #expect((idle.extract(from: root) != nil) == truth)
      if var unwrapped = root {
        #expect(plain.isCase(of: &unwrapped) == truth)
        #expect((plain.extract(from: unwrapped) != nil) == truth)
      }
    }
    #expect(idle.embed(()) == .idle && plain.embed(()) == .idle)
  }

  @Test("A case without payload whose tag fits no bit test is read in place, and agrees")
  func payloadlessCaseThroughAPointer() {
    // NOTE: two optionals deep, the case's tag is read through both `.some` layers: no window
    // of bits tells it. Its test asks the tag through a pointer, so `isCase` copies no root.
    let idle: CasePath<Screens??, Void> = /Screens.idle
    #expect(idle.caseTest != nil && window(idle) == 0, "a test with no bits, for isCase")
    let roots: [Screens??] = [
      .some(.counted(1)), .some(.idle), .some(nil), nil, .some(.listed([])),
    ]
    for var root in roots {
      let truth = if case .idle?? = root { true } else { false }
      #expect(idle.isCase(of: &root) == truth, "\(String(describing: root))")
      #expect((idle.extract(from: root) != nil) == truth)
    }
    #expect(idle.embed(()) == .some(.some(.idle)))
  }

  private func pointer(to root: inout Screens?) -> UnsafeRawPointer {
    withUnsafePointer(to: &root) { UnsafeRawPointer($0) }
  }

  @Test("A path learns its test with its case, then extracts by it")
  func learnedWithTheCase() {
    let path = /TwinAction.b
    #expect(window(path) == 0)
    #expect(path.extract(from: .a(1)) == nil)
    #expect(window(path) != 0)
    #expect(path.extract(from: .b(3)) == 3)
    expectAgreement(path, [.a(-1), .b(-1), .b(.min), .a(.max), .c, .b(0)]) {
      if case .b(let value) = $0 { value } else { nil }
    }
  }

  @Test("A case whose tag is in its payload's spare bits is told apart by them")
  func spareBits() {
    let numbers = /Lists.numbers
    #expect(numbers.extract(from: .numbers([1])) == [1])
    #expect(window(numbers) != 0 && window(numbers) & CaseBitTest.rejectsOnly == 0)
    let roots: [Lists] = [.numbers([]), .numbers([2, 3]), .names([]), .names(["a"]), .idle]
    expectAgreement(numbers, roots) { if case .numbers(let value) = $0 { value } else { nil } }
    // Its tag bits are set in the payload's word, so it cannot be read in place: the test only
    // rejects the other cases.
    let names = /Lists.names
    expectAgreement(names, roots) { if case .names(let value) = $0 { value } else { nil } }
    #expect(window(names) & CaseBitTest.rejectsOnly != 0)
    expectAgreement(names, roots) { if case .names(let value) = $0 { value } else { nil } }
  }

  @Test("Other cases stored as invalid payload values keep the tag witness")
  func invalidPayloadValues() {
    let counter = DeinitCounter()
    let object = Tracked(id: 1, counter: counter)
    let loaded = /Loading.loaded
    #expect(loaded.extract(from: .loaded(object)) === object)
    #expect(window(loaded) == 0)
    #expect(loaded.extract(from: .loading) == nil)
    #expect(loaded.extract(from: .failed) == nil)
  }

  @Test("Behind an optional, a case is told apart from the other cases and from nil")
  func optionalRoots() {
    let b: CasePath<TwinAction?, Int> = /TwinAction.b
    let twins: [TwinAction?] = [nil, .a(1), .b(2), .c, .b(-1), .a(.min), .b(.max)]
    expectAgreement(b, twins) { if case .b(let value)? = $0 { value } else { nil } }
    #expect(window(b) != 0 && window(b) & CaseBitTest.rejectsOnly == 0)

    let numbers: CasePath<Lists?, [Int]> = /Lists.numbers
    let lists: [Lists?] = [.numbers([1]), nil, .names(["a"]), .idle, .numbers([]), nil]
    expectAgreement(numbers, lists) { if case .numbers(let value)? = $0 { value } else { nil } }
    expectAgreement(numbers, lists.reversed()) {
      if case .numbers(let value)? = $0 { value } else { nil }
    }
  }

  @Test("Every payload case agrees with pattern matching, learned in any order")
  func agreement() {
    let counted: [Counted] = [.value(0), .value(-1), .value(1), .none, .other]
    let value = /Counted.value
    expectAgreement(value, counted.reversed()) {
      if case .value(let value) = $0 { value } else { nil }
    }
    #expect(window(value) != 0)

    let actions: [AppAction] = [
      .counter(-1), .other(-1), .fetch(id: ""), .fetch(id: String(repeating: "x", count: 40)),
      .child(.tap), .child(.leaf("l")), .reset, .failed(SampleError(code: -1)),
    ]
    expectAgreement(/AppAction.fetch, actions) {
      if case .fetch(let id) = $0 { id } else { nil }
    }
    expectAgreement(/AppAction.other, actions) {
      if case .other(let value) = $0 { value } else { nil }
    }
    expectAgreement(/AppAction.child, actions) {
      if case .child(let value) = $0 { value } else { nil }
    }

    let either: [Either<Int, String>] = [.right("r"), .left(-1), .right(""), .left(0)]
    expectAgreement(/Either<Int, String>.left, either) {
      if case .left(let value) = $0 { value } else { nil }
    }
    expectAgreement(/Either<Int, String>.right, either) {
      if case .right(let value) = $0 { value } else { nil }
    }

    let only = /OnlyPayload.only
    expectAgreement(only, [.only("a"), .only("")]) {
      switch $0 {
      case .only(let value): value
      }
    }
    #expect(window(only) != 0)
  }

  @Test("Cases past tag 63 and cases beside indirect ones are told apart")
  func manyAndIndirectCases() {
    let many: [ManyCases] = [.c0(-1), .c1(-1), .c63(-1), .c64(-1), .c69(-1), .e0, .e3]
    expectAgreement(/ManyCases.c64, many) { if case .c64(let value) = $0 { value } else { nil } }
    expectAgreement(/ManyCases.c0, many) { if case .c0(let value) = $0 { value } else { nil } }

    let expressions: [Expression] = [
      .name("n"), .number(-1), .negate(.number(1)), .add(.number(1), .name("m")),
    ]
    let number = /Expression.number
    expectAgreement(number, expressions) { if case .number(let value) = $0 { value } else { nil } }
    #expect(window(number) != 0)
    expectAgreement(/Expression.name, expressions) {
      if case .name(let value) = $0 { value } else { nil }
    }
  }
}

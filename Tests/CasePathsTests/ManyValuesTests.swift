import CasePaths
import Testing

@Suite("Cases with up to ten values")
struct ManyValuesTests {
  @Test("Two to ten unlabelled values infer a tuple of their types")
  func unlabelledTypes() {
    #expect(type(of: /Wide.two) == CasePath<Wide, (Int, String)>.self)
    #expect(type(of: /Wide.three) == CasePath<Wide, (Int, Int, Int)>.self)
    #expect(type(of: /Wide.four) == CasePath<Wide, (Int, Int, Int, Int)>.self)
    #expect(type(of: /Wide.five) == CasePath<Wide, (Int, Int, Int, Int, Int)>.self)
    #expect(type(of: /Wide.six) == CasePath<Wide, (Int, Int, Int, Int, Int, Int)>.self)
    #expect(type(of: /Wide.seven) == CasePath<Wide, (Int, Int, Int, Int, Int, Int, Int)>.self)
    #expect(
      type(of: /Wide.eight) == CasePath<Wide, (Int, Int, Int, Int, Int, Int, Int, Int)>.self)
    #expect(
      type(of: /Wide.nine) == CasePath<Wide, (Int, Int, Int, Int, Int, Int, Int, Int, Int)>.self)
    #expect(
      type(of: /Wide.ten)
        == CasePath<Wide, (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)>.self)
  }

  @Test("Each arity extracts its own values and nothing from other cases")
  func unlabelledExtraction() {
    #expect((/Wide.two).extract(from: .two(1, "a")).map { "\($0.0)\($0.1)" } == "1a")
    let three = (/Wide.three).extract(from: .three(1, 2, 3))
    #expect(three?.0 == 1)
    #expect(three?.2 == 3)
    #expect((/Wide.four).extract(from: .four(1, 2, 3, 4))?.3 == 4)
    #expect((/Wide.five).extract(from: .five(1, 2, 3, 4, 5))?.4 == 5)
    #expect((/Wide.six).extract(from: .six(1, 2, 3, 4, 5, 6))?.5 == 6)
    #expect((/Wide.seven).extract(from: .seven(1, 2, 3, 4, 5, 6, 7))?.6 == 7)
    #expect((/Wide.eight).extract(from: .eight(1, 2, 3, 4, 5, 6, 7, 8))?.7 == 8)
    #expect((/Wide.nine).extract(from: .nine(1, 2, 3, 4, 5, 6, 7, 8, 9))?.8 == 9)
    let ten = /Wide.ten
    let values = ten.extract(from: .ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    #expect(values?.0 == 1)
    #expect(values?.9 == 10)
    #expect(ten.extract(from: .nine(1, 2, 3, 4, 5, 6, 7, 8, 9)) == nil)
    #expect(ten.extract(from: .empty) == nil)
    #expect((/Wide.nine).extract(from: .ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)) == nil)
  }

  @Test("Embedding builds the case from the tuple")
  func embedding() {
    #expect((/Wide.two).embed((7, "x")) == .two(7, "x"))
    #expect((/Wide.six).embed((1, 2, 3, 4, 5, 6)) == .six(1, 2, 3, 4, 5, 6))
    let ten = (/Wide.ten).embed((1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    #expect(ten == .ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
  }

  @Test("Labelled values of mixed types extract as an unlabelled tuple")
  func labelled() {
    let record = /Wide.record
    #expect(
      type(of: record)
        == CasePath<Wide, (String, Int, Double, Bool, [Int], String?, Int8, UInt, Character, Int)>
        .self)
    let long = String(repeating: "long ", count: 20)
    let root = Wide.record(
      name: long, id: 1, score: 2.5, active: true, tags: [1, 2], note: nil, small: -3, big: 4,
      initial: "z", last: 10)
    for _ in 0..<100 {
      let values = record.extract(from: root)
      #expect(values?.0 == long)
      #expect(values?.4 == [1, 2])
      #expect(values?.5 == nil)
      #expect(values?.8 == "z")
      #expect(values?.9 == 10)
    }
    #expect(record.extract(from: .two(1, "a")) == nil)
    #expect(record.embed((long, 1, 2.5, true, [1, 2], nil, -3, 4, "z", 10)) == root)

    let triple = /Wide.triple
    #expect(type(of: triple) == CasePath<Wide, (Int, String, Int)>.self)
    #expect(triple.extract(from: .triple(x: 1, label: "y", z: 3)).map { $0.1 } == "y")
  }

  @Test("Through an optional root, the tuple case fails on nil and embeds as .some")
  func optionalRoot() {
    let ten: CasePath<Wide?, (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)> = /Wide.ten
    #expect(ten.extract(from: nil) == nil)
    #expect(ten.extract(from: .some(.ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)))?.9 == 10)
    let embedded = ten.embed((1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    #expect(embedded == .some(.ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)))
  }
}

enum Wide: Equatable {
  case two(Int, String)
  case three(Int, Int, Int)
  case four(Int, Int, Int, Int)
  case five(Int, Int, Int, Int, Int)
  case six(Int, Int, Int, Int, Int, Int)
  case seven(Int, Int, Int, Int, Int, Int, Int)
  case eight(Int, Int, Int, Int, Int, Int, Int, Int)
  case nine(Int, Int, Int, Int, Int, Int, Int, Int, Int)
  case ten(Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
  case record(
    name: String, id: Int, score: Double, active: Bool, tags: [Int], note: String?, small: Int8,
    big: UInt, initial: Character, last: Int)
  case triple(x: Int, label: String, z: Int)
  case empty
}

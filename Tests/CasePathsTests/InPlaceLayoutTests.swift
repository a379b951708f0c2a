import Testing

@testable import CasePaths

/// Two struct payloads whose common spare bits hold the tag.
enum Pairs {
  case first(Pair)
  case second(Pair)
  case third(Pair)
  case idle
}

struct Pair {
  var number: Int
  var names: [String]
}

/// Nested: an enum payload whose own tag shares bits with the outer one.
enum Outer {
  case inner(Lists)
  case other(Lists)
}

@Suite("In-place changes keep the root in its case")
struct InPlaceLayoutTests {
  /// Runs `path`'s in-place change on `root` twice (learning on the first extraction),
  /// writing `replacement`, and checks the root stayed in the case.
  private func keepsCase<Root, Value>(
    _ path: CasePath<Root, Value>, _ root: Root, _ replacement: Value
  ) -> Bool {
    var root = root
    _ = path.extract(from: root)
    _ = path.extract(from: root)
    switch path.modifyInPlace(&root, { $0 = replacement }) {
    case .modified, .unknown: break
    case .otherCase: return false
    }
    return path.isCase(of: &root) && path.extract(from: root) != nil
      && CasePath(embed: path.embed, extract: { path.extract(from: $0) }).extract(from: root) != nil
  }

  @Test("Spare-bit cases of arrays")
  func spareBitArrays() {
    let path1 = /Lists.names
    #expect(keepsCase(path1, .names(["a"]), ["b", "c"]))
    let path2 = /Lists.numbers
    #expect(keepsCase(path2, .numbers([1]), [2, 3]))
    let optionalNames: CasePath<Lists?, [String]> = /Lists.names
    #expect(keepsCase(optionalNames, .names(["a"]), ["b"]))
  }

  @Test("Spare-bit cases of structs")
  func spareBitStructs() {
    let pair = Pair(number: 1, names: ["x"])
    let path3 = /Pairs.second
    #expect(keepsCase(path3, .second(pair), Pair(number: -1, names: [])))
    let path4 = /Pairs.third
    #expect(keepsCase(path4, .third(pair), Pair(number: -1, names: ["q"])))
    let path5 = /Pairs.first
    #expect(keepsCase(path5, .first(pair), Pair(number: -1, names: ["q"])))
    let optionalThird: CasePath<Pairs?, Pair> = /Pairs.third
    #expect(keepsCase(optionalThird, .third(pair), Pair(number: 7, names: [])))
  }

  @Test("Nested enums")
  func nested() {
    let path6 = /Outer.other
    #expect(keepsCase(path6, .other(.names(["a"])), .idle))
    let path7 = /Outer.other
    #expect(keepsCase(path7, .other(.idle), .names(["z"])))
    let path8 = /Outer.inner
    #expect(keepsCase(path8, .inner(.idle), .numbers([1])))
    let optionalOther: CasePath<Outer?, Lists> = /Outer.other
    #expect(keepsCase(optionalOther, .other(.idle), .names(["z"])))
  }
}

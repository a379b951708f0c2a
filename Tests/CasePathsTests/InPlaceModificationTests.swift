import Testing

@testable import CasePaths

/// A reference, to tell whether a payload was copied.
final class Reference {}

/// An object payload beside an `Int` one: the tag goes to an extra byte, clear of the payloads.
enum Slot {
  case object(Reference)
  case count(Int)
  case empty
}

@Suite("Payloads changed in place")
struct InPlaceModificationTests {
  @Test("A learned case stored at the start of its root is changed where it is, not copied")
  func changedInPlace() {
    let object = /Slot.object
    var root = Slot.object(Reference())
    #expect(object.extract(from: root) != nil)
    let result = object.modifyInPlace(&root) { isKnownUniquelyReferenced(&$0) }
    guard case .modified(true) = result else {
      Issue.record("expected a unique payload changed in place, got \(result)")
      return
    }
    let replacement = Reference()
    _ = object.modifyInPlace(&root) { $0 = replacement }
    #expect(object.extract(from: root) === replacement)
  }

  @Test("Another case is left alone; an unlearned path or a custom one cannot tell")
  func otherCaseOrUnknown() {
    let count = /Slot.count
    var root = Slot.count(1)
    guard case .unknown = count.modifyInPlace(&root, { $0 += 1 }) else {
      Issue.record("a path that has not learned its case cannot change it in place")
      return
    }
    #expect(count.extract(from: root) == 1)
    guard case .modified = count.modifyInPlace(&root, { $0 += 1 }) else {
      Issue.record("expected the learned case to be changed in place")
      return
    }
    #expect(count.extract(from: root) == 2)
    var empty = Slot.empty
    guard case .otherCase = count.modifyInPlace(&empty, { $0 += 1 }) else {
      Issue.record("expected another case to be left alone")
      return
    }
    let custom = CasePath<Slot, Int>(
      embed: Slot.count, extract: { if case .count(let value) = $0 { value } else { nil } })
    guard case .unknown = custom.modifyInPlace(&root, { $0 += 1 }) else {
      Issue.record("a custom path has no test to go by")
      return
    }
  }

  @Test("A root is tested in place, learned or not, behind an optional or not")
  func isCase() {
    let count = /Slot.count
    var roots: [Slot] = [.count(1), .empty, .object(Reference()), .count(-1)]
    for index in roots.indices {
      let expected = count.extract(from: roots[index]) != nil
      #expect(count.isCase(of: &roots[index]) == expected)
    }
    let twin: CasePath<TwinAction?, Int> = /TwinAction.b
    var twins: [TwinAction?] = [nil, .b(1), .a(1), .c, .b(2)]
    for index in twins.indices {
      var expected = false
      if case .b? = twins[index] { expected = true }
      #expect(twin.isCase(of: &twins[index]) == expected)
    }
  }
}

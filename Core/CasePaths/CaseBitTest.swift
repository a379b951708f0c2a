import Synchronization

/// A learned test that tells whether a root is in one enum case by reading its bits, with no
/// call through the enum's tag witness: the root is in the case when its bits under `mask`, in a
/// window of 1, 2 or 4 bytes at `offset`, equal `pattern`.
///
/// A case path made by `/` carries one; it is set once the case is learned, when the case's tag
/// lives in bits that every value of every case writes the same way (extra tag bytes, or spare
/// bits shared by all payloads). When its payload can be read in place, a matching root's payload
/// is read by the test too; otherwise the test only rejects the other cases, and a matching root
/// goes through the path's closure. Until then, and for other layouts, it stays empty and
/// extraction goes through the path's closure.
///
/// Every writer stores the same values (derived from the enum's layout and the case alone), so
/// concurrent learning is harmless; `window` is published with release ordering after `bits`.
@usableFromInline
package final class CaseBitTest: Sendable {
  /// Bits 0–31: the mask; bits 32–63: the pattern.
  @usableFromInline let bits = Atomic<UInt64>(0)
  /// Bits 0–31: the window's byte offset plus one; bits 32–39: its width in bytes; bit 40:
  /// `rejectsOnly`. 0 while no test is known.
  @usableFromInline let window = Atomic<UInt64>(0)
  /// The bit of `window` set when the payload cannot be read in place.
  @usableFromInline static let rejectsOnly: UInt64 = 1 << 40
  /// While the case is not learned, a test that tells a root in one other case, seen before:
  /// bits 0–15 the mask, 16–31 the pattern, 32–47 the byte offset, 48–49 the width (1 or 2),
  /// 50–55 the other case's tag, bit 62 set once a test was looked for that tag, bit 63 set when
  /// there is one. One word, so that a reader never sees half of one test and half of another.
  // NOTE: a lifetime asks the paths of screens not opened on every action; this answers them
  // with a load and a compare, where the path's closure took a call through the enum's witness.
  @usableFromInline let rejection = Atomic<UInt64>(0)
  /// Every ``rejection`` word derived, by tag: a root that alternates between other cases
  /// takes the word it needs from here instead of deriving it again.
  // NOTE: deriving one stores every case of the enum into two buffers; an app whose actions
  // alternate between screens did it on almost every action (2.5% of the REPL's time).
  let derivedRejections = Mutex<[UInt32: UInt64]>([:])

  /// Tells whether the root at a pointer is in the case, without a bit test and without
  /// trapping; set by the case path's `EnumCase` (or `PayloadlessCase`) before the test is
  /// shared, and never after.
  nonisolated(unsafe) var matcher: ((UnsafeRawPointer) -> Bool)?

  @usableFromInline
  init() {}

  /// Whether the root at `pointer` is in the case, when ``matches(at:)`` cannot tell.
  @usableFromInline
  func matchesSlowly(at pointer: UnsafeRawPointer) -> Bool {
    matcher?(pointer) ?? false
  }

  /// Returns `.some(payload)` when `root` is in the case, `.some(nil)` when it is in another
  /// case, and `nil` when no test is known or the payload cannot be read in place; the payload
  /// is read in place as a `Value`.
  @inlinable
  @inline(__always)
  func extract<Root, Value>(from root: Root, as _: Value.Type) -> Value?? {
    withUnsafePointer(to: root) { pointer in
      let pointer = UnsafeRawPointer(pointer)
      switch holdsPayload(at: pointer) {
      case true?: return .some(pointer.load(as: Value.self))
      case false?: return .some(nil)
      case nil: return nil
      }
    }
  }

  /// Whether the root at `pointer` is in the case, with its payload stored unchanged at its
  /// start (`true`), in another case (`false`), or `nil` when no test is known or the payload
  /// is not stored that way.
  @inlinable
  @inline(__always)
  func holdsPayload(at pointer: UnsafeRawPointer) -> Bool? {
    guard let matches = matches(at: pointer) else { return nil }
    guard matches else { return false }
    return window.load(ordering: .relaxed) & CaseBitTest.rejectsOnly == 0 ? true : nil
  }

  /// Whether a root the test matches holds its payload in place, readable as the path's value;
  /// when not, the test only rejects roots of other cases.
  @inlinable
  var readsPayload: Bool {
    window.load(ordering: .relaxed) & CaseBitTest.rejectsOnly == 0
  }

  /// Whether the root at `pointer` is in the case; `nil` when no test is known.
  @inlinable
  @inline(__always)
  package func matches(at pointer: UnsafeRawPointer) -> Bool? {
    let window = window.load(ordering: .acquiring)
    guard window != 0 else { return rejects(at: pointer) ? false : nil }
    let bits = bits.load(ordering: .relaxed)
    let offset = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: window) &- 1)
    // NOTE: the load is exactly as wide as the window: a wider one that spans two of the
    // stores that put the root on the stack would wait for both (no store forwarding).
    let word: UInt32
    switch (window &>> 32) & 0xFF {
    case 1: word = UInt32(pointer.load(fromByteOffset: offset, as: UInt8.self))
    case 2: word = UInt32(pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    default: word = pointer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }
    let mask = UInt32(truncatingIfNeeded: bits)
    return word & mask == UInt32(truncatingIfNeeded: bits &>> 32)
  }

  /// Whether the root at `pointer` is in the case: what `CasePath.isCase(of:)` answers.
  @inlinable
  @inline(__always)
  package func isCase(at pointer: UnsafeRawPointer) -> Bool {
    // NOTE: a test that only rejects leaves a root with the case's tag to the path: for a
    // constructor converted from a wider payload type (`(Any) -> Enum` used as `(Int) -> Enum`),
    // the tag says nothing about whether the payload converts.
    switch matches(at: pointer) {
    case false?: false
    case true? where readsPayload: true
    default: matchesSlowly(at: pointer)
    }
  }

  /// Whether the root at `pointer` is in the other case of ``rejection``.
  @inlinable
  @inline(__always)
  func rejects(at pointer: UnsafeRawPointer) -> Bool {
    let test = rejection.load(ordering: .relaxed)
    guard test & (1 << 63) != 0 else { return false }
    let offset = Int(truncatingIfNeeded: (test &>> 32) & 0xFFFF)
    let word =
      (test &>> 48) & 3 == 1
      ? UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self))
      : UInt64(pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    return word & (test & 0xFFFF) == (test &>> 16) & 0xFFFF
  }

  /// Keeps a test for the other case `tag` of `layout` (inside `optional`, as for ``learn``), a
  /// case a root was seen in, while this case is not learned; derived once per tag seen last.
  @usableFromInline
  func learnRejection(tag: UInt32, of layout: EnumLayout, in optional: EnumLayout?, size: Int) {
    guard tag < 64 else { return }
    let current = rejection.load(ordering: .relaxed)
    // NOTE: a tag with no test is remembered too: deriving one stores every case of the enum.
    if current & (1 << 62) != 0, (current &>> 50) & 0x3F == UInt64(tag) { return }
    if let word = derivedRejections.withLock({ $0[tag] }) {
      rejection.store(word, ordering: .relaxed)
      return
    }
    var word = UInt64(tag) << 50 | 1 << 62
    if let test = layout.bitTest(forTag: tag, in: optional, size: size), test.width <= 2,
      test.offset <= 0xFFFF
    {
      word |=
        UInt64(test.mask & 0xFFFF) | UInt64(test.pattern & 0xFFFF) << 16
        | UInt64(test.offset) << 32 | UInt64(test.width) << 48 | 1 << 63
    }
    derivedRejections.withLock { $0[tag] = word }
    rejection.store(word, ordering: .relaxed)
  }

  /// Publishes the test for the case `tag` of `layout`, whose values are `size` bytes, when
  /// that case has one; see ``EnumLayout/bitTest(forTag:size:)``. `readsPayload` tells whether
  /// the case's payload can be read in place, at offset 0.
  /// For a root that is an `Optional` (layout `optional`) around the enum, the test tells
  /// `.some` of the case from the other cases and from `nil`.
  func learn(
    tag: UInt32, of layout: EnumLayout, in optional: EnumLayout? = nil, size: Int,
    readsPayload: Bool
  ) {
    guard let test = layout.bitTest(forTag: tag, in: optional, size: size) else { return }
    bits.store(UInt64(test.mask) | UInt64(test.pattern) << 32, ordering: .relaxed)
    let window = UInt64(test.offset + 1) | UInt64(test.width) << 32
    self.window.store(
      readsPayload ? window : window | CaseBitTest.rejectsOnly, ordering: .releasing)
  }
}

extension EnumLayout {
  /// The most tags `bitTest(forTag:size:)` checks; enums with more cases keep the tag witness.
  static let maxBitTestTags = 4096

  /// Derives a bit test for the payload case `tag` of this enum, whose values are `size` bytes,
  /// or returns `nil` when no fixed pattern in a window of at most 4 bytes tells that case from
  /// all others. With `optional`, the values are of that `Optional` around this enum, and `nil`
  /// is one more case to tell apart.
  ///
  /// Every case is stored into a buffer of zero bits and one of one bits with the enum's
  /// `destructiveInjectEnumTag` witness (then `.some`'s, inside an optional): the bits that differ
  /// from the fill are the bits the case always writes. The test's mask is the bits the case
  /// `tag` writes, its pattern their value; it holds when every other case also writes all of
  /// those bits (so none of its values can depend on a payload there) with another value. A case
  /// whose tag shares nothing with its payload (an extra tag byte) passes, as does one whose tag
  /// is in spare bits; a single-payload enum whose other cases are stored as invalid payload
  /// values does not.
  func bitTest(
    forTag tag: UInt32, in optional: EnumLayout? = nil, size: Int
  ) -> (offset: Int, width: Int, mask: UInt32, pattern: UInt32)? {
    let tagCount = Int(payloadCaseCount) + Int(emptyCaseCount)
    guard 1.littleEndian == 1, descriptor != nil, tag < tagCount,
      tagCount <= Self.maxBitTestTags
    else { return nil }
    var cases: [(mask: [UInt8], value: [UInt8])] = []
    for other in 0..<UInt32(tagCount) {
      var steps: [(EnumLayout, UInt32)] = [(self, other)]
      if let optional { steps.append((optional, 0)) }
      guard let written = writtenBits(by: steps, size: size) else { return nil }
      cases.append(written)
    }
    if let optional {
      guard let none = writtenBits(by: [(optional, 1)], size: size) else { return nil }
      cases.append(none)
    }
    let own = cases[Int(tag)]
    // Extra tag bytes follow the payloads, and spare bits are usually high bits: try windows from
    // the end, narrowest first. Within a window, the test keeps only the bits the case writes.
    for offset in stride(from: size - 1, through: 0, by: -1) {
      for width in [1, 2, 4] where offset + width <= size {
        let window = offset..<(offset + width)
        let tellsApart = cases.indices.allSatisfy { other in
          other == Int(tag)
            || window.allSatisfy { cases[other].mask[$0] & own.mask[$0] == own.mask[$0] }
              && window.contains { cases[other].value[$0] & own.mask[$0] != own.value[$0] }
        }
        guard tellsApart else { continue }
        func word(_ bytes: [UInt8]) -> UInt32 {
          window.reversed().reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
        }
        return (offset, width, word(own.mask), word(own.value))
      }
    }
    return nil
  }

  /// The bits that storing tags with `steps` (each a layout and one of its tags, in order)
  /// always writes (`mask`) and their values (`value`, zero outside the mask), or `nil` when the
  /// enums' witnesses disagree with each other.
  private func writtenBits(
    by steps: [(EnumLayout, UInt32)], size: Int
  ) -> (mask: [UInt8], value: [UInt8])? {
    guard let zeros = injected(steps, fill: 0x00, size: size),
      let ones = injected(steps, fill: 0xFF, size: size)
    else { return nil }
    // A bit the case writes shows as set in `zeros` when it is 1, and as clear in `ones` when
    // it is 0; bits it leaves alone keep the fill.
    let mask = zip(zeros, ones).map { zero, one in zero | ~one }
    let value = zip(zeros, mask).map { $0 & $1 }
    guard zip(ones, mask).map({ $0 & $1 }) == value else { return nil }
    return (mask, value)
  }

  /// The bytes of a `size`-byte buffer filled with `fill` after storing each of `steps`' tags
  /// into it, or `nil` when a layout's tag witness then reads another tag.
  private func injected(_ steps: [(EnumLayout, UInt32)], fill: UInt8, size: Int) -> [UInt8]? {
    withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { buffer in
      let storage = buffer.baseAddress!
      storage.initializeMemory(as: UInt8.self, repeating: fill, count: size)
      for (layout, tag) in steps {
        layout.injectWitness(storage, tag, layout.metadata)
        guard layout.tagWitness(storage, layout.metadata) == tag else { return nil }
      }
      return Array(UnsafeRawBufferPointer(start: storage, count: size))
    }
  }
}

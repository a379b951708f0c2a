import Synchronization

/// Tells whether a root is in one enum case by its tags, read through the enum's value witnesses.
///
/// A root's layers are its `Optional`s and the enum inside (`layouts`); the case is a tag at one,
/// the layers above it `.some`. Until it is learned, `slowMatch` answers what no test rejects.
// NOTE: the name is kept from when the test read tag bits (ARCHITECTURE.md, Benchmarks/README.md).
@usableFromInline final class CaseBitTest: Sendable {
  /// Bit 63: known; bits 0–7: the layer; 8–39: the tag; bit 40: the payload is read as its
  /// declared type and cast (`Any`, an optional, a lone metatype); bit 48: the payload is in a
  /// box. 0 while unknown. Every writer stores the same value.
  @usableFromInline let state = Atomic<UInt64>(0)
  /// Bit `t` set: tag `t` of the innermost enum is not the case.
  @usableFromInline let mismatches = Atomic<UInt64>(0)
  @usableFromInline let layouts: [EnumLayout]
  /// The outermost and innermost layers, and how many there are, kept here as well: a tag read
  /// then reaches no other object.
  @usableFromInline let first: EnumLayout, last: EnumLayout, depth: Int
  /// A `nil` at this optional layer or above it rejects a root (the layer wrapping a `Value`).
  @usableFromInline let nilRejectsThrough: Int
  /// Answers for a root while the case is not known yet; set once, by the path's `EnumCase`.
  let slowMatch = Mutex<SlowMatch?>(nil)

  /// `layouts`: not empty.
  init(layouts: [EnumLayout], nilRejectsThrough: Int = .max) {
    (self.layouts, self.nilRejectsThrough) = (layouts, nilRejectsThrough)
    (first, last, depth) = (layouts[0], layouts[layouts.count - 1], layouts.count)
  }

  /// How many layers are optional: all but the enum inside them, if there is one.
  @inlinable var optionalLayers: Int { last.isOptional ? depth : depth - 1 }

  /// The learned case, or `nil`.
  @inlinable var learned: LearnedCase? {
    let bits = state.load(ordering: .acquiring)
    return bits == 0 ? nil : LearnedCase(bits: bits)
  }

  func learn(_ learned: LearnedCase) { state.store(learned.bits, ordering: .releasing) }

  func rememberMismatch(tag: UInt32) {
    if tag < 64 { mismatches.bitwiseOr(1 << UInt64(tag), ordering: .relaxed) }
  }
}

/// A learned case, packed in the word `CaseBitTest.state` holds.
@usableFromInline struct LearnedCase {
  @usableFromInline let bits: UInt64
  @inlinable init(bits: UInt64) { self.bits = bits }

  init(level: Int, tag: UInt32, cast: Bool, indirect: Bool) {
    bits =
      1 << 63 | UInt64(level) | UInt64(tag) << 8 | (cast ? 1 << 40 : 0) | (indirect ? 1 << 48 : 0)
  }
  @inlinable var level: Int { Int(bits & 0xFF) }
  @inlinable var tag: UInt32 { UInt32(truncatingIfNeeded: bits >> 8) }
  @inlinable var cast: Bool { bits & 1 << 40 != 0 }
  @inlinable var indirect: Bool { bits & 1 << 48 != 0 }
}

/// The layers of `Root`: its `Optional`s, outermost first, and the enum inside them, if any.
func layers(of root: Any.Type) -> [EnumLayout] {
  guard let layout = EnumLayout(of: root) else { return [] }
  return [layout] + (layout.wrappedType.map(layers(of:)) ?? [])
}

/// How a learned case hands out its payload.
@usableFromInline
enum ExtractionMode {
  /// The payload is stored inline with exactly `Value`'s layout: move it out of a projection.
  @usableFromInline static let inline: UInt8 = 1
  /// The payload has exactly `Value`'s layout but lives in a heap box (`indirect` case).
  @usableFromInline static let indirect: UInt8 = 2
  /// The payload is stored inline with another type (e.g. an existential): copy it and cast it.
  static let cast: UInt8 = 3
  /// Like `cast`, for a payload in a heap box.
  static let castIndirect: UInt8 = 4
  /// The field records are unreadable: read the payload through `Mirror` and cast it.
  static let reflection: UInt8 = 5
  /// The case has no payload, so only `Void` can be extracted.
  static let payloadless: UInt8 = 6
  /// The payload has exactly `Value`'s layout and sits unchanged at offset 0 of the root (the
  /// case's tag lives outside the payload bytes): copy it in place.
  @usableFromInline static let inPlace: UInt8 = 7
  /// Like `indirect`, with the box address read in place from the root's first word (after
  /// clearing the case's tag bits with `EnumCase.boxAddressMask`).
  @usableFromInline static let indirectInPlace: UInt8 = 8
  /// The payload is a metatype with one value (of a type that is not a class), stored in no
  /// bytes: make that value.
  static let singleton: UInt8 = 9
  /// The payload holds functions or single-value metatypes, in tuples or optionals, stored at
  /// another abstraction than generic code holds them: read it element by element, converting
  /// functions (see `PayloadReading` and `reabstractedFunction(of:at:)`).
  static let rebuilt: UInt8 = 10
  /// Like `rebuilt`, for a payload in a heap box.
  static let rebuiltIndirect: UInt8 = 11
}

/// The learned case of an `EnumCase`, packed in one word so it can live in an atomic.
///
/// Bits 0–31 hold the case tag, bits 32–39 the `ExtractionMode`, bits 40–47 the number of
/// `Optional` layers around the enum. All zero means "not learned yet" (modes start at 1).
@usableFromInline
struct CaseState {
  @usableFromInline let bits: UInt64

  @inlinable
  init(bits: UInt64) {
    self.bits = bits
  }

  init(tag: UInt32, mode: UInt8, depth: Int) {
    bits = UInt64(tag) | UInt64(mode) << 32 | UInt64(UInt8(depth)) << 40
  }

  @inlinable var isKnown: Bool { bits != 0 }
  @inlinable var tag: UInt32 { UInt32(truncatingIfNeeded: bits) }
  @inlinable var mode: UInt8 { UInt8(truncatingIfNeeded: bits >> 32) }
  @inlinable var depth: Int { Int(truncatingIfNeeded: bits >> 40) }
}

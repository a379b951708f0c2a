/// The `getEnumTag` value witness: returns the case index of the enum value at the address.
@usableFromInline
typealias EnumTagWitness = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

/// The `destructiveProjectEnumData` value witness: strips the tag so the payload sits at
/// offset 0 of the value's storage.
@usableFromInline
typealias EnumProjectWitness = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

/// The `destructiveInjectEnumTag` value witness: stores a case tag into a payload (or into
/// uninitialized storage, for a case without payload).
@usableFromInline
typealias EnumInjectWitness =
  @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer)
  -> Void

/// The `getEnumTagSinglePayload` value witness of a type `T`: given the address of an enum with
/// one `T` payload case and `emptyCases` other cases, returns 0 for the payload case.
@usableFromInline
typealias SinglePayloadTagWitness =
  @convention(c) (UnsafeRawPointer, UInt32, UnsafeRawPointer)
  -> UInt32

/// Direct access to the Swift runtime's description of one enum type.
///
/// It reads the type metadata, the value witness table and the nominal type descriptor as laid
/// out by the stable Swift ABI on 64-bit platforms. Case tags count the cases with a payload
/// first, in declaration order, then the cases without one. Creating a layout is cheap (a few
/// loads) and fails for anything that is not an enum (structs, classes, tuples, existentials).
@usableFromInline
// @unchecked Sendable: every stored property is an immutable pointer to runtime type metadata,
// a type descriptor or a value witness function, or a plain value. The pointees live for the
// whole process and are never written, so sharing a layout between threads cannot race.
struct EnumLayout: @unchecked Sendable {
  /// The enum's type metadata, passed to every witness.
  @usableFromInline let metadata: UnsafeRawPointer
  /// Reads the tag; for a single-case enum, a function that returns 0.
  @usableFromInline let tagWitness: EnumTagWitness
  @usableFromInline let projectWitness: EnumProjectWitness
  @usableFromInline let injectWitness: EnumInjectWitness
  /// For `Optional<Wrapped>`: `Wrapped`'s metadata and its `getEnumTagSinglePayload` witness,
  /// which tells `.some` from `.none` in one call instead of two.
  @usableFromInline let wrappedMetadata: UnsafeRawPointer?
  @usableFromInline let wrappedTagWitness: SinglePayloadTagWitness?
  /// The enum's nominal type descriptor, or `nil` when it does not look like one.
  let descriptor: UnsafeRawPointer?
  /// Number of cases with a payload; their tags are `0 ..< payloadCaseCount`.
  let payloadCaseCount: UInt32
  /// Number of cases without payload; their tags follow the payload cases.
  let emptyCaseCount: UInt32

  /// Reads the layout of `type`, or returns `nil` when `type` is not an enum.
  init?(of type: Any.Type) {
    guard MemoryLayout<Int>.size == 8 else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == MetadataKind.enum || kind == MetadataKind.optional else { return nil }
    let witnesses = metadata.load(fromByteOffset: -8, as: UnsafeRawPointer.self)
    let flags = witnesses.load(fromByteOffset: 80, as: UInt32.self)
    guard flags & 0x0020_0000 != 0 else { return nil }  // HasEnumWitnesses
    self.metadata = metadata
    var tagWitness = unsafeBitCast(
      witnesses.load(fromByteOffset: 88, as: UnsafeRawPointer.self), to: EnumTagWitness.self)
    projectWitness = unsafeBitCast(
      witnesses.load(fromByteOffset: 96, as: UnsafeRawPointer.self), to: EnumProjectWitness.self)
    injectWitness = unsafeBitCast(
      witnesses.load(fromByteOffset: 104, as: UnsafeRawPointer.self), to: EnumInjectWitness.self)

    if kind == MetadataKind.optional {
      let wrapped = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self)
      let wrappedWitnesses = wrapped.load(fromByteOffset: -8, as: UnsafeRawPointer.self)
      wrappedMetadata = wrapped
      wrappedTagWitness = unsafeBitCast(
        wrappedWitnesses.load(fromByteOffset: 48, as: UnsafeRawPointer.self),
        to: SinglePayloadTagWitness.self)
    } else {
      wrappedMetadata = nil
      wrappedTagWitness = nil
    }

    let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
    if descriptor.load(as: UInt32.self) & 0x1F == 18 {  // ContextDescriptorKind.enum
      let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
      let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
      self.descriptor = descriptor
      self.payloadCaseCount = payloadCases
      self.emptyCaseCount = emptyCases
      // Single-case enums always have tag 0; some older compilers got their witness wrong.
      if payloadCases + emptyCases == 1 { tagWitness = { _, _ in 0 } }
    } else {
      self.descriptor = nil
      self.payloadCaseCount = 0
      self.emptyCaseCount = 0
    }
    self.tagWitness = tagWitness
  }

  /// Returns the case tag of `root`, an instance of this layout's enum.
  @inlinable
  @inline(__always)
  func tag<Root>(of root: Root) -> UInt32 {
    withUnsafePointer(to: root) { tag(at: UnsafeRawPointer($0)) }
  }

  /// Returns the case tag of the instance of this layout's enum stored at `pointer`.
  @inlinable
  func tag(at pointer: UnsafeRawPointer) -> UInt32 {
    tagWitness(pointer, metadata)
  }

  /// Whether the optional at `pointer`, an instance of this `Optional` layout, is `.some`.
  @inlinable
  func isSome(at pointer: UnsafeRawPointer) -> Bool {
    guard let wrappedTagWitness, let wrappedMetadata else { return tag(at: pointer) == 0 }
    return wrappedTagWitness(pointer, 1, wrappedMetadata) == 0
  }

  /// Whether the case with `tag` is stored without payload (its tag follows all payload cases).
  func isPayloadless(tag: UInt32) -> Bool {
    descriptor != nil && tag >= payloadCaseCount
  }

  /// The tag of the first case without payload, or `nil` when every case has one (or the
  /// descriptor is unreadable); `Optional`'s is `.none`.
  var firstPayloadlessTag: UInt32? {
    descriptor != nil && emptyCaseCount > 0 ? payloadCaseCount : nil
  }

  /// For `Optional<Wrapped>`, the layout of `Wrapped` when it is an enum itself.
  ///
  /// A `.some` optional stores its wrapped value unchanged at offset 0 (the `nil` tag lives in
  /// spare bit patterns or in bytes after it), so an inner enum can be read in place.
  var wrappedEnumLayout: EnumLayout? {
    wrappedType.flatMap { EnumLayout(of: $0) }
  }

  /// For `Optional<Wrapped>`, the `Wrapped` type.
  var wrappedType: Any.Type? {
    wrappedMetadata.map { unsafeBitCast($0, to: Any.Type.self) }
  }
}

/// Metadata kind values from the Swift ABI.
enum MetadataKind {
  static let `struct` = 0x200
  static let `enum` = 0x201
  static let optional = 0x202
  static let tuple = 0x301
  static let function = 0x302
  static let metatype = 0x304
}

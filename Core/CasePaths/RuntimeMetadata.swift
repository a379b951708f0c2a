import Synchronization

// The one file of CasePaths that reads runtime metadata or memory by layout. Every offset is of
// the stable Swift ABI on 64-bit platforms, cited to the Swift repository's document for it:
// docs/ABI/TypeMetadata.rst (metadata, descriptors), include/swift/ABI/ValueWitness.def (the
// value witness table and the enum witnesses' contracts), docs/ABI/TypeLayout.rst (enum
// layouts) and include/swift/RemoteInspection/Records.h (field records). `RuntimeCheck` runs
// every reader here against enums of known layout; if it fails, `/` refuses instead of guessing.

/// Metadata kinds (TypeMetadata.rst: word 0; a class's is 0 or above `lastEnumerated`).
enum MetadataKind {
  static let (`struct`, `enum`, optional, tuple) = (0x200, 0x201, 0x202, 0x301)
  static let (function, metatype, existentialMetatype, lastEnumerated) = (
    0x302, 0x304, 0x306, 0x7FF
  )
}

/// A type's metadata address, as the runtime hands it out for `T.self`.
private func metadata(of type: Any.Type) -> UnsafeRawPointer {
  // NOTE: safe: a metatype value is its metadata's address (TypeMetadata.rst, "Metadata
  // objects"), and both types are one pointer wide.
  unsafeBitCast(type, to: UnsafeRawPointer.self)
}

/// The type whose metadata's address is the word at byte `offset` of `pointer`.
private func type(at pointer: UnsafeRawPointer, offset: Int) -> Any.Type {
  // NOTE: safe: the inverse of `metadata(of:)`, only ever given metadata fields that
  // TypeMetadata.rst defines as metadata pointers.
  unsafeBitCast(pointer.load(fromByteOffset: offset, as: UnsafeRawPointer.self), to: Any.Type.self)
}

/// What decides whether a payload of a type can be read as the path's value.
enum TypeShape {
  case tuple([Any.Type])
  case optional(Any.Type)
  case function, existentialMetatype, `enum`, other
  case metatype(instance: Any.Type, instanceIsClass: Bool)
  case `struct`(generic: Bool)

  init(of type: Any.Type) {
    // NOTE: safe: each case reads only the words TypeMetadata.rst gives metadata of that kind.
    let pointer = metadata(of: type)
    let kind = pointer.load(as: Int.self)
    switch kind {
    case MetadataKind.tuple:
      // Tuple metadata (TypeMetadata.rst): word 1 the element count, word 2 the labels, then one
      // (type, offset) pair of two words per element from word 3.
      let count = pointer.load(fromByteOffset: 8, as: Int.self)
      self = .tuple((0..<count).map { CasePaths.type(at: pointer, offset: 24 + 16 * $0) })
    case MetadataKind.optional:
      // Enum metadata: word 1 the descriptor, generic arguments from word 2.
      self = .optional(CasePaths.type(at: pointer, offset: 16))
    case MetadataKind.function: self = .function
    case MetadataKind.metatype:
      // Metatype metadata: word 1 the instance type.
      let instance = CasePaths.type(at: pointer, offset: 8)
      let instanceKind = metadata(of: instance).load(as: Int.self)
      self = .metatype(
        instance: instance,
        instanceIsClass: instanceKind == 0 || instanceKind > MetadataKind.lastEnumerated)
    case MetadataKind.existentialMetatype: self = .existentialMetatype
    case MetadataKind.struct:
      // Context descriptor flags (TypeMetadata.rst, "Nominal type descriptors"): bit 7 generic.
      let descriptor = pointer.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
      self = .struct(generic: descriptor.load(as: UInt32.self) & 0x80 != 0)
    case MetadataKind.enum: self = .enum
    default: self = .other
    }
  }
}

/// One case's payload from the field records: its declared type (generic arguments
/// substituted), and whether the case is `indirect` (the payload in a heap box).
struct CasePayload {
  let type: Any.Type
  let indirect: Bool
}

/// The runtime's description of one enum type (`Optional` too): case tags count the cases with
/// a payload first, in declaration order, then the others.
// NOTE: `@unchecked Sendable`: it holds only addresses of runtime metadata and of the value
// witness table, which live for the whole process and are never written.
@usableFromInline struct EnumLayout: @unchecked Sendable {
  @usableFromInline typealias GetEnumTag =
    @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Project =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline let metadata: UnsafeRawPointer
  /// The enum witnesses (ValueWitness.def: words 11 and 12 of the table are getEnumTag and
  /// destructiveProjectEnumData), read once: a tag read is then one call.
  @usableFromInline let getEnumTag: GetEnumTag
  @usableFromInline let destructiveProject: Project
  let size: Int, alignment: Int
  @usableFromInline let isOptional: Bool
  let payloadCaseCount: UInt32, emptyCaseCount: UInt32
  let descriptor: UnsafeRawPointer

  /// The layout of `type`, or `nil` when it is not an enum with enum witnesses.
  init?(of type: Any.Type) {
    guard MemoryLayout<Int>.size == 8 else { return nil }
    let metadata = CasePaths.metadata(of: type)
    let kind = metadata.load(as: Int.self)
    guard kind == MetadataKind.enum || kind == MetadataKind.optional else { return nil }
    // NOTE: safe: every value metadata has its witness table pointer in the word before it.
    let witnesses = metadata.load(fromByteOffset: -8, as: UnsafeRawPointer.self)
    // ValueWitness.def: eight function pointers, then size (word 8), stride (word 9), flags
    // (32 bits at byte 80; bits 0-7 the alignment mask, bit 21 HasEnumWitnesses).
    let flags = witnesses.load(fromByteOffset: 80, as: UInt32.self)
    guard flags & 0x0020_0000 != 0 else { return nil }
    // NOTE: safe: enum and optional metadata hold their descriptor in word 1.
    let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
    // Enum descriptor (TypeMetadata.rst): flags, parent, name, access function, fields (each
    // 32 bits), then NumPayloadCasesAndPayloadSizeOffset (low 24 bits) and NumEmptyCases.
    guard descriptor.load(as: UInt32.self) & 0x1F == 18 else { return nil }  // kind: enum
    self.metadata = metadata
    // NOTE: safe: HasEnumWitnesses (checked above) says these words hold C-convention functions
    // of exactly these types.
    (getEnumTag, destructiveProject) = (
      unsafeBitCast(
        witnesses.load(fromByteOffset: 88, as: UnsafeRawPointer.self), to: GetEnumTag.self),
      unsafeBitCast(witnesses.load(fromByteOffset: 96, as: UnsafeRawPointer.self), to: Project.self)
    )
    self.size = witnesses.load(fromByteOffset: 64, as: Int.self)
    self.alignment = Int(flags & 0xFF) + 1
    self.isOptional = kind == MetadataKind.optional
    self.descriptor = descriptor
    self.payloadCaseCount = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    self.emptyCaseCount = descriptor.load(fromByteOffset: 24, as: UInt32.self)
  }

  /// The case tag of the value at `pointer` (`getEnumTag`).
  @inlinable func tag(at pointer: UnsafeRawPointer) -> UInt32 { getEnumTag(pointer, metadata) }

  /// Strips the tag of the value at `pointer`, leaving its case's payload
  /// (`destructiveProjectEnumData`: bits only, no ownership changes).
  @inlinable func project(at pointer: UnsafeMutableRawPointer) {
    destructiveProject(pointer, metadata)
  }

  /// For `Optional<Wrapped>`, `Wrapped`; `nil` for other enums.
  var wrappedType: Any.Type? {
    isOptional ? type(at: metadata, offset: 16) : nil
  }

  /// Whether the enum's field records can be read (a descriptor without them is refused).
  var hasFieldRecords: Bool { descriptor.load(fromByteOffset: 16, as: Int32.self) != 0 }

  /// The names of the cases, in tag order.
  var caseNames: [String] {
    fieldRecords.map { record in
      let nameOffset = record.load(fromByteOffset: 8, as: Int32.self)
      guard nameOffset != 0 else { return "" }
      // NOTE: safe: a field name is a NUL-terminated C string (Records.h).
      return String(cString: (record + 8 + Int(nameOffset)).assumingMemoryBound(to: CChar.self))
    }
  }

  /// The field records, in tag order (Records.h: a FieldDescriptor's 16-bit record size and
  /// 32-bit count at bytes 10 and 12, then records: flags, relative type name, relative name).
  private var fieldRecords: [UnsafeRawPointer] {
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return [] }
    let fields = descriptor + 16 + Int(fieldsOffset)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12 else { return [] }
    return (0..<count).map { fields + 16 + $0 * recordSize }
  }

  /// The payload of the case with `tag`, from the field records; `nil` for a case without
  /// payload or when the records or the type cannot be read.
  func payload(forTag tag: UInt32) -> CasePayload? {
    let records = fieldRecords
    guard Int(tag) < records.count else { return nil }
    let record = records[Int(tag)]
    let nameOffset = Int(record.load(fromByteOffset: 4, as: Int32.self))
    guard nameOffset != 0 else { return nil }
    let name = record + 4 + nameOffset
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    // NOTE: safe: a mangled name is bytes, its length counted past symbolic references.
    guard
      let type = _getTypeByMangledNameInContext(
        name.assumingMemoryBound(to: UInt8.self), UInt(mangledNameLength(name)),
        genericContext: descriptor, genericArguments: isGeneric ? metadata + 16 : nil)
    else { return nil }
    let indirect = record.load(as: UInt32.self) & 0x1 != 0  // FieldRecordFlags.IsIndirectCase
    // A single labelled payload (`case fetch(id: String)`) is a one-element tuple, laid out as
    // its element.
    guard case .tuple(let elements) = TypeShape(of: type), elements.count == 1 else {
      return CasePayload(type: type, indirect: indirect)
    }
    return CasePayload(type: elements[0], indirect: indirect)
  }
}

/// The payload of the projected enum value at `storage`, as `P`.
@inlinable func projectedPayload<P>(in storage: UnsafeMutableRawPointer, indirect: Bool) -> P {
  guard indirect else { return storage.load(as: P.self) }
  // NOTE: safe: a projected indirect case holds its box's address; the payload follows the
  // two-word heap object header at its alignment (both checked by `RuntimeCheck`).
  let box = storage.load(as: UnsafeRawPointer.self)
  let offset = (16 + MemoryLayout<P>.alignment - 1) & ~(MemoryLayout<P>.alignment - 1)
  return box.load(fromByteOffset: offset, as: P.self)
}

// NOTE: the helpers below pass the address of a `Root` value only to readers of that same
// value's layouts, and only for the duration of the call.
/// The tags of `root` through `layouts`, stopping at a layer that is not `.some`; all read at
/// its address, a `.some` keeping its value at offset 0 (TypeLayout.rst, single-payload enums).
func tags<Root>(of root: Root, layouts: [EnumLayout]) -> [UInt32] {
  withUnsafePointer(to: root) { pointer in
    var result: [UInt32] = []
    for layout in layouts where result.last ?? 0 == 0 || !layouts[result.count - 1].isOptional {
      result.append(layout.tag(at: UnsafeRawPointer(pointer)))
    }
    return result
  }
}

/// Reads the payload of `root`'s layer `level`, in case `tag`, as `P`.
@inlinable func readPayload<Root, P>(
  of root: Root, layouts: [EnumLayout], level: Int, tag: UInt32, indirect: Bool, as _: P.Type
) -> P {
  // NOTE: safe: a bitwise copy, never destroyed: the projection only clears tag bits
  // (ValueWitness.def), and the one value taken out of it is a copy (`load` retains).
  withCopy(of: root) { storage in
    layouts[level].project(at: storage)
    return projectedPayload(in: storage, indirect: indirect)
  }
}

/// The only value of a metatype whose instance type is not a class (`Int.Type` holds only
/// `Int.self`), made without reading memory.
func singletonMetatype<Value>(_: Value.Type) -> Value? {
  guard case .metatype(let instance, false) = TypeShape(of: Value.self) else { return nil }
  // NOTE: safe: `Value` is that metatype, whose values are one pointer to instance metadata.
  return unsafeBitCast(instance, to: Value.self)
}

/// The length of a mangled type name, which may embed symbolic references holding zero bytes
/// (docs/ABI/Mangling.rst, "Symbolic references").
// NOTE: safe: only given the start of a mangled name from a field record, which ends in a 0.
private func mangledNameLength(_ start: UnsafeRawPointer) -> Int {
  var length = 0
  while true {
    switch start.load(fromByteOffset: length, as: UInt8.self) {
    case 0: return length
    case 0x01...0x17: length += 5
    case 0x18...0x1F: length += 9
    default: length += 1
    }
  }
}

// NOTE: `@unchecked Sendable`: `CasePath.init(payloadless:)` checks that the value is in a case
// without payload (behind `.some` layers only), so it holds no state that threads could share.
final class PayloadlessValue<Root>: @unchecked Sendable {
  let value: Root
  init(_ value: Root) { self.value = value }
}

/// Answers whether the root at an address is in the case, before the case is known.
struct SlowMatch: Sendable {
  let run: @Sendable (UnsafeRawPointer) -> Bool
  init<Root>(_ match: @escaping @Sendable (Root) -> Bool) {
    // NOTE: safe: the test that calls it is only ever given addresses of `Root` values.
    run = { match($0.load(as: Root.self)) }
  }
}

// The tests of a root's tags at its address.
// NOTE: safe: the pointers are addresses of `Root` values (a path's own, or Actomaton's state and
// actions, whose types the path was made for), read only through their layouts' witnesses.
extension CaseBitTest {
  /// The tag of layer `index` of the root at `pointer`.
  @inlinable @inline(__always) func tag(_ index: Int, at pointer: UnsafeRawPointer) -> UInt32 {
    index == 0
      ? first.tag(at: pointer)
      : index == depth - 1 ? last.tag(at: pointer) : layouts[index].tag(at: pointer)
  }

  /// Strips the tag of layer `index` of the root at `pointer`, leaving its payload.
  @inlinable @inline(__always) func project(_ index: Int, at pointer: UnsafeMutableRawPointer) {
    index == 0
      ? first.project(at: pointer)
      : index == depth - 1 ? last.project(at: pointer) : layouts[index].project(at: pointer)
  }

  @inlinable @inline(__always)
  func matches(at pointer: UnsafeRawPointer, _ learned: LearnedCase) -> Bool {
    for index in 0..<learned.level where tag(index, at: pointer) != 0 { return false }
    return tag(learned.level, at: pointer) == learned.tag
  }

  @inlinable func rejects(at pointer: UnsafeRawPointer) -> Bool {
    // NOTE: the first `nil` layer ends the reads: nothing deeper is there.
    for index in 0..<optionalLayers where tag(index, at: pointer) != 0 {
      return index <= nilRejectsThrough
    }
    let mismatches = mismatches.load(ordering: .relaxed)
    guard mismatches != 0, !last.isOptional else { return false }
    let tag = last.tag(at: pointer)
    return tag < 64 && mismatches & (1 << tag) != 0
  }

  /// Whether the root at `pointer` is in the case: what `CasePath.isCase(of:)` answers. The
  /// tags decide, unless the case is unknown and they do not reject the root, or it is a cast.
  @usableFromInline func isCase(at pointer: UnsafeRawPointer) -> Bool {
    decided(at: pointer) ?? slowMatch.withLock { $0 }?.run(pointer) ?? false
  }

  /// Whether the root at `pointer` is in the case, when its tags alone say; `nil` otherwise.
  @usableFromInline func decided(at pointer: UnsafeRawPointer) -> Bool? {
    guard let learned else { return rejects(at: pointer) ? false : nil }
    // NOTE: a constructor converted from a wider payload (`(Any) -> Enum` used as
    // `(Int) -> Enum`): the tag says nothing about whether the payload is a `Value`.
    return !matches(at: pointer, learned) ? false : learned.cast ? nil : true
  }

  /// The tags of the root at `pointer`, packed in one word; `nil` when they do not fit.
  @usableFromInline func key(at pointer: UnsafeRawPointer) -> UInt64? {
    var key: UInt64 = 0
    for index in 0..<depth {
      let tag = tag(index, at: pointer)
      guard index < 3, tag < 1 << 20 else { return nil }
      key |= UInt64(tag) << (20 * index)
      if index < optionalLayers && tag != 0 { break }
    }
    return key
  }

  /// The payload of `root` when it is in `learned`, a case read without a cast; `nil` otherwise.
  /// The tags are read in a copy of `root` (never destroyed), where a matching root is projected.
  @inlinable @inline(__always)
  func extract<Root, P>(_ root: Root, _ learned: LearnedCase, as _: P.Type) -> P? {
    withCopy(of: root) { storage in
      guard matches(at: storage, learned) else { return nil }
      // NOTE: safe: `Root`'s size covers every layer's (a layer is at offset 0 of the one
      // around it, TypeLayout.rst); the copy's only use is the projected payload, copied out by
      // `load`.
      project(learned.level, at: storage)
      return projectedPayload(in: storage, indirect: learned.indirect) as P
    }
  }

  @inlinable func rejects<Root>(_ root: Root) -> Bool {
    withCopy(of: root) { rejects(at: $0) }
  }

  /// Whether `root` is in the learned case.
  @inlinable func matches<Root>(_ root: Root, _ learned: LearnedCase) -> Bool {
    withCopy(of: root) { matches(at: $0, learned) }
  }
  /// Whether `root` is in the case, read where it is.
  @inlinable func isCase<Root>(_ root: inout Root) -> Bool {
    withUnsafePointer(to: &root) { isCase(at: UnsafeRawPointer($0)) }
  }

  /// Whether `root` is in the case when its tags alone say, and its tags packed, read where it is.
  @inlinable func decided<Root>(_ root: inout Root) -> Bool? {
    withUnsafePointer(to: &root) { decided(at: UnsafeRawPointer($0)) }
  }

  @inlinable func key<Root>(_ root: inout Root) -> UInt64? {
    withUnsafePointer(to: &root) { key(at: UnsafeRawPointer($0)) }
  }
}

/// Runs `body` on a bitwise copy of `root` in scratch memory of its own, never destroyed, written
/// in whole words, the last one padded with zeros.
// NOTE: a witness reads a tag with a load that may be wider than the bytes the compiler stored
// last when it copied a value to take its address (the last two of a 34-byte action). Such a
// load waits for the stores to drain (a few nanoseconds, five times in a send through the app's
// root); a load from whole-word stores does not.
@inlinable @inline(__always) func withCopy<Root, Result>(
  of root: Root, _ body: (UnsafeMutableRawPointer) -> Result
) -> Result {
  let (size, words) = (MemoryLayout<Root>.size, (MemoryLayout<Root>.size + 7) / 8)
  return withUnsafePointer(to: root) { pointer in
    let source = UnsafeRawPointer(pointer)
    return withUnsafeTemporaryAllocation(
      byteCount: max(8 * words, 1), alignment: max(MemoryLayout<Root>.alignment, 8)
    ) { buffer in
      let copy = buffer.baseAddress!
      for index in 0..<size / 8 {
        let word = source.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)
        copy.storeBytes(of: word, toByteOffset: 8 * index, as: UInt64.self)
      }
      if size % 8 != 0 {
        var last: UInt64 = 0
        for byte in size / 8 * 8..<size {
          last |= UInt64(source.load(fromByteOffset: byte, as: UInt8.self)) << (8 * (byte % 8))
        }
        copy.storeBytes(of: UInt64(littleEndian: last), toByteOffset: size / 8 * 8, as: UInt64.self)
      }
      return body(copy)
    }
  }
}

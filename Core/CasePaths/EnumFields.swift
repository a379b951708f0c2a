/// What the runtime's field records say about the payload of one enum case.
enum EnumCasePayload {
  /// The case has no payload.
  case none
  /// The case stores a value of `type`, in a heap box when `indirect` is `true`; `reading`
  /// tells whether generic code may read it as `type` (see ``PayloadReading``).
  case stored(type: Any.Type, indirect: Bool, reading: PayloadReading)
  /// The records could not be read or the type could not be resolved.
  case unknown
}

extension EnumLayout {
  /// Looks up the declared payload type of the case with `tag` in the enum's field records.
  ///
  /// The records are ordered like the tags (payload cases, then the others). This resolves the
  /// record's mangled type name through the runtime, so it is slow and only used while a case
  /// path learns which case it belongs to.
  func payload(forTag tag: UInt32) -> EnumCasePayload {
    guard let descriptor else { return .unknown }
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return .unknown }
    let fields = descriptor + 16 + Int(fieldsOffset)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard recordSize >= 12, tag < recordCount else { return .unknown }

    let record = fields + 16 + Int(tag) * recordSize
    let recordFlags = record.load(as: UInt32.self)
    let typeNameOffset = record.load(fromByteOffset: 4, as: Int32.self)
    guard typeNameOffset != 0 else { return .none }
    let typeName = record + 4 + Int(typeNameOffset)
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    let length = mangledNameLength(typeName)
    guard
      let type = _getTypeByMangledNameInContext(
        typeName.assumingMemoryBound(to: UInt8.self),
        UInt(length),
        genericContext: descriptor,
        genericArguments: isGeneric ? metadata + 16 : nil)
    else { return .unknown }
    // A single labelled payload is a one-element tuple with the same layout as its element.
    let reading = PayloadReading(
      of: unwrappingSingleElementTuple(type),
      maximallyAbstract: isGeneric && namesGenericParameter(typeName, length: length))
    return .stored(type: type, indirect: recordFlags & 0x1 != 0, reading: reading)
  }
}

/// Returns the byte length of a mangled type name, which may embed symbolic references whose
/// bytes include zeros.
private func mangledNameLength(_ start: UnsafeRawPointer) -> Int {
  var length = 0
  while true {
    let byte = start.load(fromByteOffset: length, as: UInt8.self)
    switch byte {
    case 0: return length
    case 0x01...0x17: length += 1 + 4  // relative symbolic reference
    case 0x18...0x1F: length += 1 + MemoryLayout<Int>.size  // absolute symbolic reference
    default: length += 1
    }
  }
}

/// Whether a stored payload of type `payload` can be read in place as a `value` type.
///
/// True for the same type, for a one-element tuple (a single labelled payload such as
/// `case fetch(id: String)`) around `value`, and for tuples that differ only by labels. Types
/// with the same elements have the same layout, so reading one as the other is memory-safe.
func isLayoutIdentical(payload: Any.Type, value: Any.Type) -> Bool {
  if payload == value { return true }
  let payloadMetadata = unsafeBitCast(payload, to: UnsafeRawPointer.self)
  let valueMetadata = unsafeBitCast(value, to: UnsafeRawPointer.self)
  guard payloadMetadata.load(as: Int.self) == MetadataKind.tuple else { return false }
  // Tuple metadata: kind, element count, labels, then (type, offset) pairs.
  let count = payloadMetadata.load(fromByteOffset: 8, as: Int.self)
  if count == 1 {
    return payloadMetadata.load(fromByteOffset: 24, as: UnsafeRawPointer.self) == valueMetadata
  }
  guard
    valueMetadata.load(as: Int.self) == MetadataKind.tuple,
    valueMetadata.load(fromByteOffset: 8, as: Int.self) == count
  else { return false }
  for index in 0..<count {
    let offset = 24 + 16 * index
    let payloadElement = payloadMetadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
    let valueElement = valueMetadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
    guard payloadElement == valueElement else { return false }
  }
  return true
}

/// Returns the element type of a one-element tuple type, or `type` itself otherwise.
func unwrappingSingleElementTuple(_ type: Any.Type) -> Any.Type {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  guard
    metadata.load(as: Int.self) == MetadataKind.tuple,
    metadata.load(fromByteOffset: 8, as: Int.self) == 1
  else { return type }
  return unsafeBitCast(
    metadata.load(fromByteOffset: 24, as: UnsafeRawPointer.self), to: Any.Type.self)
}

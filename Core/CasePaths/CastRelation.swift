/// Whether a payload declared as `payload` might hold, in some instances but not others, a
/// value that casts to `value` (as an existential, optional, class or collection may).
///
/// When this is `false`, a failed cast from one payload of that case means no payload of that
/// case ever casts, so the case can be remembered as a mismatch. The answer errs on `true`.
func payloadMayVaryInCasting(_ payload: Any.Type, to value: Any.Type) -> Bool {
  let metadata = unsafeBitCast(payload, to: UnsafeRawPointer.self)
  switch metadata.load(as: Int.self) {
  case 0x200:  // struct
    if payload == AnyHashable.self { return true }
    // Collections cast element by element, so `[Any]` may or may not cast to `[Int]`.
    let valueMetadata = unsafeBitCast(value, to: UnsafeRawPointer.self)
    return isGenericStruct(metadata) && isGenericStruct(valueMetadata)
  case MetadataKind.enum, 0x302:  // enum, function
    return false
  case MetadataKind.tuple:
    let count = metadata.load(fromByteOffset: 8, as: Int.self)
    return (0..<count).contains { index in
      let element = metadata.load(fromByteOffset: 24 + 16 * index, as: UnsafeRawPointer.self)
      return payloadMayVaryInCasting(unsafeBitCast(element, to: Any.Type.self), to: value)
    }
  default:  // optionals, existentials, metatypes, classes and anything else
    return true
  }
}

private func isGenericStruct(_ metadata: UnsafeRawPointer) -> Bool {
  guard metadata.load(as: Int.self) == 0x200 else { return false }
  let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
  return descriptor.load(as: UInt32.self) & 0x80 != 0  // ContextDescriptorFlags.isGeneric
}

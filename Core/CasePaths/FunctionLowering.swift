/// One register's worth of a value a Swift function takes or returns directly: `size` bytes at
/// `offset`, in an integer register or, when `isFloat`, a floating-point one.
struct RegisterScalar: Sendable {
  let offset: Int
  let size: Int
  let isFloat: Bool
  /// Whether the callee expects the value sign-extended to the register's width.
  var isSigned = false
}

/// How a Swift function type, held at its own abstraction, passes its arguments and result:
/// each in registers, as scalars this can name. `nil` from ``init(of:)`` when it cannot tell.
///
/// Swift lowers a function type at its own abstraction (as an enum stores it) by exploding
/// each argument and the result into scalars, passed in registers when there are at most four
/// per value; code generic over the type passes every argument and the result by address. This
/// knows the scalars of the standard library's numbers, `Bool`, `String`, arrays, sets,
/// dictionaries, class references and tuples of them, each scalar alone in its 8-byte chunk
/// (where the compiler would merge neighbours, it gives up). Integer and floating-point
/// registers are assigned independently, in order, on x86-64 and arm64 alike.
struct FunctionSignature: Sendable {
  enum Kind: Sendable { case plain, throwing, async, asyncThrowing }

  let kind: Kind
  let parameters: [Any.Type]
  let parameterScalars: [[RegisterScalar]]
  let result: Any.Type
  let resultScalars: [RegisterScalar]

  /// Registers for arguments: six integer ones (x86-64 has no more), eight floating-point ones.
  static let integerArguments = 6
  static let floatArguments = 8
  /// A result lowers to at most four registers.
  static let resultRegisters = 4
  /// The parameters ``FunctionReabstraction`` can open.
  static let maximumArity = 3

  init?(of type: Any.Type) {
    guard MemoryLayout<Int>.size == 8 else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard metadata.load(as: Int.self) == MetadataKind.function else { return nil }
    let flags = metadata.load(fromByteOffset: 8, as: UInt.self)
    // Function type flags: parameter count (bits 0–15), convention (16–23, 0 is Swift),
    // throws (24), parameter flags (25), differentiable (27), async (29), extended flags (31:
    // typed throws, `isolated(any)`, a `sending` result).
    let count = Int(flags & 0xFFFF)
    let convention = (flags >> 16) & 0xFF
    let throwing = flags & (1 << 24) != 0
    let async = flags & (1 << 29) != 0
    guard convention == 0, flags & (1 << 27) == 0, flags & (1 << 31) == 0,
      count <= Self.maximumArity
    else { return nil }
    let parameters = (0..<count).map { index in
      unsafeBitCast(
        metadata.load(fromByteOffset: 24 + 8 * index, as: UnsafeRawPointer.self),
        to: Any.Type.self)
    }
    if flags & (1 << 25) != 0 {
      // inout, borrowing, consuming, variadic, autoclosure, isolated, sending: another
      // convention, or one this does not model.
      let parameterFlags = metadata + 24 + 8 * count
      for index in 0..<count
      where parameterFlags.load(fromByteOffset: 4 * index, as: UInt32.self) != 0 {
        return nil
      }
    }
    let result = unsafeBitCast(
      metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self), to: Any.Type.self)
    // The stand-in results (see `ResultShape`): four integers, four floats, or two of each.
    guard let resultScalars = registerScalars(of: result),
      resultScalars.count <= Self.resultRegisters,
      resultScalars.count(where: \.isFloat) <= 2 || resultScalars.allSatisfy(\.isFloat),
      resultScalars.count(where: { !$0.isFloat }) <= 2 || !resultScalars.contains(where: \.isFloat)
    else { return nil }
    var parameterScalars: [[RegisterScalar]] = []
    for parameter in parameters {
      // More than four scalars would be passed by address.
      guard let scalars = registerScalars(of: parameter), scalars.count <= 4 else { return nil }
      parameterScalars.append(scalars)
    }
    let all = parameterScalars.joined()
    guard all.count(where: { !$0.isFloat }) <= Self.integerArguments,
      all.count(where: \.isFloat) <= Self.floatArguments
    else { return nil }
    self.kind =
      switch (async, throwing) {
      case (false, false): .plain
      case (false, true): .throwing
      case (true, false): .async
      case (true, true): .asyncThrowing
      }
    self.parameters = parameters
    self.parameterScalars = parameterScalars
    self.result = result
    self.resultScalars = resultScalars
  }
}

/// The scalars `type` lowers to when passed directly, or `nil` when this cannot tell.
func registerScalars(of type: Any.Type) -> [RegisterScalar]? {
  if let known = knownScalars[ObjectIdentifier(type)] { return known }
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  let kind = metadata.load(as: Int.self)
  if isClassMetadata(metadata) {
    return [RegisterScalar(offset: 0, size: 8, isFloat: false)]
  }
  if kind == MetadataKind.struct,
    singlePointerStructs.contains(metadata.load(fromByteOffset: 8, as: UInt.self))
  {
    return [RegisterScalar(offset: 0, size: 8, isFloat: false)]
  }
  guard kind == MetadataKind.tuple else { return nil }
  var scalars: [RegisterScalar] = []
  for element in tupleElements(of: type) {
    guard let inner = registerScalars(of: element.type) else { return nil }
    scalars += inner.map {
      RegisterScalar(
        offset: element.offset + $0.offset, size: $0.size, isFloat: $0.isFloat,
        isSigned: $0.isSigned)
    }
  }
  // NOTE: the compiler merges scalars that share an 8-byte chunk into one register; this does
  // not model that, so it gives up on such tuples.
  let chunks = scalars.map { $0.offset / 8 }
  guard Set(chunks).count == chunks.count, scalars.allSatisfy({ $0.offset % 8 + $0.size <= 8 })
  else { return nil }
  return scalars
}

private func scalar(_ size: Int, float: Bool = false, signed: Bool = false) -> [RegisterScalar] {
  [RegisterScalar(offset: 0, size: size, isFloat: float, isSigned: signed)]
}

private let knownScalars: [ObjectIdentifier: [RegisterScalar]] = [
  ObjectIdentifier(Int.self): scalar(8), ObjectIdentifier(UInt.self): scalar(8),
  ObjectIdentifier(Int64.self): scalar(8), ObjectIdentifier(UInt64.self): scalar(8),
  ObjectIdentifier(Int32.self): scalar(4, signed: true), ObjectIdentifier(UInt32.self): scalar(4),
  ObjectIdentifier(Int16.self): scalar(2, signed: true), ObjectIdentifier(UInt16.self): scalar(2),
  ObjectIdentifier(Int8.self): scalar(1, signed: true), ObjectIdentifier(UInt8.self): scalar(1),
  ObjectIdentifier(Bool.self): scalar(1),
  ObjectIdentifier(Double.self): scalar(8, float: true),
  ObjectIdentifier(Float.self): scalar(4, float: true),
  ObjectIdentifier(Void.self): [],
  ObjectIdentifier(String.self): [
    RegisterScalar(offset: 0, size: 8, isFloat: false),
    RegisterScalar(offset: 8, size: 8, isFloat: false),
  ],
]

/// The type descriptors of `Array`, `Set` and `Dictionary`, one reference each whatever their
/// elements.
private let singlePointerStructs: Set<UInt> = Set(
  [[Int].self, Set<Int>.self, [Int: Int].self].map { (type: Any.Type) in
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 8, as: UInt.self)
  })

/// How code generic over a payload's type can read a payload stored in an enum case.
///
/// An enum stores a payload at the abstraction of its declared type, and code generic over
/// `Value` holds values at maximal abstraction. The two agree for most types, whose layout the
/// type itself fixes (structs, enums, classes, existentials). They differ for Swift functions,
/// which take and return values in registers rather than indirectly (a function read as a
/// generic value is called the wrong way), for metatypes of types that are not classes, which
/// have one value and are stored in no bytes, and for tuples and optionals holding either. A
/// payload declared as a bare generic parameter (`case value(T)`) is stored at maximal
/// abstraction whatever `T` is.
enum PayloadReading {
  /// Stored as generic code holds a value of its type: read it as that type.
  case exact
  /// A metatype with one value, `instance.self`, stored in no bytes: nothing to read.
  case singleton(instance: Any.Type)
  /// Holds functions or single-value metatypes, in tuples or optionals: read element by element
  /// (see ``rebuildPayload(of:at:)``).
  case rebuilt

  /// How to read a payload of `type`; `maximallyAbstract` when the case declares it as a bare
  /// generic parameter.
  init(of type: Any.Type, maximallyAbstract: Bool) {
    if maximallyAbstract {
      self = .exact
      return
    }
    switch AbstractionKind(of: type) {
    case .fixed: self = .exact
    case .singleton(let instance): self = .singleton(instance: instance)
    case .function, .composite: self = .rebuilt
    }
  }
}

/// How a type's layout depends on the abstraction it is stored at.
enum AbstractionKind {
  /// The same at every abstraction.
  case fixed
  /// A Swift function: the same layout, another calling convention.
  case function
  /// A metatype of a type that is not a class: no bytes, one value.
  case singleton(instance: Any.Type)
  /// A tuple or optional holding any of the above.
  case composite

  init(of type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch metadata.load(as: Int.self) {
    case MetadataKind.function:
      // Function type flags: the convention in bits 16–23 (0 Swift, 1 block, 2 thin, 3 C).
      let convention = (metadata.load(fromByteOffset: 8, as: UInt.self) >> 16) & 0xFF
      self = convention == 1 || convention == 3 ? .fixed : .function
    case MetadataKind.metatype:
      let instance = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
      self =
        isClassMetadata(instance)
        ? .fixed : .singleton(instance: unsafeBitCast(instance, to: Any.Type.self))
    case MetadataKind.tuple:
      self =
        tupleElements(of: type).allSatisfy { AbstractionKind(of: $0.type).isFixed }
        ? .fixed : .composite
    case MetadataKind.optional:
      let wrapped = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self)
      self =
        AbstractionKind(of: unsafeBitCast(wrapped, to: Any.Type.self)).isFixed ? .fixed : .composite
    default:
      self = .fixed
    }
  }

  var isFixed: Bool {
    if case .fixed = self { true } else { false }
  }
}

/// Whether `metadata` describes a class, whose metatype values are stored as a pointer (any
/// subclass may be one) at every abstraction.
func isClassMetadata(_ metadata: UnsafeRawPointer) -> Bool {
  let kind = metadata.load(as: Int.self)
  // Swift classes have kind 0 (an isa pointer, above 0x7FF, with Objective-C interop);
  // then foreign classes, foreign reference types and Objective-C class wrappers.
  return kind == 0 || kind > 0x7FF || kind == 0x203 || kind == 0x204 || kind == 0x305
}

/// The element types of a tuple type and their offsets at maximal abstraction.
///
/// Tuple metadata: kind, element count, labels, then one (type, offset) pair of words per
/// element.
func tupleElements(of type: Any.Type) -> [(type: Any.Type, offset: Int)] {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  let count = metadata.load(fromByteOffset: 8, as: Int.self)
  return (0..<count).map { index in
    let element = metadata.load(fromByteOffset: 24 + 16 * index, as: UnsafeRawPointer.self)
    // NOTE: the offset is 32 bits wide on Linux (a pointer-sized field on Apple platforms);
    // tuples are far smaller than 4 GiB, so the low half is right on either.
    let offset = metadata.load(fromByteOffset: 32 + 16 * index, as: UInt32.self)
    return (unsafeBitCast(element, to: Any.Type.self), Int(offset))
  }
}

/// Whether `type` holds a single-value metatype anywhere, so that its layout as an enum stores
/// it differs from its layout in generic code.
private func holdsSingleton(_ type: Any.Type) -> Bool {
  switch AbstractionKind(of: type) {
  case .fixed, .function: return false
  case .singleton: return true
  case .composite:
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    if metadata.load(as: Int.self) == MetadataKind.optional {
      let wrapped = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self)
      return holdsSingleton(unsafeBitCast(wrapped, to: Any.Type.self))
    }
    return tupleElements(of: type).contains { holdsSingleton($0.type) }
  }
}

/// The size and alignment of `type` as an enum stores it at the type's own abstraction, or
/// `nil` when this cannot tell (an optional around a non-empty value holding a single-value
/// metatype, whose tag may live in that value's spare bits).
func storedLayout(of type: Any.Type) -> (size: Int, alignment: Int)? {
  guard holdsSingleton(type) else { return genericLayout(of: type) }
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  switch metadata.load(as: Int.self) {
  case MetadataKind.metatype:
    return (0, 1)
  case MetadataKind.tuple:
    var size = 0
    var alignment = 1
    for element in tupleElements(of: type) {
      guard let layout = storedLayout(of: element.type) else { return nil }
      size = (size + layout.alignment - 1) & ~(layout.alignment - 1)
      size += layout.size
      alignment = max(alignment, layout.alignment)
    }
    return (size, alignment)
  case MetadataKind.optional:
    // An empty value has no spare bits: the optional adds one tag byte.
    let wrapped = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self)
    guard storedLayout(of: unsafeBitCast(wrapped, to: Any.Type.self))?.size == 0 else { return nil }
    return (1, 1)
  default:
    return nil
  }
}

private func genericLayout(of type: Any.Type) -> (size: Int, alignment: Int) {
  func layout<T>(_: T.Type) -> (size: Int, alignment: Int) {
    (MemoryLayout<T>.size, MemoryLayout<T>.alignment)
  }
  return _openExistential(type, do: layout)
}

/// A payload read element by element, as generic code holds it.
struct RebuiltPayload {
  let value: Any
  /// Whether `value` holds functions copied as they are stored, which generic code must not
  /// call; such a value may only be passed on, as to a case constructor to learn its case.
  let holdsStandIns: Bool
}

/// Reads a value of `type` stored at `pointer` at the type's own abstraction, and returns it as
/// generic code holds it, or `nil` when ``storedLayout(of:)`` cannot tell its layout.
///
/// Single-value metatypes are made from their type; tuples and optionals are read element by
/// element at their stored offsets and rebuilt at generic ones; functions are converted to the
/// abstraction generic code calls them at (see ``reabstractedFunction(of:at:)``), or, where
/// that cannot be done, copied as stand-ins.
func rebuildPayload(of type: Any.Type, at pointer: UnsafeRawPointer) -> RebuiltPayload? {
  switch AbstractionKind(of: type) {
  case .fixed:
    return RebuiltPayload(value: load(type, from: pointer), holdsStandIns: false)
  case .function:
    if let callable = reabstractedFunction(of: type, at: pointer) {
      return RebuiltPayload(value: callable, holdsStandIns: false)
    }
    return RebuiltPayload(value: load(type, from: pointer), holdsStandIns: true)
  case .singleton(let instance):
    return RebuiltPayload(value: metatypeValue(of: instance), holdsStandIns: false)
  case .composite:
    break
  }
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  if metadata.load(as: Int.self) == MetadataKind.optional {
    let wrapped = unsafeBitCast(
      metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self), to: Any.Type.self)
    let isSome: Bool
    if holdsSingleton(wrapped) {
      guard storedLayout(of: type) != nil else { return nil }
      isSome = pointer.load(as: UInt8.self) == 0
    } else {
      // Without single-value metatypes inside, the optional is laid out as generic code lays it.
      guard let optional = EnumLayout(of: type) else { return nil }
      isSome = optional.isSome(at: pointer)
    }
    guard isSome else { return RebuiltPayload(value: none(of: wrapped), holdsStandIns: false) }
    guard let payload = rebuildPayload(of: wrapped, at: pointer) else { return nil }
    return RebuiltPayload(
      value: some(payload.value, of: wrapped), holdsStandIns: payload.holdsStandIns)
  }
  // A tuple: read each element at its stored offset.
  var offset = 0
  var elements: [Any] = []
  var holdsStandIns = false
  for element in tupleElements(of: type) {
    guard let layout = storedLayout(of: element.type) else { return nil }
    offset = (offset + layout.alignment - 1) & ~(layout.alignment - 1)
    guard let payload = rebuildPayload(of: element.type, at: pointer + offset) else { return nil }
    elements.append(payload.value)
    holdsStandIns = holdsStandIns || payload.holdsStandIns
    offset += layout.size
  }
  return RebuiltPayload(value: tuple(type, of: elements), holdsStandIns: holdsStandIns)
}

extension EnumLayout {
  /// Reads the payload of `root`, in the case `tag`, whose declared `type` has the reading
  /// `rebuilt`, element by element, and casts it to `Value`; `nil` when its layout cannot be
  /// told (see ``storedLayout(of:)``). A failed cast is `.notThisTime` when `mayVary`.
  func rebuiltPayload<Root, Value>(
    of root: Root, tag: UInt32, type: Any.Type, indirect: Bool, as _: Value.Type,
    mayVary: Bool
  ) -> PayloadLookup<Value>? {
    guard let layout = storedLayout(of: type),
      let rebuilt = withPayload(
        of: root, tag: tag, indirect: indirect, alignment: layout.alignment,
        { rebuildPayload(of: type, at: $0) })
    else { return nil }
    guard let value = rebuilt.value as? Value else { return mayVary ? .notThisTime : .never }
    return rebuilt.holdsStandIns ? .unreadable(value) : .value(value)
  }
}

/// The value `instance.self`, in an `Any`.
func metatypeValue(of instance: Any.Type) -> Any {
  func value<T>(_: T.Type) -> Any { T.self }
  return _openExistential(instance, do: value)
}

/// A copy of the value of `type` at `pointer`, which generic code reads at maximal abstraction.
private func load(_ type: Any.Type, from pointer: UnsafeRawPointer) -> Any {
  func load<T>(_: T.Type) -> Any { pointer.load(as: T.self) }
  return _openExistential(type, do: load)
}

private func none(of wrapped: Any.Type) -> Any {
  func none<T>(_: T.Type) -> Any { T?.none as Any }
  return _openExistential(wrapped, do: none)
}

private func some(_ value: Any, of wrapped: Any.Type) -> Any {
  func some<T>(_: T.Type) -> Any { T?.some(value as! T) as Any }
  return _openExistential(wrapped, do: some)
}

/// Builds a tuple of `type` from its elements, each in an `Any` of the element's own type.
private func tuple(_ type: Any.Type, of elements: [Any]) -> Any {
  let layout = tupleElements(of: type)
  func build<T>(_: T.Type) -> Any {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
      let storage = UnsafeMutableRawPointer(buffer.baseAddress!)
      for (element, value) in zip(layout, elements) {
        func initialize<E>(_: E.Type) {
          (storage + element.offset).initializeMemory(as: E.self, repeating: value as! E, count: 1)
        }
        _openExistential(element.type, do: initialize)
      }
      return buffer.baseAddress!.move()
    }
  }
  return _openExistential(type, do: build)
}

/// Whether a mangled type name, as a field record holds it, names a bare generic parameter,
/// alone or as the one labelled element of a tuple (`case value(T)`, `case value(id: T)`).
///
/// Generic parameters are `x` (depth 0, index 0), `q` INDEX, or `qd` INDEX INDEX, where INDEX
/// is `_` for 0 and a decimal number `n - 1` followed by `_` for `n`.
func namesGenericParameter(_ name: UnsafeRawPointer, length: Int) -> Bool {
  let bytes = UnsafeRawBufferPointer(start: name, count: length)
  var index = 0
  func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }
  func number() -> Int? {
    var value: Int?
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    return value
  }
  func genericIndex() -> Bool {
    _ = number()
    return take(UInt8(ascii: "_"))
  }
  if !take(UInt8(ascii: "x")) {
    guard take(UInt8(ascii: "q")) else { return false }
    if take(UInt8(ascii: "d")) {
      guard genericIndex() else { return false }
    }
    guard genericIndex() else { return false }
  }
  if index == bytes.count { return true }
  // A one-element tuple: the label as a length-prefixed identifier, then `_t`.
  guard let labelLength = number(), labelLength > 0, index + labelLength <= bytes.count else {
    return false
  }
  index += labelLength
  return take(UInt8(ascii: "_")) && take(UInt8(ascii: "t")) && index == bytes.count
}

/// Reads the payload of an enum value through `Mirror` and casts it to `Value`, after looking
/// through `depth` optional layers.
///
/// A single labelled payload (`case fetch(id: String)`) reflects as a one-element tuple, which
/// is unwrapped. This is the slow fallback used when the runtime's field records are unusable.
// NOTE: `Mirror` copies a payload as generic code holds its type, which is wrong for functions
// and single-value metatypes (see `PayloadReading`); it finds payload types in the same field
// records, so it is only used where they cannot be resolved, and then shows no such payloads.
func reflectedPayload<Value>(of root: Any, depth: Int = 0, as _: Value.Type) -> Value? {
  var subject = root
  for _ in 0..<depth {
    guard let wrapped = Mirror(reflecting: subject).children.first?.value else { return nil }
    subject = wrapped
  }
  guard let child = Mirror(reflecting: subject).children.first else { return nil }
  if let value = child.value as? Value { return value }
  let payload = Mirror(reflecting: child.value)
  guard payload.displayStyle == .tuple, payload.children.count == 1 else { return nil }
  return payload.children.first?.value as? Value
}

/// Returns an extraction function for a `Root` type that is not itself an enum, such as an
/// existential that holds enum values.
///
/// Every call reflects: the root must be an enum value whose payload converts to `Value`, and
/// embedding that payload must give a value of the same type in the same case. Other roots,
/// like structs, classes and optionals, never match. Payloads are read from the enum's field
/// records as `/` reads them (see `PayloadReading`): a payload holding a function is converted
/// to be callable, or, where it cannot be, not returned.
@usableFromInline
func reflectingExtractor<Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> @Sendable (Root) -> Value? {
  return { root in
    let root = unwrapped(root)
    guard let held = enumCase(of: root) else { return nil }
    // The value to embed again: the payload, or its stand-in when it cannot be read.
    let value: Value
    let readable: Bool
    switch enumPayload(of: root, as: Value.self) {
    case .value(let payload): (value, readable) = (payload, true)
    case .unreadable(let standIn?): (value, readable) = (standIn, false)
    case .unreadable(nil), .never, .notThisTime: return nil
    }
    guard let embedded = enumCase(of: unwrapped(embed(value))), embedded == held else {
      return nil
    }
    // NOTE: a stand-in is the stored function unconverted; calling it would crash (see
    // `EnumCase.extracted`).
    if !readable { UnreadablePayloadReport.report(Root.self, Value.self) }
    return readable ? value : nil
  }
}

/// Returns `value` in an `Any` that holds its dynamic type, where converting a generic value
/// whose type is an existential to `Any` nests one existential in another.
private func unwrapped<Root>(_ value: Root) -> Any {
  // `type(of:)` and a cast to the dynamic type look through existentials; a conversion to
  // `Any` would box them.
  func cast<Dynamic>(_: Dynamic.Type) -> Any { value as! Dynamic }
  return _openExistential(type(of: value as Any), do: cast)
}

/// The enum type and case tag of the dynamic type of `value`, when it is an enum (not an
/// optional).
private func enumCase(of value: Any) -> EnumCaseIdentity? {
  func identify<Enum>(_ value: Enum) -> EnumCaseIdentity? {
    let metadata = unsafeBitCast(Enum.self, to: UnsafeRawPointer.self)
    guard metadata.load(as: Int.self) == MetadataKind.enum, let layout = EnumLayout(of: Enum.self)
    else { return nil }
    return EnumCaseIdentity(type: ObjectIdentifier(Enum.self), tag: layout.tag(of: value))
  }
  return _openExistential(value, do: identify)
}

private struct EnumCaseIdentity: Equatable {
  let type: ObjectIdentifier
  let tag: UInt32
}

/// Reads the payload of `root`, an enum value, from its field records, as `/` reads it, and
/// casts it to `Value`; through `Mirror` when the records cannot be resolved.
private func enumPayload<Value>(of root: Any, as _: Value.Type) -> PayloadLookup<Value> {
  func read<Enum>(_ subject: Enum) -> PayloadLookup<Value> {
    guard let layout = EnumLayout(of: Enum.self) else { return .notThisTime }
    let tag = layout.tag(of: subject)
    switch layout.payload(forTag: tag) {
    case .none:
      return PayloadLookup(() as? Value, mayVary: true)
    case .unknown:
      return PayloadLookup(reflectedPayload(of: subject, as: Value.self), mayVary: true)
    case .stored(let declared, let indirect, let reading):
      let type = unwrappingSingleElementTuple(declared)
      switch reading {
      case .exact:
        func copy<Payload>(_: Payload.Type) -> Any {
          layout.copyPayload(of: subject, tag: tag, indirect: indirect, as: Payload.self)
        }
        return PayloadLookup(_openExistential(type, do: copy) as? Value, mayVary: true)
      case .singleton(let instance):
        return PayloadLookup(metatypeValue(of: instance) as? Value, mayVary: true)
      case .rebuilt:
        return layout.rebuiltPayload(
          of: subject, tag: tag, type: type, indirect: indirect, as: Value.self, mayVary: true)
          ?? .unreadable(nil)
      }
    }
  }
  return _openExistential(root, do: read)
}

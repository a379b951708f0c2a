/// Reads the payload of an enum value through `Mirror` and casts it to `Value`, after looking
/// through `depth` optional layers.
///
/// A single labelled payload (`case fetch(id: String)`) reflects as a one-element tuple, which
/// is unwrapped. This is the slow fallback used when the runtime's field records are unusable.
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
/// embedding that payload must give a value of the same type in the same case (same name).
/// Other roots, like structs and classes, never match.
@usableFromInline
func reflectingExtractor<Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> @Sendable (Root) -> Value? {
  return { root in
    let mirror = Mirror(reflecting: root)
    guard
      mirror.displayStyle == .enum,
      let caseName = mirror.children.first?.label,
      let value = reflectedPayload(of: root, as: Value.self)
    else { return nil }
    let embedded = Mirror(reflecting: embed(value))
    guard
      embedded.subjectType == mirror.subjectType,
      embedded.children.first?.label == caseName
    else { return nil }
    return value
  }
}

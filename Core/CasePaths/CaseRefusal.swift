/// Why `/` refused a case: the ``message`` names it and shows the path to write instead.
public struct CasePathRefusal: Error, CustomStringConvertible, Sendable {
  /// The explanation, with the hand-written `CasePath(embed:extract:)` to use instead.
  public let message: String
  /// The same as ``message``.
  public var description: String { message }
}

/// What in a payload type reflection cannot read as generic code holds it.
///
/// An enum stores a function or a metatype in its payload (alone, in a tuple or an optional) at
/// its declaration's abstraction: `(Int) -> Int` takes its argument in a register, where generic
/// code passes it indirectly, and `Int.Type` takes no bytes. `() -> Void` passes nothing either
/// way, a class's metatype is always a pointer, and a lone metatype's one value is made.
func unreadablePart(of type: Any.Type, whole: Bool = true) -> String? {
  switch TypeShape(of: type) {
  case .tuple(let elements):
    return elements.lazy.compactMap { unreadablePart(of: $0, whole: false) }.first
  case .optional(let wrapped):
    return unreadablePart(of: wrapped, whole: false)
  case .function:
    let plain = type == (() -> Void).self || type == (@Sendable () -> Void).self
    return plain ? nil : "a function, \(type), which would need converting"
  case .metatype(_, let instanceIsClass):
    return instanceIsClass || whole ? nil : "a metatype, \(type), which may be stored in no bytes"
  default:
    return nil
  }
}

/// The refusal of a path from `Root` to `Value` made by `/`, for `reason`, naming the cases of
/// `layout` that may be meant: those whose payload is laid out as `Value`.
func refusal<Root, Value>(
  _: Root.Type, _: Value.Type, _ reason: String, in layout: EnumLayout?
) -> CasePathRefusal {
  let names = (layout?.caseNames ?? []).enumerated().filter { tag, _ in
    guard let payload = layout?.payload(forTag: UInt32(tag)) else { return false }
    return isLayoutIdentical(payload: payload.type, value: Value.self)
  }.map(\.element)
  let path = "/\(Root.self)." + (names.isEmpty ? "<case>" : names.joined(separator: " or ."))
  let name = names.first ?? "yourCase"
  return CasePathRefusal(
    message: """
      CasePaths: \(path) cannot be made by reflection: \(reason). \
      Write the path by hand instead:
        CasePath<\(Root.self), \(Value.self)>(
          embed: { .\(name)($0) },
          extract: { root in
            if case let .\(name)(value) = root { return value }
            return nil
          })
      """)
}

/// Whether a `payload` can be read as a `value`: the same type, or tuples of the same elements.
func isLayoutIdentical(payload: Any.Type, value: Any.Type) -> Bool {
  guard case .tuple(let payloadElements) = TypeShape(of: payload),
    case .tuple(let valueElements) = TypeShape(of: value)
  else { return payload == value }
  return payloadElements.elementsEqual(valueElements) { $0 == $1 }
}

/// Whether all values of `type` cast alike (not classes, existentials, optionals, collections).
func castsAlike(_ type: Any.Type) -> Bool {
  switch TypeShape(of: type) {
  case .struct(let generic): return !generic && type != AnyHashable.self
  case .enum, .function: return true
  case .tuple(let elements): return elements.allSatisfy(castsAlike)
  default: return false
  }
}

prefix operator /

/// Returns the case path of an enum case with a payload, given its constructor:
/// `/Action.counter`.
///
/// A single labelled payload extracts as its bare value (`/Action.fetch` for
/// `case fetch(id: String)`); several values extract as a tuple (see the overloads below).
/// Works with `indirect` cases, generic enums and `Optional.some`. Where a
/// `CasePath<Enum?, Value>` is expected, Swift promotes the constructor to return `Enum?`; the
/// path then fails on `nil` and embeds as `.some`.
///
/// The case is learned from the first roots extracted (once per case seen); after that,
/// extraction is a tag comparison plus a payload copy. The function must be a case constructor
/// or behave like one (always build the same case). A root type that is not an enum, like an
/// existential, is handled by reflection on every call.
@inlinable
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  enumCasePath(embed: embed)
}

/// Returns the case path of an enum case with two values: `/Shape.rect` for
/// `case rect(width: Int, height: Int)` extracts an `(Int, Int)`.
@inlinable
public prefix func / <Root, A, B>(
  embed: @escaping @Sendable (A, B) -> Root
) -> CasePath<Root, (A, B)> {
  enumCasePath { embed($0.0, $0.1) }
}

/// Returns the case path of an enum case with three values, extracted as a tuple.
@inlinable
public prefix func / <Root, A, B, C>(
  embed: @escaping @Sendable (A, B, C) -> Root
) -> CasePath<Root, (A, B, C)> {
  enumCasePath { embed($0.0, $0.1, $0.2) }
}

/// Returns the case path of an enum case with four values, extracted as a tuple.
@inlinable
public prefix func / <Root, A, B, C, D>(
  embed: @escaping @Sendable (A, B, C, D) -> Root
) -> CasePath<Root, (A, B, C, D)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3) }
}

/// Returns the case path of an enum case with five values, extracted as a tuple.
@inlinable
public prefix func / <Root, A, B, C, D, E>(
  embed: @escaping @Sendable (A, B, C, D, E) -> Root
) -> CasePath<Root, (A, B, C, D, E)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4) }
}

/// Returns the case path of an enum case without payload: `/Shape.empty`.
///
/// Extraction gives `()` for a root in that case; matching compares case tags, not values.
/// Traps when the argument is not an enum case without payload. This overload serves
/// `Equatable` enums (the conformance only steers overload resolution); see the next one for
/// the others.
@inlinable
public prefix func / <Root: Equatable>(caseValue: Root) -> CasePath<Root, Void> {
  payloadlessCasePath(caseValue)
}

/// Returns the case path of an enum case without payload, for enums that are not `Equatable`.
///
/// The result is implicitly unwrapped (it is never `nil`): it converts to `CasePath<Root, Void>`
/// wherever one is expected, but `let path = /Action.reset` infers an optional, so annotate such
/// declarations. This shape keeps Swift 6.3's operator type checker from preferring this
/// overload for case constructors (`/Action.counter`), which it does for a plain `Root` result.
@inlinable
public prefix func / <Root>(caseValue: Root) -> CasePath<Root, Void>! {
  payloadlessCasePath(caseValue)
}

/// Returns the identity case path of a type, which always extracts the root itself:
/// `/Action.self`.
@inlinable
public prefix func / <Root>(type: Root.Type) -> CasePath<Root, Root> {
  CasePath(embed: { $0 }, extract: { $0 })
}

/// Builds the case path of the enum case that `embed` constructs.
@inlinable
func enumCasePath<Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  guard let enumCase = EnumCase(embed: embed) else {
    return CasePath(embed: embed, extract: reflectingExtractor(embed: embed))
  }
  return CasePath(embed: embed, extract: { enumCase.extract(from: $0) })
}

/// Builds the case path of the enum case without payload that `caseValue` is in.
@inlinable
func payloadlessCasePath<Root>(_ caseValue: Root) -> CasePath<Root, Void> {
  let payloadless = PayloadlessCase(caseValue)
  return CasePath(
    embed: { payloadless.make() },
    extract: { payloadless.matches($0) ? () : nil })
}

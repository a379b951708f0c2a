prefix operator /

/// Returns the case path of an enum case with a payload, given its constructor:
/// `/Action.counter`.
///
/// Several values extract as a tuple (the next overloads, up to ten). Works with `indirect`
/// cases, generic enums, `Optional.some`, and `CasePath<Enum?, Value>` (failing on `nil`). The
/// case is learned from the first root holding a `Value` (embedded again: `embed` never gets a
/// value no root held); then extraction compares tags and copies the payload.
///
/// Plain data works: structs, enums, classes, existentials, tuples, generics, Foundation types,
/// and `() -> Void`. A payload reflection cannot read as generic code holds it — a function
/// with arguments or a result (`(Int) -> Int`, `() -> T`), a metatype of a non-class type in a
/// tuple or an optional (`(T.Type, Int)`) — is refused when the path is made: the program stops
/// with a message naming the case and the `CasePath(embed:extract:)` with `if case let` to
/// write instead (``CasePath/init(reflecting:)`` throws it).
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  enumCasePath(embed: embed)
}

/// The path of a case of 2 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B>(
  embed: @escaping @Sendable (A, B) -> Root
) -> CasePath<Root, (A, B)> { enumCasePath { embed($0.0, $0.1) } }

/// The path of a case of 3 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C>(
  embed: @escaping @Sendable (A, B, C) -> Root
) -> CasePath<Root, (A, B, C)> { enumCasePath { embed($0.0, $0.1, $0.2) } }

/// The path of a case of 4 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D>(
  embed: @escaping @Sendable (A, B, C, D) -> Root
) -> CasePath<Root, (A, B, C, D)> { enumCasePath { embed($0.0, $0.1, $0.2, $0.3) } }

/// The path of a case of 5 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E>(
  embed: @escaping @Sendable (A, B, C, D, E) -> Root
) -> CasePath<Root, (A, B, C, D, E)> { enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4) } }

/// The path of a case of 6 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E, F>(
  embed: @escaping @Sendable (A, B, C, D, E, F) -> Root
) -> CasePath<Root, (A, B, C, D, E, F)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
}

/// The path of a case of 7 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E, F, G>(
  embed: @escaping @Sendable (A, B, C, D, E, F, G) -> Root
) -> CasePath<Root, (A, B, C, D, E, F, G)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6) }
}

/// The path of a case of 8 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E, F, G, H>(
  embed: @escaping @Sendable (A, B, C, D, E, F, G, H) -> Root
) -> CasePath<Root, (A, B, C, D, E, F, G, H)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }
}

/// The path of a case of 9 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E, F, G, H, I>(
  embed: @escaping @Sendable (A, B, C, D, E, F, G, H, I) -> Root
) -> CasePath<Root, (A, B, C, D, E, F, G, H, I)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8) }
}

/// The path of a case of 10 values, extracted as a tuple; see `/` for one value.
public prefix func / <Root, A, B, C, D, E, F, G, H, I, J>(
  embed: @escaping @Sendable (A, B, C, D, E, F, G, H, I, J) -> Root
) -> CasePath<Root, (A, B, C, D, E, F, G, H, I, J)> {
  enumCasePath { embed($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9) }
}

/// Returns the case path of an enum case without payload: `/Shape.empty`.
///
/// Extraction gives `()` for a root in that case (tags compared, not values); traps when the
/// argument is not a case without payload. For `Equatable` enums (the conformance only steers
/// overload resolution); the next overload serves the others.
public prefix func / <Root: Equatable>(caseValue: Root) -> CasePath<Root, Void> {
  CasePath(payloadless: caseValue)
}

/// Returns the case path of an enum case without payload, for enums that are not `Equatable`.
///
/// Disfavored, so that a case constructor (`/Action.counter`) or a metatype (`/Action.self`),
/// values of some type `Root` too, select the other overloads (see ``CasePathNoMatch``).
@_disfavoredOverload
public prefix func / <Root>(caseValue: Root) -> CasePath<Root, Void> {
  CasePath(payloadless: caseValue)
}

/// The result type of an overload of `/` that never type-checks; it has no values or members.
///
/// Swift 6.3 rates `/`'s overloads by parameter type before solving, skipping function types:
/// `/ <Root>(caseValue: Root)` won for `/Action.counter` and the others went untried. The
/// overload returning this type rates higher for any `Sendable` argument and fails at once (its
/// `Placeholder` cannot be inferred), so all are tried and the usual ranking picks. Do not name
/// this type: a context asking for one selects that overload, which traps.
public enum CasePathNoMatch<Placeholder> {}

/// Never selected; steers overload resolution (see ``CasePathNoMatch``).
public prefix func / <Placeholder>(_: any Sendable) -> CasePathNoMatch<Placeholder> {
  fatalError("/ never returns a CasePathNoMatch")
}

/// Returns the identity case path of a type, which extracts the root itself: `/Action.self`.
public prefix func / <Root>(type: Root.Type) -> CasePath<Root, Root> {
  CasePath(embed: { $0 }, extract: { $0 })
}

/// Builds the case path of the enum case that `embed` constructs, or stops with the refusal.
func enumCasePath<Root, Value>(embed: @escaping @Sendable (Value) -> Root) -> CasePath<Root, Value>
{
  do { return try CasePath(reflecting: embed) } catch { fatalError(error.message) }
}

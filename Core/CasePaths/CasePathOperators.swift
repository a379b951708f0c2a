prefix operator /

/// Returns the case path of an enum case with a payload, given its constructor:
/// `/Action.counter`.
///
/// A single labelled payload extracts as its bare value (`/Action.fetch` for
/// `case fetch(id: String)`); several values extract as a tuple (see the next overload).
/// Works with `indirect` cases, generic enums and `Optional.some`. Where a
/// `CasePath<Enum?, Value>` is expected, Swift promotes the constructor to return `Enum?`; the
/// path then fails on `nil` and embeds as `.some`.
///
/// The case is learned from the first roots extracted (once per case seen); after that,
/// extraction is a tag comparison plus a payload copy. The function must be a case constructor
/// or behave like one (always build the same case). A root type that is not an enum, like an
/// existential, is handled by reflection on every call.
///
/// Metatypes, classes, existentials and tuples of them extract as the enum holds them. A Swift
/// function the enum stores at its own abstraction (`case run(() -> Void)`, also in a tuple or
/// an optional) is kept in another calling convention than generic code calls, and no run-time
/// call converts it; `/` converts it itself, on a slower path, when its arguments and result
/// are numbers, `Bool`, `String`, arrays, sets, dictionaries, class references or tuples of
/// them (at most three arguments; `async` and `throws` alike). It never hands out a function
/// it cannot convert: extracting one whose signature is beyond that (an argument that is a
/// function, an enum or a struct of your own, `inout`, typed `throws`) gives `nil`, though the
/// root is in the case, and the path says so on standard error the first time; write that
/// extraction with `if case` instead. Such a path still tells
/// the case (`isCase`), embeds and extracts `nil` from other cases, and a payload declared as a
/// generic parameter (`Box<() -> Void>.value` for `case value(T)`) extracts whatever it is.
///
/// - Parameter embed: The case's constructor, such as `Action.counter`.
/// - Returns: The path of that case.
@inlinable
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  enumCasePath(embed: embed)
}

/// Returns the case path of an enum case with several values, extracted as a tuple:
/// `/Shape.rect` for `case rect(width: Int, height: Int)` is a `CasePath<Shape, (Int, Int)>`.
///
/// Any number of values works (labels are dropped, as in the constructor's type); a single
/// value goes to the overload above.
///
/// - Parameter embed: The case's constructor, such as `Shape.rect`.
/// - Returns: The path of that case, whose value is the tuple of the case's values.
@inlinable
public prefix func / <Root, each Value>(
  embed: @escaping @Sendable (repeat each Value) -> Root
) -> CasePath<Root, (repeat each Value)> {
  enumCasePath { (values: (repeat each Value)) in embed(repeat each values) }
}

/// Returns the case path of an enum case without payload: `/Shape.empty`.
///
/// Extraction gives `()` for a root in that case; matching compares case tags, not values.
/// Traps when the argument is not an enum case without payload. This overload serves
/// `Equatable` enums (the conformance only steers overload resolution); the next one serves the
/// others.
///
/// - Parameter caseValue: The case, such as `Shape.empty`.
/// - Returns: The path of that case, whose value is `()`.
@inlinable
public prefix func / <Root: Equatable>(caseValue: Root) -> CasePath<Root, Void> {
  payloadlessCasePath(caseValue)
}

/// Returns the case path of an enum case without payload, for enums that are not `Equatable`:
/// `/Action.reset` is a `CasePath<Action, Void>`.
///
/// Disfavored, so that where both fit, the other overloads win: a case constructor
/// (`/Action.counter`) and a metatype (`/Action.self`) are values of some type `Root` too.
/// (That alone is not enough in Swift 6.3; see ``CasePathNoMatch``.)
///
/// - Parameter caseValue: The case, such as `Action.reset`.
/// - Returns: The path of that case, whose value is `()`.
@inlinable
@_disfavoredOverload
public prefix func / <Root>(caseValue: Root) -> CasePath<Root, Void> {
  payloadlessCasePath(caseValue)
}

/// The result type of an overload of `/` that never type-checks; it has no values or members.
///
/// Swift 6.3's operator type checker rates the overloads of `/` by their parameter types before
/// solving, skipping function-typed parameters. It rated `/ <Root>(caseValue: Root)` above the
/// case constructor overloads for `/Action.counter`, tried it first, and kept its
/// `CasePath<(Int) -> Action, Void>` without trying the others. The overload returning this
/// type rates higher still for any `Sendable` argument (its parameter is an existential) and
/// fails at once (its `Placeholder` cannot be inferred, and nothing is a member of this type),
/// so the other overloads are all tried and the usual ranking picks the best. Do not name this
/// type: a context that asks for one would select that overload, which traps.
public enum CasePathNoMatch<Placeholder> {}

/// Never selected; steers overload resolution (see ``CasePathNoMatch``).
///
/// - Returns: Never returns.
public prefix func / <Placeholder>(_: any Sendable) -> CasePathNoMatch<Placeholder> {
  fatalError("/ never returns a CasePathNoMatch")
}

/// Returns the identity case path of a type, which always extracts the root itself:
/// `/Action.self`.
///
/// - Parameter type: The type, such as `Action.self`.
/// - Returns: The path that extracts and embeds the root itself.
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
  return CasePath(
    embed: embed, extract: { enumCase.extract(from: $0) }, bitTest: enumCase.bitTest)
}

/// Builds the case path of the enum case without payload that `caseValue` is in.
@inlinable
func payloadlessCasePath<Root>(_ caseValue: Root) -> CasePath<Root, Void> {
  let payloadless = PayloadlessCase(caseValue)
  let embed: @Sendable (()) -> Root = { _ in payloadless.make() }
  // NOTE: a lifetime over this case asks it on every action; with a test (of its bits where its
  // tag has them, of its tag through a pointer otherwise) `isCase` reads the root where it is,
  // instead of copying it and retaining what its payloads hold.
  let test = payloadless.bitTest() ?? payloadless.pointerTest()
  return CasePath(
    embed: embed,
    extract: { root in withExtendedLifetime(test) { payloadless.matches(root) ? () : nil } },
    bitTest: test)
}

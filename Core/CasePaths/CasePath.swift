/// A path from a root value to one of its cases, the enum counterpart of a key path.
///
/// A case path can always build a root from a value (`embed`), and can try to get a value back
/// out of a root (`extract`), which fails when the root is in another case. Use the prefix `/`
/// operator to derive one from an enum case, for example `/Action.counter`, or build one by hand
/// with ``init(embed:extract:)``.
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline
  let embedFunction: @Sendable (Value) -> Root

  @usableFromInline
  let extractFunction: @Sendable (Root) -> Value?

  /// For a path made by `/` from a case constructor, the learned test that extracts without
  /// calling `extractFunction`; `nil` for other paths.
  // NOTE: unmanaged, so that using it costs no retain and release: `extractFunction` holds the
  // case's state, which holds the test, for as long as this path exists.
  @usableFromInline
  let bitTest: Unmanaged<CaseBitTest>?

  /// Creates a case path from a pair of functions.
  ///
  /// - Parameters:
  ///   - embed: Builds a root from a value; the inverse of `extract` for matching roots.
  ///   - extract: Returns the value held by a root, or `nil` when the root does not match.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedFunction = embed
    self.extractFunction = extract
    self.bitTest = nil
  }

  /// Creates a case path whose extraction tries `bitTest` before `extract`; `extract` must hold
  /// `bitTest` (the path keeps it unretained).
  @inlinable
  init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    bitTest: CaseBitTest
  ) {
    self.embedFunction = embed
    self.extractFunction = extract
    self.bitTest = Unmanaged.passUnretained(bitTest)
  }

  /// Builds a root value holding `value`.
  ///
  /// - Parameter value: The value the root holds.
  /// - Returns: The root, in this path's case.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedFunction(value)
  }

  /// Returns the value held by `root`, or `nil` when `root` is in another case.
  ///
  /// - Parameter root: The value to look into.
  /// - Returns: The value `root` holds in this path's case, or `nil`.
  @inlinable
  public func extract(from root: Root) -> Value? {
    // Inlined here, the learned test is a few loads and a compare, with no call.
    if let bitTest,
      let extracted = bitTest._withUnsafeGuaranteedRef({ $0.extract(from: root, as: Value.self) })
    {
      return extracted
    }
    return extractFunction(root)
  }

  /// Whether `root` is in this case; `root` is `inout` only so that a path that has learned its
  /// case tests it where it is, with no copy of it or of its value.
  ///
  /// Unlike `extract`, it answers `true` also for a payload that cannot be read (see `/`).
  @inlinable
  package func isCase(of root: inout Root) -> Bool {
    if let bitTest {
      return withUnsafePointer(to: &root) { root in
        bitTest._withUnsafeGuaranteedRef { $0.isCase(at: root) }
      }
    }
    return extract(from: root) != nil
  }

  /// The test that ``isCase(of:)`` asks, for a caller that tests roots it holds by pointer
  /// (`test.isCase(at:)`) and keeps the test; `nil` when the path has none.
  package var caseTest: CaseBitTest? { bitTest?.takeUnretainedValue() }

  /// Runs `body` on the value in `root`, in place, when the case stores it unchanged at the
  /// start of the root (the tag elsewhere) and the path has learned so; otherwise it tells
  /// whether `root` is in another case, or that it cannot say (`.unknown`: extract and embed).
  ///
  /// No copy of the value is made, so a value with copy-on-write storage is changed where it is.
  @inlinable
  package func modifyInPlace<Result>(
    _ root: inout Root, _ body: (inout Value) -> Result
  ) -> InPlaceModification<Result> {
    guard let bitTest else { return .unknown }
    return withUnsafeMutablePointer(to: &root) { pointer in
      switch bitTest._withUnsafeGuaranteedRef({ $0.holdsPayload(at: UnsafeRawPointer(pointer)) }) {
      case true?:
        // NOTE: the payload's bytes hold no tag bits (that is what `holdsPayload` checks), so
        // any value written there leaves the root in this case.
        return .modified(
          pointer.withMemoryRebound(to: Value.self, capacity: 1) { body(&$0.pointee) })
      case false?: return .otherCase
      case nil: return .unknown
      }
    }
  }

  /// Returns a case path that goes through this path and then through `path`.
  ///
  /// Extraction succeeds only when both paths match; embedding nests the value through both.
  ///
  /// - Parameter path: The path from this path's value to the appended value.
  /// - Returns: The path from this path's root to `path`'s value.
  @inlinable
  public func appending<AppendedValue>(
    path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    let outer = self
    return CasePath<Root, AppendedValue>(
      embed: { outer.embed(path.embed($0)) },
      extract: { root in outer.extract(from: root).flatMap(path.extract(from:)) }
    )
  }
}

/// Precedence of the case path composition operator `..`.
///
/// It binds tighter than arithmetic, and the prefix `/` binds tighter still, so
/// `/Action.child .. /Child.leaf` reads as `(/Action.child) .. (/Child.leaf)`.
precedencegroup CasePathCompositionPrecedence {
  associativity: left
  higherThan: MultiplicationPrecedence
}

infix operator .. : CasePathCompositionPrecedence

/// Composes two case paths; the same as `lhs.appending(path: rhs)`.
///
/// - Parameters:
///   - lhs: The path from the root to the middle value.
///   - rhs: The path from the middle value to the final one.
/// - Returns: The path from `lhs`'s root to `rhs`'s value.
@inlinable
public func .. <Root, Value, AppendedValue>(
  lhs: CasePath<Root, Value>,
  rhs: CasePath<Value, AppendedValue>
) -> CasePath<Root, AppendedValue> {
  lhs.appending(path: rhs)
}

/// What ``CasePath/modifyInPlace(_:_:)`` did.
@usableFromInline
package enum InPlaceModification<Result> {
  /// The value was changed in place; `body` returned this.
  case modified(Result)
  /// The root is in another case; nothing ran.
  case otherCase
  /// The path cannot change this root in place; nothing ran.
  case unknown
}

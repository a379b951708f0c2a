/// A path from a root value to one of its cases, the enum counterpart of a key path.
///
/// It embeds a value in a root and extracts it from a root in its case. Derive one with `/`
/// (`/Action.counter`) or write one with ``init(embed:extract:)``.
public struct CasePath<Root, Value>: Sendable {
  let embedFunction: @Sendable (Value) -> Root
  @usableFromInline let extractFunction: @Sendable (Root) -> Value?
  /// For a path made by `/`, the test of its case by the root's tags.
  @usableFromInline let test: CaseBitTest?
  /// For a path made by `/` from a case constructor, the learned case.
  @usableFromInline let enumCase: EnumCase<Root, Value>?

  /// Creates a case path from a pair of functions: for a case `/` refuses, `extract` written
  /// with `if case let .case(value) = root { return value }` (see the CasePaths article).
  ///
  /// - Parameters:
  ///   - embed: Builds a root from a value; the inverse of `extract` for matching roots.
  ///   - extract: Returns the value held by a root, or `nil` when the root does not match.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    (embedFunction, extractFunction, test, enumCase) = (embed, extract, nil, nil)
  }

  /// Creates the path of the case that `embed` constructs, as `/` does, but throws a
  /// ``CasePathRefusal`` (the message naming the case and the path to write) where `/` stops.
  public init(reflecting embed: @escaping @Sendable (Value) -> Root) throws(CasePathRefusal) {
    let enumCase = try EnumCase(embed: embed)
    (embedFunction, extractFunction) = (embed, { enumCase.extract(from: $0) })
    (test, self.enumCase) = (enumCase.test, enumCase)
  }

  /// Builds a root, in this path's case, holding `value`.
  public func embed(_ value: Value) -> Root {
    embedFunction(value)
  }

  /// Returns the value held by `root`, or `nil` when `root` is in another case.
  @inlinable @inline(__always) public func extract(from root: Root) -> Value? {
    // NOTE: specialised where it is called; chained, not bound, so that the path is not
    // retained around the call.
    if enumCase != nil { return enumCase?.extract(from: root) }
    return extractFunction(root)
  }

  /// Whether `root` is in this case; `inout` so that a path made by `/` tests its tags where it
  /// is, with no copy.
  @inlinable package func isCase(of root: inout Root) -> Bool {
    test?.isCase(&root) ?? (extract(from: root) != nil)
  }

  /// Whether `root` is in this case, when its tags alone say (a path made by `/`); `nil` when
  /// only its payload can tell.
  @inlinable package func isCaseByTags(of root: inout Root) -> Bool? {
    test?.decided(&root)
  }

  /// The tags of `root`, packed in a word's low 60 bits, for a path made by `/` (`nil` when they
  /// do not fit): roots with the same key get the same ``isCaseByTags(of:)`` from such a path.
  @inlinable package func caseKey(of root: inout Root) -> UInt64? {
    test?.key(&root)
  }

  /// Returns the path through this path and then `path`: it extracts when both match.
  public func appending<AppendedValue>(
    path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    CasePath<Root, AppendedValue>(
      embed: { self.embed(path.embed($0)) },
      extract: { root in self.extract(from: root).flatMap(path.extract(from:)) }
    )
  }
}

/// Precedence of `..`: tighter than arithmetic, looser than prefix `/`, so
/// `/Action.child .. /Child.leaf` reads as `(/Action.child) .. (/Child.leaf)`.
precedencegroup CasePathCompositionPrecedence {
  associativity: left
  higherThan: MultiplicationPrecedence
}

infix operator .. : CasePathCompositionPrecedence

/// Composes two case paths; the same as `lhs.appending(path: rhs)`.
public func .. <Root, Value, AppendedValue>(
  lhs: CasePath<Root, Value>,
  rhs: CasePath<Value, AppendedValue>
) -> CasePath<Root, AppendedValue> {
  lhs.appending(path: rhs)
}

extension CasePath where Value == Void {
  /// The path of the case without payload that `caseValue` is in; traps for another value.
  init(payloadless caseValue: Root) {
    let layouts = layers(of: Root.self)
    guard RuntimeCheck.passed && !layouts.isEmpty else {
      fatalError(
        "/\(caseValue): \(Root.self) is not an enum this runtime can read; use "
          + "CasePath(embed:extract:) with `if case` instead")
    }
    let tags = tags(of: caseValue, layouts: layouts)
    let level = tags.count - 1
    guard tags[level] >= layouts[level].payloadCaseCount else {
      fatalError(
        "/\(caseValue): only enum cases without payload can be used as values; use "
          + "/\(Root.self).case")
    }
    let test = CaseBitTest(layouts: layouts)
    test.learn(LearnedCase(level: level, tag: tags[level], cast: false, indirect: false))
    let sample = PayloadlessValue(caseValue)
    embedFunction = { _ in sample.value }
    extractFunction = { root in
      var root = root
      return test.isCase(&root) ? () : nil
    }
    (self.test, enumCase) = (test, nil)
  }
}

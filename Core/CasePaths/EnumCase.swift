import Synchronization

/// The case that a case constructor (`embed`) builds, learned from the roots the path is given:
/// the first payload that is a `Value` (of the enum inside `Root`'s optionals, or of an optional
/// layer wrapping a `Value`) is embedded again, and the tags of the result are the case.
@usableFromInline final class EnumCase<Root, Value>: Sendable {
  let embed: @Sendable (Value) -> Root
  @usableFromInline let test: CaseBitTest
  /// The layer of the enum inside `Root`'s optionals, and the optional layer wrapping a `Value`
  /// (where the case may be `.some`), when there are.
  let enumLevel: Int?, someLevel: Int?
  /// The declared payload type, for a learned case that casts.
  @usableFromInline let castType = Mutex<Any.Type?>(nil)

  /// Checks that `/` can make this path, or says why not.
  init(embed: @escaping @Sendable (Value) -> Root) throws(CasePathRefusal) {
    let layouts = layers(of: Root.self)
    let enumLevel = layouts.last?.isOptional == false ? layouts.count - 1 : nil
    let enumLayout = enumLevel.map { layouts[$0] }
    func refuse(_ reason: String) -> CasePathRefusal {
      refusal(Root.self, Value.self, reason, in: enumLayout)
    }
    guard RuntimeCheck.passed else {
      throw refuse("this runtime failed CasePaths' start-up check of enums of known layout")
    }
    guard !layouts.isEmpty else { throw refuse("\(Root.self) is not an enum") }
    if let enumLayout, !enumLayout.hasFieldRecords {
      throw refuse("\(Root.self) has no reflection metadata (field records)")
    }
    if let part = unreadablePart(of: Value.self) { throw refuse("its payload holds \(part)") }
    self.embed = embed
    self.enumLevel = enumLevel
    self.someLevel = layouts.indices.first { layouts[$0].wrappedType == Value.self }
    self.test = CaseBitTest(layouts: layouts, nilRejectsThrough: someLevel ?? .max)
    // NOTE: unowned (checked), not weak: a weak reference moves every retain of this object to a
    // side table (half of W5's time). The test's users (a lift, a watcher) hold the path too.
    test.slowMatch.withLock { $0 = SlowMatch { [unowned self] in self.extract(from: $0) != nil } }
  }

  @inlinable var layouts: [EnumLayout] { test.layouts }

  /// The payload of `root` when it is in the case.
  // NOTE: always inlined, so that a caller that only goes on for a match tests the tags where it
  // is; out of line, a rejection wrote a whole optional payload back (129 bytes for an action).
  @inlinable @inline(__always) func extract(from root: Root) -> Value? {
    guard let learned = test.learned else {
      return test.rejects(root) ? nil : learnAndExtract(from: root)
    }
    guard learned.cast else { return test.extract(root, learned, as: Value.self) }
    guard test.matches(root, learned), let type = castType.withLock({ $0 }) else { return nil }
    return readDeclared(
      of: root, layouts: layouts, level: learned.level, tag: learned.tag,
      indirect: learned.indirect, as: type) as? Value
  }

  /// Before the case is known: finds a `Value` in `root`, learns the case from it, and answers.
  @usableFromInline func learnAndExtract(from root: Root) -> Value? {
    let tags = tags(of: root, layouts: layouts)
    if let value = wrappedValue(of: root, tags: tags) {
      return learn(from: value) ? extract(from: root) : nil
    }
    guard let enumLevel, tags.count == layouts.count else { return nil }
    let tag = tags[enumLevel]
    // NOTE: a case whose payload cannot be read is never this one: `/` refused such a `Value`,
    // and no constructor of a wider `Value` can build it.
    guard let payload = layouts[enumLevel].payload(forTag: tag),
      unreadablePart(of: payload.type) == nil
    else {
      test.rememberMismatch(tag: tag)
      return nil
    }
    guard
      let value = readDeclared(
        of: root, layouts: layouts, level: enumLevel, tag: tag, indirect: payload.indirect,
        as: payload.type) as? Value
    else {
      if someLevel == nil && castsAlike(payload.type) { test.rememberMismatch(tag: tag) }
      return nil
    }
    return learn(from: value) ? extract(from: root) : nil
  }

  /// Learns the case from `embed(value)`, `value` having been read out of a root.
  private func learn(from value: Value) -> Bool {
    let embedded = embed(value)
    let tags = tags(of: embedded, layouts: layouts)
    // NOTE: `.some` holds `value` itself when the case is that layer; when the case is inside
    // the enum, the value is one case deeper, and the chains of cases differ.
    if let someLevel, let wrapped = wrappedValue(of: embedded, tags: tags),
      enumLevel == nil || caseChain(of: wrapped) == caseChain(of: value)
    {
      test.learn(LearnedCase(level: someLevel, tag: 0, cast: false, indirect: false))
      return true
    }
    guard let enumLevel, tags.count == layouts.count,
      let payload = layouts[enumLevel].payload(forTag: tags[enumLevel])
    else { return false }
    // NOTE: a lone metatype is read as a cast, which makes its one value instead of reading it.
    let direct =
      isLayoutIdentical(payload: payload.type, value: Value.self)
      && singletonMetatype(Value.self) == nil
    guard direct || unreadablePart(of: payload.type) == nil else { return false }
    if !direct { castType.withLock { $0 = payload.type } }
    test.learn(
      LearnedCase(
        level: enumLevel, tag: tags[enumLevel], cast: !direct,
        indirect: payload.indirect))
    return true
  }

  /// The `Value` in `root` (whose tags are `tags`) when the optional layer wrapping one is `.some`.
  private func wrappedValue(of root: Root, tags: [UInt32]) -> Value? {
    guard let someLevel, tags.count > someLevel, tags[...someLevel].allSatisfy({ $0 == 0 })
    else { return nil }
    return readPayload(
      of: root, layouts: layouts, level: someLevel, tag: 0, indirect: false, as: Value.self)
  }
}

/// The tags of the cases nested in `value` along single payloads, at most `depth` deep: two
/// values built by the same cases have the same chain.
func caseChain<T>(of value: T, depth: Int = 64) -> [UInt32] {
  guard depth > 0, let layout = EnumLayout(of: T.self) else { return [] }
  let tag = tags(of: value, layouts: [layout])[0]
  guard let payload = layout.payload(forTag: tag), unreadablePart(of: payload.type) == nil
  else { return [tag] }
  func next<P>(_: P.Type) -> [UInt32] {
    let inner = readDeclared(
      of: value, layouts: [layout], level: 0, tag: tag, indirect: payload.indirect, as: P.self)
    return caseChain(of: inner, depth: depth - 1)
  }
  return [tag] + next(payload.type)
}

/// Reads the payload of `root`'s layer `level`, in case `tag`, declared as `P`; a metatype with
/// one value is made (it may take no bytes).
@usableFromInline func readDeclared<Root, P>(
  of root: Root, layouts: [EnumLayout], level: Int, tag: UInt32, indirect: Bool, as _: P.Type
) -> P {
  singletonMetatype(P.self)
    ?? readPayload(
      of: root, layouts: layouts, level: level, tag: tag, indirect: indirect, as: P.self)
}

/// Matches and builds one enum case without payload, identified by its tag.
///
/// Used by `/Enum.case` for cases without payload: the tag is read from the sample value once,
/// and the value is rebuilt from the tag, so no `Root` value has to be shared between threads.
/// The sample may be wrapped in `.some` optionals (when Swift promotes it to fit a
/// `CasePath<Enum?, Void>`); those layers are matched and rebuilt too.
@usableFromInline
struct PayloadlessCase<Root>: Sendable {
  /// The layout of `Root`.
  @usableFromInline let layout: EnumLayout
  /// The enums inside the `.some` layers of `Root`, outermost first; the last holds the case.
  @usableFromInline let innerLayouts: [EnumLayout]
  @usableFromInline let tag: UInt32

  /// Identifies the case of `sample`, which must be an enum case without payload.
  @usableFromInline
  init(_ sample: Root) {
    guard let layout = EnumLayout(of: Root.self) else {
      preconditionFailure("/\(sample): \(Root.self) is not an enum; use CasePath(embed:extract:)")
    }
    let innerLayouts = layout.nestedOptionalLayouts(of: sample)
    let innermost = innerLayouts.last ?? layout
    let tag = withUnsafePointer(to: sample) { innermost.tag(at: $0) }
    precondition(
      innermost.isPayloadless(tag: tag),
      "/\(sample): only enum cases without payload can be used as values; use /\(Root.self).case")
    self.layout = layout
    self.innerLayouts = innerLayouts
    self.tag = tag
  }

  /// Whether `root` is in this case.
  @inlinable
  func matches(_ root: Root) -> Bool {
    withUnsafePointer(to: root) { matches(at: UnsafeRawPointer($0)) }
  }

  /// Whether the root at `pointer` is in this case.
  @inlinable
  func matches(at pointer: UnsafeRawPointer) -> Bool {
    payloadlessCase(at: pointer, layout: layout, innerLayouts: innerLayouts, tag: tag)
  }

  /// A bit test for this case, when its tag lives in bits that every case writes (an extra tag
  /// byte) and it is at most one optional deep; `nil` otherwise.
  @usableFromInline
  func bitTest() -> CaseBitTest? {
    guard innerLayouts.count <= 1 else { return nil }
    let test = CaseBitTest()
    let inner = innerLayouts.last
    test.learn(
      tag: tag, of: inner ?? layout, in: inner == nil ? nil : layout,
      size: MemoryLayout<Root>.size, readsPayload: true)
    return test.window.load(ordering: .relaxed) == 0 ? nil : test
  }

  /// A test with no bits, for a tag no bit test fits: it asks the tag through a pointer, so
  /// that `isCase` reads the root where it is.
  @usableFromInline
  func pointerTest() -> CaseBitTest {
    let test = CaseBitTest()
    // NOTE: the fields, not `self`: a generic value captured and used unspecialised is copied
    // through its value witnesses on every call, which cost more than the copy of the root.
    let (layout, innerLayouts, tag) = (layout, innerLayouts, tag)
    test.matcher = { payloadlessCase(at: $0, layout: layout, innerLayouts: innerLayouts, tag: tag) }
    return test
  }

  /// Builds the value of this case.
  @inlinable
  func make() -> Root {
    withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Root>.size, 1),
      alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      buffer.initializeMemory(as: UInt8.self, repeating: 0)
      let storage = buffer.baseAddress!
      // Innermost first: the case itself, then each `.some` around it (tag 0).
      let innermost = innerLayouts.last ?? layout
      innermost.injectWitness(storage, tag, innermost.metadata)
      for inner in innerLayouts.dropLast().reversed() {
        inner.injectWitness(storage, 0, inner.metadata)
      }
      if !innerLayouts.isEmpty {
        layout.injectWitness(storage, 0, layout.metadata)
      }
      return storage.bindMemory(to: Root.self, capacity: 1).move()
    }
  }
}

/// Whether the root at `pointer`, of `layout`, is in the case without payload `tag` of the
/// innermost of `innerLayouts` (the enums inside its `.some` layers), or of `layout` itself.
@usableFromInline
func payloadlessCase(
  at pointer: UnsafeRawPointer, layout: EnumLayout, innerLayouts: [EnumLayout], tag: UInt32
) -> Bool {
  guard let innermost = innerLayouts.last else { return layout.tag(at: pointer) == tag }
  guard layout.isSome(at: pointer) else { return false }
  for inner in innerLayouts.dropLast() where !inner.isSome(at: pointer) { return false }
  return innermost.tag(at: pointer) == tag
}

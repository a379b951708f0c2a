import Synchronization

/// The state shared by the closures of a case path made from an enum case constructor.
///
/// Only the constructor (`embed`) is known, so the case's tag is learned on first use: the first
/// root that yields a `Value` is embedded again, and the tag of the result is the case's tag.
/// From then on, a root in another case is rejected after one value witness call, and a matching
/// root's payload is read in place (or from its box, for `indirect` cases) when projecting the
/// case leaves the payload's bytes alone, and otherwise moved out of a projected copy. Tags seen
/// before learning that cannot hold a `Value` are remembered in a bit mask (tags below 64).
///
/// A root may be an optional around the enum (Swift promotes `(Value) -> Enum` to
/// `(Value) -> Enum?` when a `CasePath<Enum?, Value>` is expected): `.some` optionals are looked
/// through, as `innerLayouts`, and `nil` never matches. When an optional wraps `Value` itself,
/// the case may be that `.some` layer instead; `learningDepth` asks the constructor which.
///
/// The state lives in atomics; every writer stores the same values (derived from the types and
/// the constructor alone), so concurrent learning is harmless. The learned state is published
/// with release ordering and read with acquire ordering, so the masks and types stored before
/// it are visible to readers that see it (free on x86-64, one `ldar` on arm64).
@usableFromInline
final class EnumCase<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  /// The layout of `Root`.
  @usableFromInline let layout: EnumLayout
  /// The enums nested in `Root` through `Optional`, outermost first; usually empty.
  @usableFromInline let innerLayouts: [EnumLayout]
  /// The depth of the first `Optional` layer around an enum laid out like `Value`, where the
  /// case may be `.some` rather than inside it; `nil` when there is none.
  @usableFromInline let valueDepth: Int?
  /// A `Promotion` value: whether the case is the `.some` layer at `valueDepth`.
  @usableFromInline let promotion = Atomic<UInt8>(Promotion.unknown)
  /// The last of `innerLayouts`, or `layout`: the enum whose case this is.
  @usableFromInline let innermost: EnumLayout
  /// The learned case as `CaseState` bits; 0 while unknown.
  @usableFromInline let learned = Atomic<UInt64>(0)
  /// Bit `t` is set when tag `t` of the innermost enum is known not to be this case.
  @usableFromInline let mismatches = Atomic<UInt64>(0)
  /// For `ExtractionMode.indirectInPlace`, the XOR mask that turns the root's first word into
  /// the address of the payload's box.
  @usableFromInline let boxAddressMask = Atomic<UInt>(0)
  /// Metadata address of the learned case's payload type, for `ExtractionMode.cast`; 0 until
  /// known.
  let castPayloadType = Atomic<UInt>(0)
  /// The test that reads the learned case's tag bits directly, shared with the case path.
  @usableFromInline let bitTest = CaseBitTest()
  /// Set once the case was learned, or tried to be, from a sample value (see `learnFromSample`).
  @usableFromInline let sampled = Atomic<Bool>(false)

  /// Creates the state for `embed`, or returns `nil` when `Root` is not an enum.
  @usableFromInline
  init?(embed: @escaping @Sendable (Value) -> Root) {
    guard let layout = EnumLayout(of: Root.self) else { return nil }
    self.embed = embed
    self.layout = layout
    (innerLayouts, valueDepth) = layout.nestedOptionalLayouts(around: Value.self)
    self.innermost = innerLayouts.last ?? layout
    // Unowned: the test lives in this object, and a path holds this object while it uses it.
    bitTest.matcher = { [unowned(unsafe) self] in self.contains(at: $0) }
  }

  /// Returns the payload of `root` when it is in this case.
  ///
  /// The steady-state path: one tag read (two behind an optional layer) and a compare; then,
  /// for most payloads, a copy straight out of the root's storage.
  @inlinable
  @inline(__always)
  func extract(from root: Root) -> Value? {
    let state = CaseState(bits: learned.load(ordering: .acquiring))
    guard state.isKnown, state.depth == 0 || (state.depth == 1 && innerLayouts.count == 1) else {
      return extractSlowly(from: root, state: state)
    }
    return withUnsafePointer(to: root) { pointer in
      let pointer = UnsafeRawPointer(pointer)
      if state.depth == 0 {
        guard layout.tag(at: pointer) == state.tag else { return nil }
      } else {
        // One optional layer, as for `/Enum.case` used as a `CasePath<Enum?, Value>`.
        guard layout.isSome(at: pointer), innermost.tag(at: pointer) == state.tag else {
          return nil
        }
      }
      if state.mode == ExtractionMode.inPlace { return pointer.load(as: Value.self) }
      return extractMatching(from: root, state: state)
    }
  }

  /// Whether the root at `pointer` is surely in another case, known without learning this
  /// path's own case: it is `nil` above the enum, or in a case already seen not to be this one.
  /// `false` when it cannot tell (then `extract` decides).
  ///
  /// A path whose case has not come by yet (a screen not opened) is asked on every action by
  /// the lifetime that watches it; this answers with a tag read instead of a copy of the root.
  @inlinable
  func rejects(at pointer: UnsafeRawPointer) -> Bool {
    guard !CaseState(bits: learned.load(ordering: .acquiring)).isKnown else { return false }
    let mask = mismatches.load(ordering: .relaxed)
    guard mask != 0 else { return false }
    let depth: Int
    if let valueDepth {
      switch promotion.load(ordering: .relaxed) {
      case Promotion.someLayer: depth = valueDepth
      case Promotion.innerCase: depth = innerLayouts.count
      default: return false
      }
    } else {
      depth = innerLayouts.count
    }
    for level in 0..<depth where !layer(at: level).isSome(at: pointer) { return true }
    let tag = layer(at: depth).tag(at: pointer)
    guard tag < 64 && mask & (1 << UInt64(tag)) != 0 else { return false }
    // NOTE: behind one optional, only when the case is inside its `.some`, as for `learn`.
    let isInner = valueDepth == nil || depth == innerLayouts.count
    if depth == 0 || (depth == 1 && innerLayouts.count == 1 && isInner) {
      bitTest.learnRejection(
        tag: tag, of: depth == 1 ? innermost : layout, in: depth == 1 ? layout : nil,
        size: MemoryLayout<Root>.size)
    }
    return true
  }

  /// Extracts the payload of `root`, known to be in the learned case, when it cannot be read in
  /// place; kept out of line so that `extract(from:)` stays small.
  @inlinable
  @inline(never)
  func extractMatching(from root: Root, state: CaseState) -> Value? {
    withUnsafePointer(to: root) { pointer in
      let inner = state.depth == 0 ? layout : innermost
      return payload(at: UnsafeRawPointer(pointer), of: root, in: inner, state: state)
    }
  }

  /// Extracts through optional layers, from boxes or by copying, or learns the case; kept out
  /// of line so that `extract(from:)` stays small enough to inline.
  @inlinable
  @inline(never)
  func extractSlowly(from root: Root, state: CaseState) -> Value? {
    withUnsafePointer(to: root) { pointer in
      let pointer = UnsafeRawPointer(pointer)
      let depth: Int
      if state.isKnown {
        depth = state.depth
      } else if !sampled.load(ordering: .relaxed), learnFromSample() {
        // NOTE: tested here, where it is specialised: a path whose case never comes by (a
        // screen not opened) is asked on every action by the lifetimes that watch it.
        return extract(from: root)
      } else {
        guard let learningDepth = learningDepth(sampling: pointer) else { return nil }
        depth = learningDepth
      }
      // Only `.some` optionals down to the enum can match.
      for level in 0..<depth where !layer(at: level).isSome(at: pointer) { return nil }
      let inner = layer(at: depth)
      let tag = inner.tag(at: pointer)
      guard state.isKnown else {
        if tag < 64, mismatches.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return nil }
        return learn(from: root, in: inner, tag: tag, depth: depth)
      }
      guard tag == state.tag else { return nil }
      if state.mode == ExtractionMode.inPlace { return pointer.load(as: Value.self) }
      return payload(at: pointer, of: root, in: inner, state: state)
    }
  }

  /// The enum `depth` optional layers inside `Root`: `layout` itself for 0.
  @inlinable
  func layer(at depth: Int) -> EnumLayout {
    depth == 0 ? layout : innerLayouts[depth - 1]
  }

  /// Extracts the payload of `root`, stored at `pointer` and known to be in the learned case of
  /// the enum `inner`.
  @inlinable
  func payload(
    at pointer: UnsafeRawPointer, of root: Root, in inner: EnumLayout, state: CaseState
  ) -> Value? {
    switch state.mode {
    case ExtractionMode.inPlace:
      return pointer.load(as: Value.self)
    case ExtractionMode.indirectInPlace:
      let mask = boxAddressMask.load(ordering: .relaxed)
      return inner.boxedPayload(at: pointer, mask: mask, as: Value.self)
    case ExtractionMode.inline:
      return inner.movePayload(of: root, as: Value.self)
    case ExtractionMode.indirect:
      return inner.copyPayload(of: root, tag: state.tag, indirect: true, as: Value.self)
    default:
      return extractDynamically(from: root, in: inner, state: state)
    }
  }
}

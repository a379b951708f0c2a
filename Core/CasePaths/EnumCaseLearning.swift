import Synchronization

extension EnumCase {
  /// Learns this case from `root`, whose enum `depth` optional layers deep (layout `inner`) is
  /// in the case `tag`, and returns `root`'s payload when `root` turns out to be in this case.
  ///
  /// Runs at most once per tag seen before the case is learned (tags below 64 are remembered as
  /// mismatches), so its cost does not matter on the steady-state path.
  @usableFromInline
  func learn(from root: Root, in inner: EnumLayout, tag: UInt32, depth: Int) -> Value? {
    let value: Value
    switch payload(of: root, in: inner, tag: tag, depth: depth) {
    case .value(let payload):
      value = payload
    case .never:
      markMismatch(tag)
      return nil
    case .notThisTime:
      return nil
    }
    let state = locateCase(of: embed(value), maxDepth: depth)
    // Releasing: publishes `boxAddressMask` and `castPayloadType` along with the state.
    learned.store(state.bits, ordering: .releasing)
    // NOTE: behind one optional, only when the case cannot be that optional's `.some` itself.
    if state.depth == 0 || (state.depth == 1 && innerLayouts.count == 1 && valueDepth == nil) {
      bitTest.learn(
        tag: state.tag, of: state.depth == 1 ? innermost : layout,
        in: state.depth == 1 ? layout : nil,
        size: MemoryLayout<Root>.size, readsPayload: state.mode == ExtractionMode.inPlace)
    }
    guard state.depth == depth, state.tag == tag else {
      markMismatch(tag)
      return nil
    }
    return value
  }

  /// Learns the case before any root in it was seen, when `Value` is an enum with a case
  /// without payload: that case, embedded, is a root in this case. Returns whether the case is
  /// learned; tries once.
  ///
  /// Without it, a path whose case has not come by yet (the action of a screen not opened)
  /// rejects every root on the slow path, through `extractSlowly`.
  @usableFromInline
  func learnFromSample() -> Bool {
    guard !sampled.exchange(true, ordering: .relaxed), valueDepth == nil,
      let valueLayout = EnumLayout(of: Value.self),
      let emptyTag = valueLayout.firstPayloadlessTag
    else { return false }
    let sample = embed(valueLayout.makePayloadless(tag: emptyTag, as: Value.self))
    _ = extractSlowly(from: sample, state: CaseState(bits: 0))
    return CaseState(bits: learned.load(ordering: .acquiring)).isKnown
  }

  /// Extracts the payload of `root`, known to be in the learned case of `inner`, when it cannot
  /// be read in place as a `Value`.
  @usableFromInline
  func extractDynamically(from root: Root, in inner: EnumLayout, state: CaseState) -> Value? {
    switch state.mode {
    case ExtractionMode.cast, ExtractionMode.castIndirect:
      let bits = castPayloadType.load(ordering: .acquiring)
      guard let metadata = UnsafeRawPointer(bitPattern: bits) else {
        return payload(of: root, in: inner, tag: state.tag, depth: state.depth).value
      }
      return castPayload(
        of: root, in: inner, tag: state.tag, type: unsafeBitCast(metadata, to: Any.Type.self),
        indirect: state.mode == ExtractionMode.castIndirect)
    case ExtractionMode.payloadless:
      return () as? Value
    default:
      return reflectedPayload(of: root, depth: state.depth, as: Value.self)
    }
  }

  /// Finds the case of `embedded`: how many `.some` layers deep (at most `maxDepth`), its tag,
  /// and how to extract it.
  private func locateCase(of embedded: Root, maxDepth: Int) -> CaseState {
    withUnsafePointer(to: embedded) { pointer in
      var current = layout
      var depth = 0
      while depth < maxDepth, current.tag(at: pointer) == 0 {
        current = innerLayouts[depth]
        depth += 1
      }
      let tag = current.tag(at: pointer)
      var mode = extractionMode(in: current, tag: tag)
      if mode == ExtractionMode.inline {
        let mask = current.projectionMask(
          of: embedded, tag: tag, byteCount: MemoryLayout<Value>.size)
        if mask.allSatisfy({ $0 == 0 }) { mode = ExtractionMode.inPlace }
      } else if mode == ExtractionMode.indirect {
        let mask = current.projectionMask(
          of: embedded, tag: tag, byteCount: MemoryLayout<UInt>.size)
        let word = mask.withUnsafeBytes { $0.loadUnaligned(as: UInt.self) }
        boxAddressMask.store(word, ordering: .relaxed)
        mode = ExtractionMode.indirectInPlace
      }
      return CaseState(tag: tag, mode: mode, depth: depth)
    }
  }

  /// Reads `root`'s payload as a `Value` by the safest available means.
  private func payload(
    of root: Root, in inner: EnumLayout, tag: UInt32, depth: Int
  ) -> PayloadLookup<Value> {
    switch inner.payload(forTag: tag) {
    case .none:
      return PayloadLookup(() as? Value, mayVary: false)
    case .stored(let type, let indirect):
      if isLayoutIdentical(payload: type, value: Value.self) {
        return .value(inner.copyPayload(of: root, tag: tag, indirect: indirect, as: Value.self))
      }
      return PayloadLookup(
        castPayload(of: root, in: inner, tag: tag, type: type, indirect: indirect),
        mayVary: payloadMayVaryInCasting(unwrappingSingleElementTuple(type), to: Value.self))
    case .unknown:
      return PayloadLookup(reflectedPayload(of: root, depth: depth, as: Value.self), mayVary: true)
    }
  }

  /// Copies `root`'s payload out as its declared `type` and casts it to `Value`.
  private func castPayload(
    of root: Root, in inner: EnumLayout, tag: UInt32, type: Any.Type, indirect: Bool
  ) -> Value? {
    func copy<Payload>(_: Payload.Type) -> Any {
      inner.copyPayload(of: root, tag: tag, indirect: indirect, as: Payload.self)
    }
    // A single labelled payload is a one-element tuple with the same layout as its element.
    return copy(unwrappingSingleElementTuple(type)) as? Value
  }

  /// Decides how to extract payloads of the case `tag` of `inner` from the declared type.
  private func extractionMode(in inner: EnumLayout, tag: UInt32) -> UInt8 {
    switch inner.payload(forTag: tag) {
    case .none:
      return ExtractionMode.payloadless
    case .stored(let type, let indirect):
      if isLayoutIdentical(payload: type, value: Value.self) {
        return indirect ? ExtractionMode.indirect : ExtractionMode.inline
      }
      let metadata = unsafeBitCast(unwrappingSingleElementTuple(type), to: UnsafeRawPointer.self)
      castPayloadType.store(UInt(bitPattern: metadata), ordering: .releasing)
      return indirect ? ExtractionMode.castIndirect : ExtractionMode.cast
    case .unknown:
      return ExtractionMode.reflection
    }
  }

  private func markMismatch(_ tag: UInt32) {
    guard tag < 64 else { return }
    mismatches.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}

/// The outcome of reading a payload as a `Value` while learning.
enum PayloadLookup<Value> {
  case value(Value)
  /// No payload of this case converts to `Value`.
  case never
  /// This payload does not convert, but others of the same case might.
  case notThisTime

  init(_ value: Value?, mayVary: Bool) {
    if let value {
      self = .value(value)
    } else {
      self = mayVary ? .notThisTime : .never
    }
  }

  var value: Value? {
    if case .value(let value) = self { value } else { nil }
  }
}

import Synchronization

extension EnumCase {
  /// Learns this case from `root`, whose enum `depth` optional layers deep (layout `inner`) is
  /// in the case `tag`, and returns `root`'s payload when `root` turns out to be in this case.
  ///
  /// Runs at most once per tag seen before the case is learned (tags below 64 are remembered as
  /// mismatches), so its cost does not matter on the steady-state path. Returns `nil` when
  /// `root` is in this case and its payload cannot be read (see ``extracted(_:)``).
  @usableFromInline
  func learn(from root: Root, in inner: EnumLayout, tag: UInt32, depth: Int) -> Value? {
    extracted(learnCase(from: root, in: inner, tag: tag, depth: depth))
  }

  /// Learns this case from `root`, as ``learn(from:in:tag:depth:)`` does, and tells what
  /// `root` holds, readable or not.
  func learnCase(
    from root: Root, in inner: EnumLayout, tag: UInt32, depth: Int
  ) -> PayloadLookup<Value> {
    let lookup = payload(of: root, in: inner, tag: tag, depth: depth)
    // The value to embed again: the payload, or its stand-in when it cannot be read.
    let value: Value
    switch lookup {
    case .value(let payload), .unreadable(let payload?):
      value = payload
    case .unreadable(nil):
      return lookup
    case .never:
      markMismatch(tag)
      return .never
    case .notThisTime:
      return .notThisTime
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
      return .never
    }
    return lookup
  }

  /// Learns the case from `root` if `root` tells it, and tells what `root` holds; the part of
  /// `extractSlowly` that runs before the case is known.
  func learnCase(from root: Root) -> PayloadLookup<Value> {
    withUnsafePointer(to: root) { pointer in
      let pointer = UnsafeRawPointer(pointer)
      guard let depth = learningDepth(sampling: pointer) else { return .notThisTime }
      for level in 0..<depth where !layer(at: level).isSome(at: pointer) { return .notThisTime }
      let inner = layer(at: depth)
      let tag = inner.tag(at: pointer)
      if tag < 64, mismatches.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return .never }
      return learnCase(from: root, in: inner, tag: tag, depth: depth)
    }
  }

  /// Whether the root at `pointer` is in this case, also when its payload cannot be read; it
  /// reads the payload only where a cast decides the case.
  // NOTE: the parts that hold a `PayloadLookup<Value>` are functions of their own: this one runs
  // unspecialised (through the bit test's matcher), and a local of that type made it look up
  // the type's generic metadata on every call, a third of an action's cost in the app's root
  // (W6), where a lifetime asks the paths of screens not opened on every action.
  func contains(at pointer: UnsafeRawPointer) -> Bool {
    var state = CaseState(bits: learned.load(ordering: .acquiring))
    if !state.isKnown {
      // NOTE: a path whose case never comes by (a screen not opened) is asked on every action
      // by the lifetime that watches it: a tag read answers, with no copy of the root.
      if rejects(at: pointer) { return false }
      if !sampled.load(ordering: .relaxed) { _ = learnFromSample() }
      state = CaseState(bits: learned.load(ordering: .acquiring))
      guard state.isKnown else { return learnsMatch(at: pointer) }
    }
    for level in 0..<state.depth where !layer(at: level).isSome(at: pointer) { return false }
    let inner = layer(at: state.depth)
    guard inner.tag(at: pointer) == state.tag else { return false }
    switch state.mode {
    case ExtractionMode.cast, ExtractionMode.castIndirect, ExtractionMode.reflection:
      return matchesDynamically(at: pointer, in: inner, state: state)
    default:
      return true
    }
  }

  /// Learns the case from the root at `pointer`, while it is not known; whether the root is in it.
  @inline(never)
  private func learnsMatch(at pointer: UnsafeRawPointer) -> Bool {
    learnCase(from: pointer.load(as: Root.self)).matches
  }

  /// Whether the root at `pointer`, in the learned case's tag, holds a payload of this case.
  @inline(never)
  private func matchesDynamically(
    at pointer: UnsafeRawPointer, in inner: EnumLayout, state: CaseState
  ) -> Bool {
    lookUpDynamically(from: pointer.load(as: Root.self), in: inner, state: state).matches
  }

  /// Returns the payload that `lookup` found, or `nil` when there is none or it cannot be read.
  ///
  /// A payload cannot be read when it holds a function whose arguments or result this cannot
  /// convert between abstractions (see ``FunctionSignature``), or when it is an optional around
  /// a tuple holding a single-value metatype, whose layout cannot be told. Handing out such a
  /// function would crash its caller, and stopping the process breaks the rule that nothing
  /// crashes, so the path reports no payload; its case is still learned, so `isCase`, `embed`
  /// and the other cases stay right. The first such root is reported (see
  /// ``UnreadablePayloadReport``), so the `nil` is not silent.
  func extracted(_ lookup: PayloadLookup<Value>) -> Value? {
    if case .unreadable = lookup { UnreadablePayloadReport.report(Root.self, Value.self) }
    return lookup.value
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
    _ = learnCase(from: sample)
    return CaseState(bits: learned.load(ordering: .acquiring)).isKnown
  }

  /// Extracts the payload of `root`, known to be in the learned case of `inner`, when it cannot
  /// be read in place as a `Value`; `nil` when it cannot be read at all.
  @usableFromInline
  func extractDynamically(from root: Root, in inner: EnumLayout, state: CaseState) -> Value? {
    extracted(lookUpDynamically(from: root, in: inner, state: state))
  }

  /// What `root`, known to be in the learned case of `inner`, holds, for the modes that do not
  /// read the payload in place as a `Value`.
  func lookUpDynamically(
    from root: Root, in inner: EnumLayout, state: CaseState
  ) -> PayloadLookup<Value> {
    switch state.mode {
    case ExtractionMode.cast, ExtractionMode.castIndirect,
      ExtractionMode.rebuilt, ExtractionMode.rebuiltIndirect, ExtractionMode.singleton:
      let bits = castPayloadType.load(ordering: .acquiring)
      guard let metadata = UnsafeRawPointer(bitPattern: bits) else {
        return payload(of: root, in: inner, tag: state.tag, depth: state.depth)
      }
      let type = unsafeBitCast(metadata, to: Any.Type.self)
      switch state.mode {
      case ExtractionMode.singleton:
        return PayloadLookup(metatypeValue(of: type) as? Value, mayVary: true)
      case ExtractionMode.rebuilt, ExtractionMode.rebuiltIndirect:
        return rebuiltPayload(
          of: root, in: inner, tag: state.tag, type: type,
          indirect: state.mode == ExtractionMode.rebuiltIndirect)
      default:
        return PayloadLookup(
          castPayload(
            of: root, in: inner, tag: state.tag, type: type,
            indirect: state.mode == ExtractionMode.castIndirect),
          mayVary: true)
      }
    case ExtractionMode.payloadless:
      return PayloadLookup(() as? Value, mayVary: true)
    default:
      return PayloadLookup(
        reflectedPayload(of: root, depth: state.depth, as: Value.self), mayVary: true)
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
    case .stored(let type, let indirect, let reading):
      switch reading {
      case .exact:
        if isLayoutIdentical(payload: type, value: Value.self) {
          return .value(
            inner.copyPayload(of: root, tag: tag, indirect: indirect, as: Value.self))
        }
        return PayloadLookup(
          castPayload(of: root, in: inner, tag: tag, type: type, indirect: indirect),
          mayVary: payloadMayVaryInCasting(unwrappingSingleElementTuple(type), to: Value.self))
      case .singleton(let instance):
        return PayloadLookup(metatypeValue(of: instance) as? Value, mayVary: false)
      case .rebuilt:
        return rebuiltPayload(
          of: root, in: inner, tag: tag, type: unwrappingSingleElementTuple(type),
          indirect: indirect)
      }
    case .unknown:
      return PayloadLookup(reflectedPayload(of: root, depth: depth, as: Value.self), mayVary: true)
    }
  }

  /// Reads `root`'s payload, of the declared `type` whose ``PayloadReading`` is `rebuilt`,
  /// element by element, and casts it to `Value`.
  private func rebuiltPayload(
    of root: Root, in inner: EnumLayout, tag: UInt32, type: Any.Type, indirect: Bool
  ) -> PayloadLookup<Value> {
    let lookup = inner.rebuiltPayload(
      of: root, tag: tag, type: type, indirect: indirect, as: Value.self,
      mayVary: payloadMayVaryInCasting(type, to: Value.self))
    // NOTE: a layout this cannot tell is an optional around a value holding a single-value
    // metatype; a payload of `Value`'s own type is this case's, so it is unreadable.
    return lookup
      ?? (isLayoutIdentical(payload: type, value: Value.self) ? .unreadable(nil) : .never)
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
    case .stored(let type, let indirect, let reading):
      let published: Any.Type
      let mode: UInt8
      switch reading {
      case .exact:
        if isLayoutIdentical(payload: type, value: Value.self) {
          return indirect ? ExtractionMode.indirect : ExtractionMode.inline
        }
        published = unwrappingSingleElementTuple(type)
        mode = indirect ? ExtractionMode.castIndirect : ExtractionMode.cast
      case .singleton(let instance):
        published = instance
        mode = ExtractionMode.singleton
      case .rebuilt:
        published = unwrappingSingleElementTuple(type)
        mode = indirect ? ExtractionMode.rebuiltIndirect : ExtractionMode.rebuilt
      }
      let metadata = unsafeBitCast(published, to: UnsafeRawPointer.self)
      castPayloadType.store(UInt(bitPattern: metadata), ordering: .releasing)
      return mode
    case .unknown:
      return ExtractionMode.reflection
    }
  }

  private func markMismatch(_ tag: UInt32) {
    guard tag < 64 else { return }
    mismatches.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}

/// The outcome of reading a payload as a `Value`.
enum PayloadLookup<Value> {
  case value(Value)
  /// No payload of this case converts to `Value`.
  case never
  /// This payload does not convert, but others of the same case might.
  case notThisTime
  /// The payload converts, but holds functions that generic code cannot call; the stand-in,
  /// when there is one, may only be embedded again, to learn the case.
  case unreadable(Value?)

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

  /// Whether the root holds a payload of this case, readable or not.
  var matches: Bool {
    switch self {
    case .value, .unreadable: true
    case .never, .notThisTime: false
    }
  }
}

/// What an `EnumCase` knows about the `.some` layer at its `valueDepth`.
///
/// For `indirect enum Route { case home; case sheet(Route) }`, a `CasePath<Route?, Route>` may
/// come from `/Optional<Route>.some`, whose case is that `.some` layer, or from `/Route.sheet`
/// promoted by Swift to return `Route?`, whose case lies inside it. The types are the same, so
/// the constructor is asked once, and the answer kept.
@usableFromInline
enum Promotion {
  @usableFromInline static let unknown: UInt8 = 0
  /// The constructor wraps its value in `.some` layers, the last of them at `valueDepth`.
  @usableFromInline static let someLayer: UInt8 = 1
  /// The constructor builds a case of the innermost enum.
  @usableFromInline static let innerCase: UInt8 = 2
}

extension EnumCase {
  /// Returns how many optional layers deep the case is, given the root at `pointer`, or `nil`
  /// when it is undecided and that root cannot tell (it is `nil` down to `valueDepth`; then no
  /// answer would let it match).
  @usableFromInline
  func learningDepth(sampling pointer: UnsafeRawPointer) -> Int? {
    guard let valueDepth else { return innerLayouts.count }
    switch promotion.load(ordering: .relaxed) {
    case Promotion.someLayer: return valueDepth
    case Promotion.innerCase: return innerLayouts.count
    default: break
    }
    guard let wrapsInSome = embedWrapsInSome(sampling: pointer, depth: valueDepth) else {
      return nil
    }
    // Relaxed: every writer stores the same answer, and the learned state is published after.
    promotion.store(wrapsInSome ? Promotion.someLayer : Promotion.innerCase, ordering: .relaxed)
    return wrapsInSome ? valueDepth : innerLayouts.count
  }

  /// Whether `embed` only wraps its value in `depth + 1` `.some` layers, as `Optional.some` does,
  /// rather than building a case of an enum inside them.
  ///
  /// A sample value goes through `embed`: `Optional.some` keeps its case, and its box when the
  /// case is `indirect`, where a case constructor gives its own case and a new box. The sample
  /// is a case without payload when `Value` has one, and otherwise the root's value.
  private func embedWrapsInSome(sampling pointer: UnsafeRawPointer, depth: Int) -> Bool? {
    let valueLayout = innerLayouts[depth]
    let sample: Value
    if let emptyTag = valueLayout.firstPayloadlessTag {
      sample = valueLayout.makePayloadless(tag: emptyTag, as: Value.self)
    } else {
      for level in 0...depth where !layer(at: level).isSome(at: pointer) { return nil }
      sample = pointer.load(as: Value.self)
    }
    let tag = valueLayout.tag(of: sample)
    let embedded = embed(sample)
    return withUnsafePointer(to: embedded) { embeddedPointer in
      let embeddedPointer = UnsafeRawPointer(embeddedPointer)
      for level in 0...depth where !layer(at: level).isSome(at: embeddedPointer) { return false }
      guard valueLayout.tag(at: embeddedPointer) == tag else { return false }
      guard case .stored(_, indirect: true, _) = valueLayout.payload(forTag: tag) else {
        // NOTE: a case whose inline payload holds a copy of the sample (through `Any`) would
        // also get here; such constructors are taken for `Optional.some`.
        return true
      }
      let wrapped = embeddedPointer.load(as: Value.self)
      return valueLayout.boxAddress(of: wrapped, tag: tag)
        == valueLayout.boxAddress(of: sample, tag: tag)
    }
  }
}

extension EnumLayout {
  /// Builds the value of this enum's case `tag`, which must have no payload.
  func makePayloadless<Value>(tag: UInt32, as _: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Value>.size, 1),
      alignment: MemoryLayout<Value>.alignment
    ) { buffer in
      buffer.initializeMemory(as: UInt8.self, repeating: 0)
      injectWitness(buffer.baseAddress!, tag, metadata)
      return buffer.baseAddress!.bindMemory(to: Value.self, capacity: 1).move()
    }
  }

  /// Returns the address of the heap box of `value`, which is in the `indirect` case `tag`.
  func boxAddress<Value>(of value: Value, tag: UInt32) -> UInt {
    copyPayload(of: value, tag: tag, indirect: false, as: UInt.self)
  }
}

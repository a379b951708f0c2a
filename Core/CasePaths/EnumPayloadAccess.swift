extension EnumLayout {
  /// Returns the payload of `root`, whose case stores a payload of exactly `Value`'s layout
  /// inline (not `indirect`).
  ///
  /// A copy of `root` is projected in a stack buffer and the payload is moved out of it, so the
  /// copy's ownership passes to the returned value and nothing is retained or released twice.
  @inlinable
  func movePayload<Root, Value>(of root: Root, as _: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Root>.size, 1),
      alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let storage = buffer.baseAddress!
      storage.initializeMemory(as: Root.self, to: root)
      projectWitness(storage, metadata)
      return storage.bindMemory(to: Value.self, capacity: 1).move()
    }
  }

  /// Returns a copy of the payload of `root`, whose case with `tag` stores a `Payload`, inline or
  /// in a heap box when `indirect` is `true`.
  ///
  /// A copy of `root` is projected in a stack buffer, the payload is copied out, and the copy is
  /// restored with its tag and destroyed normally, which releases the box of an indirect case.
  @inlinable
  func copyPayload<Root, Payload>(
    of root: Root,
    tag: UInt32,
    indirect: Bool,
    as _: Payload.Type
  ) -> Payload {
    withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Root>.size, 1),
      alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let storage = buffer.baseAddress!
      storage.initializeMemory(as: Root.self, to: root)
      projectWitness(storage, metadata)
      let payload: Payload
      if indirect {
        // The payload lives in a heap box after the object header.
        let box = storage.load(as: UnsafeRawPointer.self)
        let offset = boxHeaderSize(alignment: MemoryLayout<Payload>.alignment)
        payload = box.load(fromByteOffset: offset, as: Payload.self)
      } else {
        payload = UnsafeRawPointer(storage).load(as: Payload.self)
      }
      injectWitness(storage, tag, metadata)
      storage.assumingMemoryBound(to: Root.self).deinitialize(count: 1)
      return payload
    }
  }

  /// Calls `body` with the address of the payload of `root`, in the case `tag`, inline or in a
  /// heap box when `indirect` (`alignment`, the payload's as the enum stores it, places it in
  /// the box); for payloads that are not read as their declared type.
  func withPayload<Root, Result>(
    of root: Root, tag: UInt32, indirect: Bool, alignment: Int,
    _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Root>.size, 1),
      alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let storage = buffer.baseAddress!
      storage.initializeMemory(as: Root.self, to: root)
      projectWitness(storage, metadata)
      let result: Result
      if indirect {
        let box = storage.load(as: UnsafeRawPointer.self)
        result = body(box + boxHeaderSize(alignment: alignment))
      } else {
        result = body(UnsafeRawPointer(storage))
      }
      injectWitness(storage, tag, metadata)
      storage.assumingMemoryBound(to: Root.self).deinitialize(count: 1)
      return result
    }
  }

  /// Returns how projecting `sample`, in the case `tag`, changes its first `byteCount` bytes,
  /// as an XOR mask of the same length (all zero when they stay the same).
  ///
  /// Projection only clears tag bits that share storage with the payload; their values are the
  /// same for every instance of a case, so one sample answers for the whole case. When nothing
  /// changes, payloads can be read in place; an `indirect` case's box address is the first
  /// word with the mask applied.
  func projectionMask<Root>(of sample: Root, tag: UInt32, byteCount: Int) -> [UInt8] {
    precondition(byteCount <= MemoryLayout<Root>.size)
    return withUnsafeTemporaryAllocation(
      byteCount: Swift.max(MemoryLayout<Root>.size, 1),
      alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let storage = buffer.baseAddress!
      storage.initializeMemory(as: Root.self, to: sample)
      let before = Array(UnsafeRawBufferPointer(start: storage, count: byteCount))
      projectWitness(storage, metadata)
      let after = UnsafeRawBufferPointer(start: storage, count: byteCount)
      let mask = zip(before, after).map { $0 ^ $1 }
      injectWitness(storage, tag, metadata)
      storage.assumingMemoryBound(to: Root.self).deinitialize(count: 1)
      return mask
    }
  }

  /// Returns a copy of the payload of an `indirect` case from its heap box, whose address is the
  /// first word of the value at `pointer` combined with `mask`.
  @inlinable
  func boxedPayload<Value>(at pointer: UnsafeRawPointer, mask: UInt, as _: Value.Type) -> Value {
    let box = UnsafeRawPointer(bitPattern: pointer.load(as: UInt.self) ^ mask)!
    return box.load(
      fromByteOffset: boxHeaderSize(alignment: MemoryLayout<Value>.alignment),
      as: Value.self)
  }
}

/// The offset of a value in a heap box: after the two-word object header, aligned up.
@inlinable
func boxHeaderSize(alignment: Int) -> Int {
  (2 * MemoryLayout<Int>.size + alignment - 1) & ~(alignment - 1)
}

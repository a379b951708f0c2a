/// A fixed run of memory for lines waiting for the writer: the observer fills it, the writer
/// takes it whole, writes its lines and gives it back empty for another batch.
///
/// NOTE: chunks, not one array: an array that doubles while the writer is behind copies every
/// waiting line into fresh memory at each doubling, and the observer met the page faults of
/// both (a third of a recorded send). The writer's thread makes the spare chunks and touches
/// their pages before the observer needs them (``prefaulted()``), so a send appends into memory
/// that is already there.
// NOTE: `@unchecked Sendable` is safe: a chunk is touched by one side at a time, handed over
// under the recorder's lock: the observer fills the last chunk of the buffer with the lock held;
// once the writer has taken the chunks out of the buffer, only the writer reads, empties or
// frees them, and a spare is only touched again once the observer has taken it back.
@usableFromInline final class LineChunk<Line>: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<Line>
  @usableFromInline let capacity: Int
  // NOTE: unchecked: only its owner of the moment touches it (see above); the dynamic check
  // cost every recorded send a thread-local lookup.
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// The number of lines in 64 KiB, at least 16.
  static var standardCapacity: Int { max(16, (64 << 10) / MemoryLayout<Line>.stride) }

  @usableFromInline init() {
    capacity = Self.standardCapacity
    base = .allocate(capacity: capacity)
  }

  /// A chunk whose pages are in memory already: its bytes written once.
  static func prefaulted() -> LineChunk {
    let chunk = LineChunk()
    UnsafeMutableRawPointer(chunk.base).initializeMemory(
      as: UInt8.self, repeating: 0, count: chunk.capacity * MemoryLayout<Line>.stride)
    return chunk
  }

  @inlinable var isFull: Bool { count == capacity }

  // NOTE: the line is taken, not borrowed (here, in `Buffer.append` and in `Recorder.add`), so it
  // is moved into the chunk: a copy went through the line type's generic copy function.
  // (`__owned`: the `consuming` spelling crashed the compiler here.)
  @inlinable func append(_ line: __owned Line) {
    (base + count).initialize(to: line)
    count += 1
  }

  subscript(index: Int) -> Line { base[index] }

  /// Changes each line in place.
  func updateEach(_ change: (inout Line) -> Void) {
    for index in 0..<count { change(&base[index]) }
  }

  /// Releases the lines, keeping the memory for another batch.
  func empty() {
    base.deinitialize(count: count)
    count = 0
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}

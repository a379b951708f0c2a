import Foundation

extension Recorder {
  /// A line encoded for the sinks.
  enum Encoded {
    case line(Data)
    /// It cannot be encoded.
    case failed
    /// It is longer than every sink keeps.
    case tooLong
    /// There is no sink.
    case unneeded
  }

  /// The lines taken from the buffer and not all written yet, with the encoder.
  struct Backlog {
    var chunks: [LineChunk<RecordLine<Action, State>>] = []
    /// The chunk being written, and how many of its lines are handed to the sinks.
    var chunk = 0
    var written = 0
    /// Counts the refills of `chunks`, so that the writer knows the line it encoded outside the
    /// lock is still the one waiting.
    var generation = 0
    /// The counter and the clock as read at the last take, when entries are stamped by the
    /// processor's counter.
    var lastReading: TickClock.Reading?
    /// A flush's encoder.
    let encoder = JSONEncoder.recording

    var next: RecordLine<Action, State> { chunks[chunk][written] }

    mutating func advance() {
      written += 1
      if written == chunks[chunk].count { (chunk, written) = (chunk + 1, 0) }
    }
  }

  // NOTE: the observer's path (`add`, the buffer, the writer's wake-up) is inlinable, so that
  // it is specialised for the host's types: unspecialised, every line looked up the generic
  // metadata of the buffer and the line types, which cost more than the send it recorded.
  @usableFromInline struct Buffer: Sendable {
    /// The lines the writer has not taken yet, oldest first; the last chunk is being filled.
    @usableFromInline var chunks: [LineChunk<RecordLine<Action, State>>] = []
    /// Empty chunks, made or emptied by the writer, for the lines to come.
    @usableFromInline var spares: [LineChunk<RecordLine<Action, State>>] = []
    /// The number of lines in `chunks`.
    @usableFromInline var waiting = 0
    @usableFromInline var nextIndex = 0
    @usableFromInline var lost = 0
    @usableFromInline var isDraining = false
    @usableFromInline var isClosed = false
    @usableFromInline var lastState: State
    @usableFromInline var lastCheckpoint = -1
    /// Entries until the next checkpoint (a count down, not a division per entry).
    @usableFromInline var untilCheckpoint: Int

    init(
      first: RecordLine<Action, State>, isDraining: Bool, lastState: State, checkpointEvery: Int
    ) {
      untilCheckpoint = checkpointEvery
      self.isDraining = isDraining
      self.lastState = lastState
      append(first)
    }

    @inlinable mutating func append(_ line: __owned RecordLine<Action, State>) {
      if let last = chunks.last, !last.isFull {
        last.append(line)
      } else {
        let chunk = spares.popLast() ?? LineChunk()
        chunk.append(line)
        chunks.append(chunk)
      }
      waiting += 1
    }
  }
}

import Actomaton
import Dispatch
import Foundation
import Locking

/// Records an actomaton: every reduced action with its origin and time, every restore, a state
/// checkpoint every few entries, and the host's notes, into one or more sinks.
///
/// ```swift
/// let recorder = Recorder<Action, State>(
///   initialState: state, sinks: [JSONLinesFileSink(url: file), ring])
/// let store = Actomaton(state: state, reducer: reducer, observer: recorder.observer)
/// …
/// recorder.close()
/// ```
///
/// The observer only copies the action (and, at a checkpoint, the state) into a buffer: it never
/// encodes, writes or waits on the actomaton. Encoding and writing happen on a thread of the
/// recorder's own, at the lowest priority, so that a busy app keeps its cores (``flush()`` and
/// ``close()`` write on the caller's thread). When that writer falls more than `bufferLimit`
/// lines behind, new lines are dropped and counted, and the trailer says how many were lost.
public final class Recorder<Action: Codable & Sendable, State: Codable & Sendable>: Sendable {
  /// How many empty chunks (64 KiB each) wait for the lines to come: an idle recorder holds
  /// these and the one being filled.
  private static var spareCount: Int { 2 }

  /// A checkpoint follows every this many entries.
  public let checkpointEvery: Int
  /// How many lines may wait for the writer before new ones are lost.
  public let bufferLimit: Int
  private let sinks: [any RecordingSink]
  /// The longest line a sink keeps.
  private let lineLimit: Int
  @usableFromInline let buffer: QuickLocked<Buffer>
  @usableFromInline let elapsed: @Sendable () -> Duration
  /// When entries are stamped by the processor's counter (`elapsed` returns stamps), the clock
  /// that turns stamps into times when the writer takes the lines.
  private let ticks: TickClock?
  /// Serialises writing between the writer's thread and a caller's `flush()` or `close()`.
  private let backlog = Locked(Backlog())
  @usableFromInline let writer = RecordingWriter()
  /// The recording so far, as values, when the recorder keeps one.
  private let memory: Locked<Recording<Action, State>>?

  /// Starts a recording whose first state is `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The actomaton's state before the first action.
  ///   - checkpointEvery: How many entries between state checkpoints (at least 1); a replay
  ///     checks each, and going back in time costs at most this many reductions.
  ///   - clock: The clock entries are timed by (the actomaton's, so a test clock in tests).
  ///   - bufferLimit: How many lines may wait for the writer before new ones are lost.
  ///   - keepsRecording: Whether to keep the whole recording in memory as values too, for
  ///     ``recording`` (undo, time travel).
  ///   - sinks: Where the lines go.
  public init(
    initialState: State, checkpointEvery: Int = 100,
    clock: any Clock<Duration> = ContinuousClock(), bufferLimit: Int = 100_000,
    keepsRecording: Bool = false, sinks: [any RecordingSink] = []
  ) {
    self.checkpointEvery = max(1, checkpointEvery)
    self.bufferLimit = max(1, bufferLimit)
    self.sinks = sinks
    lineLimit = sinks.map(\.lineLimit).max() ?? .max
    func since<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }
    // NOTE: the continuous clock (every live recorder's) is read without going through `any
    // Clock`: unspecialised, reading it and subtracting its instants cost a recorded send 55 ns.
    if clock is ContinuousClock, let ticks = TickClock.make() {
      self.ticks = ticks
      elapsed = { ticks.stamp() }
    } else {
      ticks = nil
      elapsed = clock is ContinuousClock ? liveElapsedTime() : since(clock)
    }
    let header = RecordingHeader(Action.self, State.self, checkpointEvery: self.checkpointEvery)
    memory = keepsRecording ? Locked(Recording(header: header, initialState: initialState)) : nil
    buffer = QuickLocked(
      Buffer(
        first: .header(header, initialState: initialState), isDraining: true,
        lastState: initialState, checkpointEvery: self.checkpointEvery))
    writer.start { [weak self] in
      let encoder = JSONEncoder.recording
      while let self {
        while self.writeNextLine(with: encoder) {}
        // NOTE: the writer lingers a moment before it goes idle, so that a busy actomaton's
        // lines are written in batches: while it is not idle, adding a line does not wake it,
        // which would cost every send a system call and the writer a thread switch.
        usleep(5_000)
        guard self.hasWaitingLines() else { return }
      }
    }
    writer.wakeUp()
  }

  /// The observer to give the actomaton (combine it with others with
  /// `ActomatonObserver.combine(_:)`).
  @inlinable public var observer: ActomatonObserver<Action, State> {
    // NOTE: the closures capture the interval as well as the recorder, so that their context
    // is a box of their own. A closure that captures one object alone has that object as its
    // context, and the recorder's reference counts take the slow path (the writer's weak
    // reference gave it a side table): every send retained and released it there.
    ActomatonObserver(
      actionReduced: { [self, checkpointEvery] action, origin, _, new in
        add(.action(action, origin), new, checkpointEvery: checkpointEvery)
      },
      stateRestored: { [self, checkpointEvery] _, new in
        add(.restore(new), new, checkpointEvery: checkpointEvery)
      })
  }

  /// Adds a host's note before the next entry (the REPL adds each command line).
  ///
  /// - Parameters:
  ///   - text: The note.
  ///   - checkpoint: Whether to add a checkpoint of the state first, when entries came since the
  ///     last one, so that a replay checks the state at the note (a changed reducer or a
  ///     tampered entry is then reported at the command that shows it).
  public func note(_ text: String, checkpoint: Bool = false) {
    let schedule = buffer.withLock { buffer -> Bool in
      guard !buffer.isClosed else { return false }
      if checkpoint { addCheckpoint(&buffer) }
      buffer.append(.note(before: buffer.nextIndex, text: text))
      return startDraining(&buffer)
    }
    if schedule { writer.wakeUp() }
  }

  /// Adds a checkpoint of the state now, when entries came since the last one: a replay then
  /// checks the state here (a host adds one before it writes out a ring's tail, so that even a
  /// short one checks something).
  public func checkpoint() {
    let schedule = buffer.withLock { buffer -> Bool in
      guard !buffer.isClosed, addCheckpoint(&buffer) else { return false }
      return startDraining(&buffer)
    }
    if schedule { writer.wakeUp() }
  }

  /// Appends a checkpoint after the last entry unless there is one; whether it did.
  @discardableResult
  private func addCheckpoint(_ buffer: inout Buffer) -> Bool {
    let last = buffer.nextIndex - 1
    guard last >= 0, buffer.lastCheckpoint != last else { return false }
    buffer.append(.checkpoint(index: last, state: buffer.lastState))
    buffer.lastCheckpoint = last
    return true
  }

  /// `make`, with every value it returns recorded under `name` before the entry of the action
  /// being reduced: wrap the environment's functions that a reducer calls (an id maker, a
  /// clock's `now`) so that a replay gets the same values
  /// (``Recording/replayedInputs(named:as:otherwise:)``).
  ///
  /// - Parameters:
  ///   - name: The name the values are recorded under, and asked for by in the replay.
  ///   - make: The live function, such as the environment's id maker.
  /// - Returns: A function that calls `make` and records what it returned.
  public func recordingInputs<Value: Encodable & Sendable>(
    named name: String, of make: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value {
    { [self] in
      let value = make()
      enqueue { buffer in
        .input(before: buffer.nextIndex, name: name, value: RecordedInput(value))
      }
      return value
    }
  }

  /// How many entries were recorded (lost ones included).
  public var entryCount: Int { buffer.withLock { $0.nextIndex } }

  /// Ends the recording: writes a last checkpoint and the trailer, waits for the writer, and
  /// closes the sinks. Later actions are not recorded.
  public func close() {
    let closing = buffer.withLock { buffer -> Bool in
      guard !buffer.isClosed else { return false }
      let last = buffer.nextIndex - 1
      if buffer.lastCheckpoint != last {
        buffer.append(.checkpoint(index: last, state: buffer.lastState))
      }
      buffer.append(.trailer(entries: buffer.nextIndex, lost: buffer.lost))
      buffer.isClosed = true
      return true
    }
    guard closing else { return }
    flush()
    writer.stop()
    for sink in sinks { sink.close() }
  }

  /// Writes every line so far to the sinks, on the caller's thread.
  public func flush() {
    backlog.withLock { backlog in
      while refill(&backlog) {
        let line = backlog.next
        hand(line, encode(line, with: backlog.encoder))
        backlog.advance()
      }
    }
  }

  // NOTE: a recorder released without `close()` still writes what it holds (its writer's
  // thread holds it only while writing), but adds no checkpoint or trailer: the recording
  // reads back up to its last line.
  deinit { flush() }

  /// The recording so far, with every line handed to the writer; `nil` unless the recorder was
  /// made with `keepsRecording`.
  public var recording: Recording<Action, State>? {
    guard let memory else { return nil }
    flush()
    return memory.withLock { $0 }
  }

  /// How many entries the writer lost so far.
  public var lost: Int { buffer.withLock { $0.lost } }

  /// How many lines wait for the writer: a host that records faster than the writer encodes
  /// calls ``flush()`` before this reaches `bufferLimit`, so that none is lost.
  public var waitingCount: Int { buffer.withLock { $0.waiting } }

  @inlinable func add(
    _ event: __owned RecordedEntry<Action, State>.Event, _ state: State, checkpointEvery every: Int
  ) {
    let time = elapsed()
    let schedule = buffer.withLock { buffer -> Bool in
      guard !buffer.isClosed else { return false }
      let index = buffer.nextIndex
      buffer.nextIndex += 1
      buffer.lastState = state
      buffer.untilCheckpoint -= 1
      let isCheckpoint = buffer.untilCheckpoint == 0
      if isCheckpoint { buffer.untilCheckpoint = every }
      guard buffer.waiting < bufferLimit else {
        buffer.lost += 1
        return false
      }
      buffer.append(.entry(RecordedEntry(index: index, time: time, event: event)))
      if isCheckpoint {
        buffer.append(.checkpoint(index: index, state: state))
        buffer.lastCheckpoint = index
      }
      return startDraining(&buffer)
    }
    if schedule { writer.wakeUp() }
  }

  private func enqueue(_ line: (inout Buffer) -> RecordLine<Action, State>) {
    let schedule = buffer.withLock { buffer -> Bool in
      guard !buffer.isClosed else { return false }
      buffer.append(line(&buffer))
      return startDraining(&buffer)
    }
    if schedule { writer.wakeUp() }
  }

  /// Whether lines wait for the writer; if none do, the writer goes idle and the next line
  /// wakes it.
  private func hasWaitingLines() -> Bool {
    buffer.withLock { buffer in
      if buffer.waiting == 0 { buffer.isDraining = false }
      return buffer.isDraining
    }
  }

  /// Whether the caller must schedule a drain (none is pending).
  @inlinable func startDraining(_ buffer: inout Buffer) -> Bool {
    if buffer.isDraining { return false }
    buffer.isDraining = true
    return true
  }

  /// Adds a line to the recording kept in memory; after a gap (lines lost), the recording ends
  /// there and says why.
  private func keep(_ line: RecordLine<Action, State>, in memory: Locked<Recording<Action, State>>)
  {
    memory.withLock { recording in
      guard recording.damage == nil else { return }
      do throws(RecordingDamage) {
        try recording.add(line)
      } catch {
        recording.damage = error
      }
    }
  }

  /// The writer's step: claims the next line, encodes it outside the lock and hands it to the
  /// sinks, unless a flush did meanwhile; whether there was a line.
  ///
  /// NOTE: the lock is held to claim and to hand over, never while this low-priority thread
  /// encodes: a `flush()` on a busy machine would otherwise wait for a thread that gets little
  /// CPU (it waited up to a second under load). A flush writes the claimed line itself, and the
  /// writer's copy is dropped.
  private func writeNextLine(with encoder: JSONEncoder) -> Bool {
    let claim = backlog.withLock { backlog -> (RecordLine<Action, State>, Int, Int, Int)? in
      guard refill(&backlog) else { return nil }
      return (backlog.next, backlog.chunk, backlog.written, backlog.generation)
    }
    guard let (line, chunk, index, generation) = claim else { return false }
    let data = encode(line, with: encoder)
    backlog.withLock { backlog in
      guard backlog.generation == generation, backlog.chunk == chunk, backlog.written == index
      else { return }
      hand(line, data)
      backlog.advance()
    }
    // NOTE: while the writer is behind, the observer fills a chunk in about 1,600 sends; the
    // spares are looked at every 16 lines written, so that it never has to make one itself.
    if index % 16 == 15 { topUpSpares() }
    return true
  }

  /// Takes the waiting lines once the backlog's are all written; whether a line waits to be
  /// written. When none does, the sinks write out what they buffer.
  private func refill(_ backlog: inout Backlog) -> Bool {
    if backlog.chunk < backlog.chunks.count { return true }
    // NOTE: written chunks go back emptied, as spares, so that the observer appends into memory
    // already there; those past the spares are freed here, outside the observer's lock.
    var emptied = backlog.chunks
    for chunk in emptied { chunk.empty() }
    backlog.chunks.removeAll(keepingCapacity: true)
    buffer.withLock { buffer in
      swap(&buffer.chunks, &backlog.chunks)
      buffer.waiting = 0
      while buffer.spares.count < Self.spareCount, let chunk = emptied.popLast() {
        buffer.spares.append(chunk)
      }
    }
    (backlog.chunk, backlog.written) = (0, 0)
    backlog.generation &+= 1
    timeStamps(in: &backlog)
    topUpSpares()
    if !backlog.chunks.isEmpty { return true }
    for sink in sinks { sink.flush() }
    return false
  }

  /// Turns the stamps of the lines just taken into times, when entries are stamped by the
  /// processor's counter: every line was stamped before this reading.
  private func timeStamps(in backlog: inout Backlog) {
    guard let ticks, !backlog.chunks.isEmpty else { return }
    let reading = ticks.read()
    let last = backlog.lastReading ?? ticks.start
    for chunk in backlog.chunks {
      chunk.updateEach { line in
        guard case .entry(let entry) = line else { return }
        let time = TickClock.time(of: entry.time, from: last, to: reading)
        line = .entry(RecordedEntry(index: entry.index, time: time, event: entry.event))
      }
    }
    backlog.lastReading = reading
  }

  /// Makes the spares that are missing, their pages touched, outside the observer's lock.
  private func topUpSpares() {
    let missing = buffer.withLock { Self.spareCount - $0.spares.count }
    guard missing > 0 else { return }
    let made = (0..<missing).map { _ in LineChunk<RecordLine<Action, State>>.prefaulted() }
    buffer.withLock { $0.spares += made }
  }

  /// The line with the trailer's count of lost entries as it is now.
  private func completed(_ line: RecordLine<Action, State>) -> RecordLine<Action, State> {
    guard case let .trailer(entries, _) = line else { return line }
    return .trailer(entries: entries, lost: buffer.withLock { $0.lost })
  }

  /// The line's JSON for the sinks.
  // NOTE: a line longer than every sink keeps is measured, not encoded: `JSONEncoder` first
  // builds a tree several times the JSON's size, which for a huge list's states was most of
  // the process's memory.
  private func encode(_ line: RecordLine<Action, State>, with encoder: JSONEncoder) -> Encoded {
    guard !sinks.isEmpty else { return .unneeded }
    let line = completed(line)
    if lineLimit < .max, EncodedSize.exceeds(line, lineLimit) { return .tooLong }
    return (try? encoder.encode(line)).map(Encoded.line) ?? .failed
  }

  /// Keeps the line in memory (when the recorder keeps the recording) and gives it to the sinks.
  private func hand(_ line: RecordLine<Action, State>, _ encoded: Encoded) {
    let line = completed(line)
    if let memory, line.kind != .header { keep(line, in: memory) }
    switch encoded {
    case let .line(data):
      let encoded = EncodedLine(kind: line.kind, data: data)
      for sink in sinks { sink.write(encoded) }
    case .failed:
      // NOTE: an entry that cannot be encoded is counted as lost, so the trailer says so.
      buffer.withLock { $0.lost += 1 }
    case .tooLong:
      for sink in sinks { sink.skipped(line.kind) }
    case .unneeded: break
    }
  }
}

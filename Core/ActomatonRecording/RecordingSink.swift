import Foundation
import Locking
import OutsideText
import PrivateFiles

/// Where a recorder's lines go. Called one line at a time, in order, never from two threads at
/// once: on the recorder's writer thread, or on the thread that calls the recorder's `flush()`,
/// `close()` or `recording`, or releases it. The observer on the actomaton never calls it.
///
/// A sink must not call those three back from ``write(_:)``: they wait for the line being
/// written, so the call would never return.
public protocol RecordingSink: Sendable {
  /// Takes one encoded line (without its newline) and what kind it is.
  ///
  /// - Parameter line: The line, in the order the recorder wrote it.
  func write(_ line: EncodedLine)
  /// The writer has handed over every line waiting for now: write out what the sink buffers.
  func flush()
  /// The recording ended; flush and release what the sink holds.
  func close()
  /// The most bytes of a line the sink keeps: a line longer than every sink's limit is not
  /// encoded, and each is told of it with ``skipped(_:)`` instead.
  var lineLimit: Int { get }
  /// A line was left out, longer than ``lineLimit``: a sink that replays what it keeps must not
  /// replay across it.
  ///
  /// - Parameter kind: What the line held.
  func skipped(_ kind: EncodedLine.Kind)
}

extension RecordingSink {
  /// Does nothing: a sink that buffers nothing has nothing to write out.
  public func flush() {}
  /// No limit: every line is written.
  public var lineLimit: Int { .max }
  /// Does nothing: a sink with no ``lineLimit`` is never told.
  public func skipped(_: EncodedLine.Kind) {}
}

/// Appends a recording to a JSON Lines file.
///
/// Lines are written in batches, when the recorder's writer has handed over what waited (or
/// every 64 KiB), not with one system call each. A file that cannot be opened or written is said
/// once, on standard error, and the session goes on without it.
public final class JSONLinesFileSink: RecordingSink {
  private struct Pending {
    var bytes = Data()
    var failed = false
  }

  private let handle: FileHandle?
  private let path: String
  private let pending = Locked(Pending())
  private let problems: @Sendable (String) -> Void

  /// Creates (or empties) the file at `url`.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - problems: Where the one message about a file that cannot be written goes; standard
  ///     error by default.
  public init(
    url: URL,
    problems: @escaping @Sendable (String) -> Void = {
      FileHandle.standardError.write(Data($0.utf8))
    }
  ) {
    self.problems = problems
    path = url.path
    // NOTE: an existing file is emptied through its path, not replaced (`createFile` writes a
    // new file and renames it over the path, which turned a symbolic link into a plain file);
    // `open` also says why it failed.
    // NOTE: one writer per file: it is locked before it is emptied, so a second recorder given
    // the same file leaves the first one's recording whole (two interleaved into one damaged
    // file). The kernel drops the lock with the process.
    // NOTE: created 0600 (it holds what was typed), and refused at once when it is not a
    // regular file: a FIFO's open would wait for a reader, and a pipe cannot be emptied.
    let descriptor: Int32
    do throws(PrivateFile.OpenFailure) {
      descriptor = try PrivateFile.openRegularFileForWriting(url.path)
    } catch {
      handle = nil
      say(error.reason)
      return
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason =
        errno == EWOULDBLOCK
        ? "another recorder is writing into it" : String(cString: strerror(errno))
      _ = Glibc.close(descriptor)
      handle = nil
      say(reason)
      return
    }
    guard ftruncate(descriptor, 0) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = Glibc.close(descriptor)
      handle = nil
      say(reason)
      return
    }
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Adds the line and a newline to the batch; writes the batch past 64 KiB.
  ///
  /// After the first failed write, later lines are dropped; the failure is said once.
  ///
  /// - Parameter line: The line to append.
  public func write(_ line: EncodedLine) {
    let full = pending.withLock { pending in
      guard handle != nil, !pending.failed else { return false }
      pending.bytes += line.data
      pending.bytes.append(UInt8(ascii: "\n"))
      return pending.bytes.count >= 65_536
    }
    if full { flush() }
  }

  /// Writes the batch.
  public func flush() {
    guard let handle else { return }
    let problem = pending.withLock { pending -> (any Error)? in
      guard !pending.failed, !pending.bytes.isEmpty else { return nil }
      defer { pending.bytes.removeAll(keepingCapacity: true) }
      do {
        try handle.write(contentsOf: pending.bytes)
        return nil
      } catch {
        pending.failed = true
        return error
      }
    }
    if let problem { say((problem as NSError).localizedDescription) }
  }

  deinit { flush() }

  /// Writes the batch and closes the file.
  public func close() {
    flush()
    try? handle?.close()
  }

  private func say(_ problem: String) {
    problems("recording: cannot write \(path): \(problem); the session goes on unrecorded\n")
  }
}

/// Keeps the last `capacity` entries in memory (for a crash report), with the header, the
/// checkpoints they need and their notes, in at most `byteLimit` bytes.
public final class RingSink: RecordingSink {
  private struct Kept {
    var header: Data?
    var entries = FrontTrimmedArray<(index: Int, data: Data)>()
    var checkpoints: [(index: Int, data: Data)] = []
    /// Notes and inputs, with the entry they come before (in that order).
    var notes = FrontTrimmedArray<(before: Int, data: Data)>()
    /// The bytes of every line kept.
    var bytes = 0
    /// The index of the last entry left out (``skipped(_:)``): a replay starts at a checkpoint
    /// after it.
    var gap: Int?

    mutating func forgetFirstEntry() {
      bytes -= entries.first?.data.count ?? 0
      entries.removeFirst()
    }

    /// Forgets what only entries no longer kept need.
    mutating func forgetBeforeFirstEntry(capacity: Int) {
      let first = entries.first?.index ?? 0
      // NOTE: a replay of the tail starts at the first checkpoint whose following entries are
      // all kept; older checkpoints can go.
      while let checkpoint = checkpoints.first, checkpoint.index < first - 1 {
        bytes -= checkpoint.data.count
        checkpoints.removeFirst()
      }
      // NOTE: notes come without entries too (a person typing `help` for ever): the newest
      // `capacity` are kept, as for the entries.
      while let note = notes.first, note.before < first || notes.count > capacity {
        bytes -= note.data.count
        notes.removeFirst()
      }
    }
  }

  /// How many entries it keeps.
  public let capacity: Int
  /// How many bytes of lines it keeps at most, the newest entry and what it needs aside.
  public let byteLimit: Int
  private let kept = Locked(Kept())

  /// The most bytes of a line it keeps.
  public let lineLimit: Int

  /// A ring of the last `capacity` entries.
  ///
  /// - Parameters:
  ///   - capacity: How many entries to keep; at least 1.
  ///   - byteLimit: How many bytes of lines to keep at most: older entries are forgotten past
  ///     it (large states in actions and checkpoints); the newest entry, the checkpoint it
  ///     needs and the header are kept whatever their size.
  ///   - lineLimit: The most bytes of a line it keeps: past it an entry is left out, with
  ///     every entry before it, and the ring replays from the next checkpoint that fits.
  public init(capacity: Int, byteLimit: Int = .max, lineLimit: Int = .max) {
    guard capacity > 0 else { fatalError("a ring keeps at least one entry, not \(capacity)") }
    self.capacity = capacity
    self.byteLimit = byteLimit
    self.lineLimit = lineLimit
  }

  /// Forgets the entries before an entry or input left out, and their notes and checkpoints: a
  /// replay cannot cross it. A checkpoint left out is only not kept: a replay cannot start
  /// there.
  ///
  /// - Parameter kind: What the line held.
  public func skipped(_ kind: EncodedLine.Kind) {
    kept.withLock { kept in
      let gap: Int
      switch kind {
      case let .entry(index): gap = index
      // NOTE: an input comes before the entry that read it.
      case .input: gap = (kept.entries.last?.index ?? kept.gap ?? -1) + 1
      case .header, .checkpoint, .note, .trailer: return
      }
      kept = Kept(header: kept.header, bytes: kept.header?.count ?? 0, gap: gap)
    }
  }

  /// Keeps the line, forgetting the oldest entry past the capacity or the byte limit.
  ///
  /// - Parameter line: The line to keep.
  public func write(_ line: EncodedLine) {
    guard line.data.count <= lineLimit else { return skipped(line.kind) }
    kept.withLock { kept in
      kept.bytes += line.kind == .trailer ? 0 : line.data.count
      switch line.kind {
      case .header:
        kept.bytes -= kept.header?.count ?? 0
        kept.header = line.data
      case let .entry(index):
        kept.entries.append((index, line.data))
        if kept.entries.count > capacity { kept.forgetFirstEntry() }
      case let .checkpoint(index):
        // NOTE: the checkpoints kept stand at least a quarter of the capacity apart (the newest
        // aside): a replay of the tail starts at the first one still in it, so it loses at most
        // that quarter and a checkpoint interval of the entries, and the ring holds about six
        // states however often they come (a checkpoint can be a large state).
        let count = kept.checkpoints.count
        if count >= 2, index - kept.checkpoints[count - 2].index < max(1, capacity / 4) {
          kept.bytes -= kept.checkpoints.removeLast().data.count
        }
        kept.checkpoints.append((index, line.data))
      case .note, .input:
        kept.notes.append((kept.entries.last.map { $0.index + 1 } ?? 0, line.data))
      case .trailer: break
      }
      kept.forgetBeforeFirstEntry(capacity: capacity)
      while kept.bytes > byteLimit, kept.entries.count > 1 {
        kept.forgetFirstEntry()
        kept.forgetBeforeFirstEntry(capacity: capacity)
      }
    }
  }

  /// Does nothing: the ring stays readable after the recording ends.
  public func close() {}

  /// The bytes of every line kept, newlines left out: about the size of ``jsonLines()``.
  public var byteCount: Int { kept.withLock { $0.bytes } }

  /// Whether the last entry kept has its checkpoint (a state too long to keep has none).
  public var endsWithCheckpoint: Bool {
    kept.withLock { $0.checkpoints.last?.index == $0.entries.last?.index }
  }

  /// The indices of the entries kept, oldest first.
  public var entryIndices: [Int] { kept.withLock { $0.entries.elements.map(\.index) } }

  /// How many entries ``jsonLines()`` holds: those after the checkpoint where its replay starts.
  public var replayableEntryCount: Int {
    kept.withLock { kept in
      guard let from = Self.replayStart(of: kept) else { return 0 }
      return kept.entries.elements.count { $0.index >= from.index }
    }
  }

  /// The checkpoint a replay of the kept entries starts at (`nil` for the first state), and the
  /// index of the first entry it replays; `nil` when the first entry kept is not the first
  /// entry and no checkpoint is kept (checkpoints too long to keep, or a line left out).
  private static func replayStart(of kept: Kept) -> (checkpoint: Data?, index: Int)? {
    // NOTE: the checkpoints kept after a gap are past it: it forgot the earlier ones.
    let first = kept.gap.map { $0 + 1 } ?? kept.entries.first?.index ?? 0
    guard first > 0 else { return (nil, 0) }
    return kept.checkpoints.first.map { ($0.data, $0.index + 1) }
  }

  /// The ring as a recording's JSON Lines: the header, then from the first checkpoint all of
  /// whose following entries are kept (or the first state) to the last entry. Entries kept
  /// before that checkpoint cannot be replayed and are left out, so keep more entries than
  /// the recorder's `checkpointEvery`.
  ///
  /// - Returns: The lines, each ended by a newline; empty before the header came, and after a
  ///   line left out until a checkpoint came.
  public func jsonLines() -> Data {
    kept.withLock { kept in
      guard let start = Self.replayStart(of: kept) else { return Data() }
      return Self.joined(Self.lines(of: kept, from: start))
    }
  }

  /// The ring as a recording's JSON Lines of at most `limit` bytes: as ``jsonLines()``, or, when
  /// that is larger, from the earliest later checkpoint whose lines fit, so large states (in
  /// checkpoints, restores and actions) cost older entries, never the bound.
  ///
  /// - Parameter limit: The most bytes the lines may take, newlines included.
  /// - Returns: The lines and how many entries they hold; `nil` when not even the newest
  ///   checkpoint and what follows it fit, before the header came, or after a line left out
  ///   until a checkpoint came.
  public func jsonLines(limit: Int) -> (lines: Data, entries: Int)? {
    kept.withLock { kept in
      guard kept.header != nil, let first = Self.replayStart(of: kept) else { return nil }
      let later = kept.checkpoints.filter { $0.index + 1 > first.index }
        .map { (checkpoint: Optional($0.data), index: $0.index + 1) }
      for start in [first] + later {
        let lines = Self.lines(of: kept, from: start)
        guard lines.reduce(0, { $0 + $1.count + 1 }) <= limit else { continue }
        return (Self.joined(lines), kept.entries.elements.count { $0.index >= start.index })
      }
      return nil
    }
  }

  /// The lines of a replay that starts at `start`: the header, the checkpoint, then the entries
  /// from `start.index` with their checkpoints and notes.
  private static func lines(of kept: Kept, from start: (checkpoint: Data?, index: Int)) -> [Data] {
    guard let header = kept.header else { return [] }
    var lines = [header]
    if let checkpoint = start.checkpoint { lines.append(checkpoint) }
    let from = start.index
    var notes = kept.notes.elements[...]
    for entry in kept.entries.elements where entry.index >= from {
      while let note = notes.first, note.before <= entry.index {
        if note.before == entry.index { lines.append(note.data) }
        notes.removeFirst()
      }
      lines.append(entry.data)
      if let checkpoint = kept.checkpoints.first(where: { $0.index == entry.index }) {
        lines.append(checkpoint.data)
      }
    }
    // NOTE: the lines typed after the last action too: in a crash report, the command that
    // crashed may be one of them.
    let last = kept.entries.last?.index ?? -1
    lines += notes.filter { $0.before > last && $0.before >= from }.map(\.data)
    return lines
  }

  // NOTE: one buffer of the final size: a crash report is joined after every command line, and
  // a new `Data` per line made that the gallery's main cost on a piped script.
  private static func joined(_ lines: [Data]) -> Data {
    var joined = Data(capacity: lines.reduce(0) { $0 + $1.count + 1 })
    for line in lines {
      joined.append(line)
      joined.append(UInt8(ascii: "\n"))
    }
    return joined
  }
}

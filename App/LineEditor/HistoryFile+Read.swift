import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HistoryFile {
  /// The most of the file read: its newest bytes. A thousand lines of a usual length fit many
  /// times over; a file past it (long lines, or one that grew outside the app) is cut.
  public static let readLimit = 1 << 20

  /// What was left out of the file when it was read.
  public struct Cut: Equatable, Sendable {
    /// The bytes before the newest `readLimit` (the line cut across among them).
    public var skippedBytes = 0
    /// Lines longer than the line limit, which no key could have typed.
    public var overlongLines = 0

    public var isEmpty: Bool { skippedBytes == 0 && overlongLines == 0 }
  }

  /// The newest entries of the file, read within `readLimit` bytes, lines over `maxLineBytes`
  /// left out; and what was left out. A file that is not a regular file (a FIFO, a device) is
  /// read as empty, never waited on.
  public func read(limit: Int = 1_000) -> (History, Cut) {
    var cut = Cut()
    let descriptor = url.path.withPathCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else { return (History(limit: limit), cut) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return (History(limit: limit), cut)
    }
    let size = Int(status.st_size)
    let start = max(size - Self.readLimit, 0)
    var bytes = [UInt8](repeating: 0, count: size - start)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(start + count))
      }
      if read < 0, errno == EINTR { continue }
      guard read > 0 else { break }
      count += read
    }
    var lines = bytes[..<count].split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if start > 0, !lines.isEmpty {
      // NOTE: the first line read began before `start`: only its end is here.
      cut.skippedBytes = start + lines.removeFirst().count + 1
    }
    let kept = lines.filter { line in
      guard line.count <= maxLineBytes else {
        cut.overlongLines += 1
        return false
      }
      return true
    }
    return (History(kept.map { String(decoding: $0, as: UTF8.self) }, limit: limit), cut)
  }

  /// What `cut` left out, in one line for standard error; nil when nothing was.
  public func describe(_ cut: Cut) -> String? {
    var parts: [String] = []
    if cut.skippedBytes > 0 {
      parts.append(
        "only its newest \(Self.readLimit >> 20) MiB was read (\(cut.skippedBytes) bytes before"
          + " it were not)")
    }
    if cut.overlongLines > 0 {
      parts.append(
        "\(cut.overlongLines) line\(cut.overlongLines == 1 ? "" : "s") over \(maxLineBytes)"
          + " bytes left out")
    }
    guard !parts.isEmpty else { return nil }
    return "the line history \(url.path) is too long: " + parts.joined(separator: "; ")
  }
}

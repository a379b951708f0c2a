#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines read plainly from a descriptor (a pipe, a file, a dumb terminal), in bounded chunks.
public enum PlainLines {
  /// Calls `yield` with each line, its `\n` or `\r\n` stripped, as UTF-8 (invalid bytes
  /// repaired); with `nil` as soon as a line passes `limit` bytes, whose rest is then skipped
  /// up to its newline. Returns at the end of input or on a read error.
  // NOTE: the limit applies while reading: a line without end (`< /dev/zero`) holds at most
  // `limit` bytes, where `readLine` kept it all (gigabytes within seconds).
  public static func read(from descriptor: Int32, limit: Int, _ yield: (String?) -> Void) {
    var line: [UInt8] = []
    line.reserveCapacity(min(limit + 1, 4096))
    var isSkipping = false
    var chunk = [UInt8](repeating: 0, count: 65_536)
    func take(_ bytes: ArraySlice<UInt8>) {
      guard !isSkipping else { return }
      guard line.count + bytes.count <= limit + 1 else {
        // NOTE: one byte over may be the `\r` of a `\r\n`; more is past the limit for sure.
        line = []
        isSkipping = true
        return yield(nil)
      }
      line += bytes
    }
    func end() {
      if !isSkipping {
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if line.count > limit { yield(nil) } else { yield(String(decoding: line, as: UTF8.self)) }
      }
      line.removeAll(keepingCapacity: line.capacity <= 65_536)
      isSkipping = false
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN {
        // NOTE: a descriptor left non-blocking by whoever shares it: wait for input, not end.
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, -1)
        continue
      }
      guard count > 0 else { break }
      var start = 0
      while let newline = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) {
        take(chunk[start..<newline])
        end()
        start = newline + 1
      }
      take(chunk[start..<count])
    }
    if !line.isEmpty || isSkipping { end() }
  }
}

private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}

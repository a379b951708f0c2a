import Foundation

extension StubHTTPServer {
  /// Reads one request from `fd`, answers it as its route says, and closes the connection.
  func serve(_ fd: Int32) {
    defer { release(fd) }
    guard let request = readRequest(fd) else { return }
    let response = response(for: request)
    if response.delay > 0, !waitWhileConnected(fd, seconds: response.delay) { return }
    let bytes = response.encoded()
    switch response.fault {
    case .closeWithoutResponse?:
      return
    case .endlessHeaders?:
      let line = Array("X-Padding: \(String(repeating: "a", count: 1_000))\r\n".utf8)
      guard send(fd, Array("HTTP/1.1 200 OK\r\n".utf8)[...]) else { return }
      while !isStopped, send(fd, line[...]) {}
    case let .stall(seconds)?:
      _ = waitWhileConnected(fd, seconds: seconds)
    case .closeMidResponse?:
      let headLength = bytes.count - response.body.count
      Socket.sendAll(fd, bytes[..<(headLength + response.body.count / 2)])
    case nil:
      guard send(fd, bytes[...]), let stream = response.stream else { return }
      sendStream(stream, to: fd)
    }
  }

  /// Sends `bytes`, counting them; false (and a hang-up counted) when the client went away.
  private func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
    let sent = Socket.sendAll(fd, bytes)
    state.withLock { state in
      if sent { state.bytesSent += bytes.count } else { state.hangUps += 1 }
    }
    return sent
  }

  private func sendStream(_ stream: StubResponse.Stream, to fd: Int32) {
    guard send(fd, stream.prefix[...]) else { return }
    var sent = 0
    while stream.count.map({ sent < $0 }) ?? true, !isStopped {
      guard send(fd, stream.repeated[...]) else { return }
      sent += 1
    }
  }

  /// Reads up to the blank line that ends the head (bodies are ignored), within 5 seconds.
  private func readRequest(_ fd: Int32) -> StubRequest? {
    let deadline = ContinuousClock.now + .seconds(5)
    var buffer: [UInt8] = []
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    while !isStopped, ContinuousClock.now < deadline, buffer.count < 64 * 1024 {
      guard Socket.waitReadable(fd, milliseconds: 50) else { continue }
      guard let chunk = Socket.receive(fd) else { return nil }
      buffer += chunk
      if let end = buffer.firstRange(of: terminator) {
        return Self.parseHead(String(decoding: buffer[..<end.lowerBound], as: UTF8.self))
      }
    }
    return nil
  }

  static func parseHead(_ head: String) -> StubRequest? {
    let lines = head.components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      return (String(line[..<colon]), value)
    }
    return StubRequest(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
  }

  /// Waits `seconds`, ending early (false) when the client hangs up or the server stops.
  private func waitWhileConnected(_ fd: Int32, seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
      if isStopped { return false }
      if Socket.waitReadable(fd, milliseconds: 20) {
        // Readable during a wait means a hang-up (GET sends no body); drain anything else.
        guard Socket.peerIsOpen(fd), Socket.receive(fd) != nil else {
          state.withLock { $0.hangUps += 1 }
          return false
        }
      }
    }
    return true
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the stub server needs.
enum Socket {
  #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    static let streamType = SOCK_STREAM
  #endif

  #if canImport(Darwin)
    static let sendFlags: Int32 = 0
  #else
    // NOTE: without it, writing to a client that went away raises SIGPIPE and kills the tests.
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  /// A socket bound to `address` at `port` (0: the kernel chooses), not listening; nil and errno.
  ///
  /// `SO_REUSEADDR` lets a second socket bind the same port explicitly while neither listens,
  /// which is how the stub's listener shares its ``RefusingPort``. The kernel never hands out a
  /// bound port to a bind on port 0 or to an outgoing connection.
  static func bindLoopback(port: UInt16 = 0, address: Loopback = .first) -> (
    fd: Int32, port: UInt16
  )? {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let loopback = address
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = loopback.rawValue.bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      return nil
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// A socket listening on `address` at `port`, or nil and errno.
  static func listenOnLoopback(port: UInt16, address: Loopback) -> Int32? {
    guard let (fd, _) = bindLoopback(port: port, address: address) else { return nil }
    guard listen(fd, 64) == 0 else {
      close(fd)
      return nil
    }
    return fd
  }

  /// Waits up to `milliseconds` for `fd` to become readable (or hung up).
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Accepts one connection (after `waitReadable`), sets it up for quick small replies.
  static func acceptClient(_ listener: Int32) -> Int32? {
    let fd = accept(listener, nil, nil)
    guard fd >= 0 else { return nil }
    var yes: Int32 = 1
    // NOTE: no Nagle, so a reply never waits for the client's delayed ACK (a 40 ms stall).
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
  }

  /// Reads what is available; nil on end of stream or error.
  static func receive(_ fd: Int32, max: Int = 16 * 1024) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: max)
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
    guard count > 0 else { return nil }
    return Array(buffer[..<count])
  }

  /// True while the peer has not closed its end (checked without consuming data).
  static func peerIsOpen(_ fd: Int32) -> Bool {
    var byte: UInt8 = 0
    let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    if count > 0 { return true }
    return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
  }

  /// Writes all of `bytes`; false when the peer went away.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  static func shutdownBoth(_ fd: Int32) {
    #if canImport(Glibc)
      _ = shutdown(fd, Int32(SHUT_RDWR))
    #else
      _ = shutdown(fd, SHUT_RDWR)
    #endif
  }

  static func close(_ fd: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #elseif canImport(Musl)
      _ = Musl.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }
}

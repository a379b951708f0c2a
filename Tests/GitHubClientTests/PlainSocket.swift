#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bare loopback sockets for checking the stub server's ports from outside.
enum PlainSocket {
  /// Whether a socket without `SO_REUSEADDR` can bind 127.0.0.1 at `port` (closed at once).
  static func canBind(_ port: UInt16) -> Bool {
    with(port) { fd, address, length in bind(fd, address, length) == 0 } ?? false
  }

  /// The errno of a connection attempt to 127.0.0.1 at `port`, or 0 when it was accepted.
  static func connect(_ port: UInt16) -> Int32 {
    with(port) { fd, address, length in
      #if canImport(Glibc)
        Glibc.connect(fd, address, length) == 0 ? 0 : errno
      #else
        Darwin.connect(fd, address, length) == 0 ? 0 : errno
      #endif
    } ?? errno
  }

  private static func with<T>(
    _ port: UInt16, _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> T
  ) -> T? {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        body(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}

import Foundation

/// A loopback port that refuses every connection for as long as this object lives.
///
/// Its socket is bound but never listens, so a client's connection attempt is answered with a
/// reset (`ECONNREFUSED`), and the port stays taken: the kernel gives it to no other bind on
/// port 0 and to no outgoing connection. A port that was merely closed is free again, and a
/// test running in parallel may start listening on it before the client connects.
public final class RefusingPort: Sendable {
  /// The port the kernel chose.
  public let port: UInt16
  let fd: Int32

  /// Binds a new port; throws when no port can be bound.
  public init() throws(StubHTTPServer.StartError) {
    guard let (fd, port) = Socket.bindLoopback() else {
      throw StubHTTPServer.StartError(description: "cannot bind on 127.0.0.1 (errno \(errno))")
    }
    self.fd = fd
    self.port = port
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  deinit { Socket.close(fd) }
}

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
  /// The loopback host the port is on.
  public let address: Loopback
  let fd: Int32

  /// Binds a new port on `address`; throws when no port can be bound.
  public init(address: Loopback = .first) throws(StubHTTPServer.StartError) {
    guard let (fd, port) = Socket.bindLoopback(address: address) else {
      throw StubHTTPServer.StartError(
        description: "cannot bind on \(address.host) (errno \(errno))")
    }
    self.fd = fd
    self.port = port
    self.address = address
  }

  /// `http://<address>:<port>`.
  public var baseURL: URL { URL(string: "http://\(address.host):\(port)")! }

  deinit { Socket.close(fd) }
}

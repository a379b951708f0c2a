/// The loopback addresses a stub may serve on: two hosts for tests of what crosses origins.
///
/// On Linux the whole of 127.0.0.0/8 reaches the loopback interface, so a second host needs no
/// setup; no other address is ever used.
public enum Loopback: UInt32, Sendable, CaseIterable {
  /// 127.0.0.1
  case first = 0x7F00_0001
  /// 127.0.0.2
  case second = 0x7F00_0002

  /// The dotted address, as URLs spell it.
  public var host: String { self == .first ? "127.0.0.1" : "127.0.0.2" }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NOTE: a path is bytes, which need not be UTF-8 (a folder named in Latin-1), and a Swift string
// cannot hold a byte that is not: decoded as UTF-8 it became U+FFFD and named another file. So
// each such byte (always 0x80 or more) is kept as one of the 128 private-use code points
// U+10FF80–U+10FFFF, the byte's own value above U+10FF00, and turned back into the byte at
// every system call. Those 128 code points cannot be part of a path of their own.

extension String {
  /// A path's bytes as a string that keeps them: valid UTF-8 as itself, any other byte as the
  /// private-use code point that stands for it (see `pathBytes`).
  public init(pathBytes bytes: some Collection<UInt8>) {
    var scalars = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var rest = Array(bytes)[...]
    while true {
      switch parser.parseScalar(from: &iterator) {
      case let .valid(encoded):
        scalars.append(Unicode.UTF8.decode(encoded))
        rest = rest.dropFirst(encoded.count)
      case let .error(length):
        for byte in rest.prefix(length) { scalars.append(OutsideText.stand(for: byte)) }
        rest = rest.dropFirst(length)
      case .emptyInput:
        self = String(scalars)
        return
      }
    }
  }

  /// The C string `init(pathBytes:)` was given: each code point that stands for a byte turned
  /// back into it.
  public var pathBytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let byte = OutsideText.byte(standingFor: scalar) {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with the path as the C string of its bytes, for a system call.
  public func withPathCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows
    -> Result
  {
    try (pathBytes + [0]).withUnsafeBufferPointer { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// The C string at `pointer` (from `realpath`, `readlink`, `environ`), its bytes kept.
  public init(pathCString pointer: UnsafePointer<CChar>) {
    self.init(
      pathBytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(
        to: UInt8.self))
  }
}

extension OutsideText {
  /// The code point that stands for a byte of a path that was not UTF-8.
  static func stand(for byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(0x10FF00 + UInt32(byte))!
  }

  /// The byte of a path that `scalar` stands for, if it is one of those code points.
  static func byte(standingFor scalar: Unicode.Scalar) -> UInt8? {
    (0x10FF80...0x10FFFF).contains(scalar.value) ? UInt8(scalar.value - 0x10FF00) : nil
  }
}

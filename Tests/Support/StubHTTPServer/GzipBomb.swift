/// A gzip body that never ends and inflates about 160 times: a few kilobytes on the wire become
/// a megabyte once inflated, for tests that a client counts inflated bytes, not received ones.
///
/// One deflate block with fixed Huffman codes: the literal 0, then for ever a copy of 258 bytes
/// at distance 1 (13 bits each: length code 285, distance code 0; RFC 1951, 3.2.6). Eight
/// copies take 104 bits, 13 whole bytes, so the stream after its first bytes repeats exactly.
public enum GzipBomb {
  /// The gzip header and the start of the block, up to where the repeated bytes begin.
  public static let prefix: [UInt8] = {
    var bits = BitWriter()
    bits.write(0, count: 1)  // BFINAL: the block never ends
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.writeCode(0x30, count: 8)  // the literal 0
    bits.writeCopy()  // 3 + 8 + 13 bits: the writer is at a byte boundary again
    return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + bits.bytes
  }()

  /// `copies` × 8 copies of 258 bytes: 13 × `copies` bytes that inflate to 2,064 × `copies`.
  public static func repeated(copies: Int) -> [UInt8] {
    var bits = BitWriter()
    for _ in 0..<(copies * 8) { bits.writeCopy() }
    return bits.bytes
  }

  /// A response with `Content-Encoding: gzip` whose body inflates without end.
  public static func response(status: Int = 200) -> StubResponse {
    .streamed(
      StubResponse.Stream(prefix: prefix, repeated: repeated(copies: 1_000), count: nil),
      status: status,
      headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")])
  }

  /// Bits packed from the least significant end of each byte, as deflate does.
  private struct BitWriter {
    var bytes: [UInt8] = []
    var pending: UInt32 = 0
    var pendingCount = 0

    /// `value`'s low `count` bits, least significant first (header fields, extra bits).
    mutating func write(_ value: UInt32, count: Int) {
      pending |= value << UInt32(pendingCount)
      pendingCount += count
      while pendingCount >= 8 {
        bytes.append(UInt8(pending & 0xFF))
        pending >>= 8
        pendingCount -= 8
      }
    }

    /// A Huffman code, most significant bit first.
    mutating func writeCode(_ code: UInt32, count: Int) {
      for shift in (0..<count).reversed() { write((code >> UInt32(shift)) & 1, count: 1) }
    }

    /// Length 258 (code 285, 8 bits `11000101`), distance 1 (code 0, 5 bits).
    mutating func writeCopy() {
      writeCode(0xC5, count: 8)
      writeCode(0, count: 5)
    }
  }
}

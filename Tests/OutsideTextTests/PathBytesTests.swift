import OutsideText
import Testing

@Suite struct PathBytesTests {
  @Test func bytesThatAreNotUTF8ComeBackAsThemselves() {
    let cases: [[UInt8]] = [
      Array("/tmp/donn".utf8) + [0xE9] + Array("es".utf8),
      [0x2F, 0xFF, 0xFE, 0x80, 0xC3],
      Array("/tmp/日本/é".utf8),
      [0xE6, 0x97, 0x2F, 0xF0, 0x9F, 0x8E],
    ]
    for bytes in cases {
      #expect(String(pathBytes: bytes).pathBytes == bytes)
    }
    #expect(String(pathBytes: Array("/tmp/日本".utf8)) == "/tmp/日本")
  }

  @Test func aByteThatIsNotUTF8IsShownAsItsValue() {
    let path = String(pathBytes: Array("/tmp/donn".utf8) + [0xE9] + Array("es".utf8))
    #expect(path.terminalSafe == "/tmp/donn\\xE9es")
    #expect(path != "/tmp/donn\u{FFFD}es")
  }
}

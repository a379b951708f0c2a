import Foundation
import Testing

@testable import ActomatonRecording

/// What the recorder measures before it encodes a line a sink may leave out.
@Suite struct EncodedSizeTests {
  struct Sample: Codable {
    var name = "ünïcode"
    var count = -12_345
    var ratio = 0.25
    var flags = [true, false]
    var nested = ["a": [1, 22, 333], "b": []]
    var missing: Int?
    var escaped = "a \"quote\", a tab\t, a \\ and \u{1}"
    var data = Data(repeating: 7, count: 1_000)
    var url = URL(string: "https://example.com/a?b=c")!
    var decimal = Decimal(string: "3.14")!
  }

  /// At least the JSON's length, at most a byte more a container (five): escapes counted, and
  /// what `JSONEncoder` writes its own way (base64, a URL's string, a decimal number).
  @Test func theMeasureIsTheLengthOfTheJSONWithinAByteAContainer() throws {
    let length = try JSONEncoder.recording.encode(Sample()).count
    #expect(EncodedSize.exceeds(Sample(), length - 1))
    #expect(!EncodedSize.exceeds(Sample(), length + 5))
  }

  /// A huge value is walked only as far as the limit.
  @Test func aHugeValueIsWalkedOnlyAsFarAsTheLimit() {
    final class Walk: Encodable {
      var walked = 0
      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for index in 0..<1_000_000 {
          walked += 1
          try container.encode(index)
        }
      }
    }
    let walk = Walk()
    #expect(EncodedSize.exceeds(walk, 1_000))
    #expect(walk.walked < 1_000)
  }
}

import AuthClient
import ClientSupport
import Foundation
import Testing

/// A client's answer, `Result<Value, TypedError>`, is encoded as `{"success": …}` or
/// `{"failure": …}`; anything else is refused, never read as one of them.
@Suite struct ResultCodableTests {
  typealias Answer = Result<Int, AuthError>

  @Test func bothSidesRoundTrip() throws {
    for answer: Answer in [.success(3), .failure(.refused("no")), .failure(.cancelled)] {
      let data = try JSONEncoder().encode(answer)
      #expect(try JSONDecoder().decode(Answer.self, from: data) == answer)
    }
    let json = String(decoding: try JSONEncoder().encode(Answer.success(3)), as: UTF8.self)
    #expect(json == #"{"success":3}"#)
  }

  @Test func neitherOrBothSidesAreRefused() {
    for json in [#"{}"#, #"{"success":1,"failure":{"cancelled":{}}}"#, #"{"succes":1}"#] {
      #expect(throws: DecodingError.self, "\(json)") {
        try JSONDecoder().decode(Answer.self, from: Data(json.utf8))
      }
    }
  }
}

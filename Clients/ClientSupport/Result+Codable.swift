// NOTE: the features' actions carry clients' answers as `Result<Value, TypedError>`, and the
// standard library gives `Result` no `Codable`. Declared once, here, for every client and feature;
// no other module may declare it again (two conformances would clash at link time).
private enum ResultCodingKeys: String, CodingKey { case success, failure }

extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  /// `{"success": value}` or `{"failure": error}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKeys.self)
    switch self {
    case let .success(value): try container.encode(value, forKey: .success)
    case let .failure(error): try container.encode(error, forKey: .failure)
    }
  }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
  /// Reads `{"success": value}` or `{"failure": error}`; anything else is a data error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a result has exactly one of 'success' and 'failure'"))
    }
    switch key {
    case .success: self = .success(try container.decode(Success.self, forKey: .success))
    case .failure: self = .failure(try container.decode(Failure.self, forKey: .failure))
    }
  }
}

import Foundation

/// About how many bytes a value's JSON takes, counted as it is walked, without building
/// anything, and only up to a limit: what the recorder asks before it encodes a line that a
/// sink may not keep (a huge list's state), since `JSONEncoder` first builds a tree several
/// times the JSON's size.
enum EncodedSize {
  /// Whether `value`'s JSON, as `JSONEncoder` writes it with its default strategies, is longer
  /// than `limit` bytes: keys, strings (their escapes too) and numbers are counted as written,
  /// and each container's brackets and commas (a comma too many in each). A value that fails to
  /// encode is not too long: the encoder then reports the failure.
  static func exceeds(_ value: some Encodable, _ limit: Int) -> Bool {
    let tally = Tally(limit: limit)
    try? tally.add(encoded: value)
    return tally.bytes > limit
  }
}

/// The bytes counted so far; throws once past the limit, so that a huge value is walked only
/// as far as the limit.
private final class Tally {
  struct Exceeded: Error {}
  let limit: Int
  var bytes = 0

  init(limit: Int) { self.limit = limit }

  func add(bytes count: Int) throws {
    bytes += count
    if bytes > limit { throw Exceeded() }
  }

  /// A string, quoted, with what JSON escapes: a quote or a backslash takes two bytes, as do
  /// the control characters with a short escape; the others take six (`\u0001`).
  func add(_ text: String) throws {
    var count = 2
    for byte in text.utf8 {
      switch byte {
      case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D: count += 2
      case ..<0x20: count += 6
      default: count += 1
      }
    }
    try add(bytes: count)
  }
  func add(_ value: Bool) throws { try add(bytes: 5) }
  func add(_ value: some LosslessStringConvertible) throws {
    try add(bytes: value.description.utf8.count)
  }

  /// Counts `value` as `JSONEncoder` writes it: `Data` in base64, a `URL` as its string and a
  /// `Decimal` as a number, which it writes its own way; anything else through `encode(to:)`.
  // NOTE: the types are compared first, so that any other value costs no dynamic cast.
  func add<Value: Encodable>(encoded value: Value) throws {
    if Value.self == Data.self, let data = value as? Data {
      try add(bytes: (data.count + 2) / 3 * 4 + 2)
    } else if Value.self == URL.self, let url = value as? URL {
      try add(url.absoluteString)
    } else if Value.self == Decimal.self, let decimal = value as? Decimal {
      try add(bytes: decimal.description.utf8.count)
    } else {
      try value.encode(to: Counting(tally: self))
    }
  }
}

private struct Counting: Encoder {
  let tally: Tally
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    tally.bytes += 2
    return KeyedEncodingContainer(Keyed(tally: tally))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    tally.bytes += 2
    return Unkeyed(tally: tally)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(tally: tally) }
}

// NOTE: the keyed and unkeyed containers count a key or a comma and hand every value, the
// primitive ones too, to `add(encoded:)`, which counts a primitive in a single value container.
private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let tally: Tally
  var codingPath: [any CodingKey] { [] }

  /// Counts the key (quoted, a colon and a comma), then the value.
  private func put(_ value: some Encodable, _ key: Key) throws {
    try tally.add(bytes: key.stringValue.utf8.count + 4)
    try tally.add(encoded: value)
  }

  func encodeNil(forKey key: Key) throws {
    try tally.add(bytes: key.stringValue.utf8.count + 8)
  }
  func encode(_ value: some Encodable, forKey key: Key) throws { try put(value, key) }
  func nestedContainer<Nested: CodingKey>(keyedBy _: Nested.Type, forKey key: Key)
    -> KeyedEncodingContainer<Nested>
  {
    tally.bytes += key.stringValue.utf8.count + 4
    return Counting(tally: tally).container(keyedBy: Nested.self)
  }
  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    tally.bytes += key.stringValue.utf8.count + 4
    return Counting(tally: tally).unkeyedContainer()
  }
  func superEncoder() -> any Encoder { Counting(tally: tally) }
  func superEncoder(forKey _: Key) -> any Encoder { Counting(tally: tally) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
  let tally: Tally
  var codingPath: [any CodingKey] { [] }
  private(set) var count = 0

  init(tally: Tally) { self.tally = tally }

  /// Counts the comma, then the value.
  private mutating func put(_ value: some Encodable) throws {
    count += 1
    try tally.add(bytes: 1)
    try tally.add(encoded: value)
  }

  mutating func encodeNil() throws {
    count += 1
    try tally.add(bytes: 5)
  }
  mutating func encode(_ value: some Encodable) throws { try put(value) }
  mutating func nestedContainer<Nested: CodingKey>(keyedBy _: Nested.Type)
    -> KeyedEncodingContainer<Nested>
  {
    count += 1
    tally.bytes += 1
    return Counting(tally: tally).container(keyedBy: Nested.self)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    count += 1
    tally.bytes += 1
    return Counting(tally: tally).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { Counting(tally: tally) }
}

private struct Single: SingleValueEncodingContainer {
  let tally: Tally
  var codingPath: [any CodingKey] { [] }

  func encodeNil() throws { try tally.add(bytes: 4) }
  func encode(_ value: some Encodable) throws { try tally.add(encoded: value) }
  func encode(_ value: Bool) throws { try tally.add(value) }
  func encode(_ value: String) throws { try tally.add(value) }
  func encode(_ value: Double) throws { try tally.add(value) }
  func encode(_ value: Float) throws { try tally.add(value) }
  func encode(_ value: Int) throws { try tally.add(value) }
  func encode(_ value: Int8) throws { try tally.add(value) }
  func encode(_ value: Int16) throws { try tally.add(value) }
  func encode(_ value: Int32) throws { try tally.add(value) }
  func encode(_ value: Int64) throws { try tally.add(value) }
  func encode(_ value: UInt) throws { try tally.add(value) }
  func encode(_ value: UInt8) throws { try tally.add(value) }
  func encode(_ value: UInt16) throws { try tally.add(value) }
  func encode(_ value: UInt32) throws { try tally.add(value) }
  func encode(_ value: UInt64) throws { try tally.add(value) }
}

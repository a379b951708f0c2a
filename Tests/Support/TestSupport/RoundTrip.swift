import Foundation

/// `value` encoded to JSON (as a recording writes it) and decoded back: equal to `value` when
/// its `Codable` loses nothing.
public func roundTripped<Value: Codable>(_ value: Value) throws -> Value {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return try JSONDecoder().decode(Value.self, from: encoder.encode(value))
}

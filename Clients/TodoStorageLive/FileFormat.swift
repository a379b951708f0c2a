import Foundation
import TodoStorage

/// The file's JSON: `{ "version": 1, "items": [{ "id", "text", "isCompleted" }] }`.
enum FileFormat {
  enum Decoded: Equatable {
    /// The list, and whether the file holds fields this version does not know.
    case items([TodoItem], hasUnknownFields: Bool)
    case newer(version: Int)
    case invalid(reason: String)
  }

  private struct Envelope: Encodable {
    var version: Int
    var items: [TodoItem]
  }

  /// The file's list, and whether it holds fields this version does not know: only then does
  /// a save read it again to keep them (`encode(_:keepingUnknownFieldsOf:)`).
  private struct ReadEnvelope: Decodable {
    var items: [TodoItem]
    var hasUnknownFields: Bool

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      let stored = try container.decode([StoredItem].self, forKey: Key("items"))
      items = stored.map(\.item)
      hasUnknownFields =
        Key.hasUnknown(container.allKeys, known: ["version", "items"])
        || stored.contains(where: \.hasUnknownFields)
    }
  }

  private struct StoredItem: Decodable {
    var item: TodoItem
    var hasUnknownFields: Bool

    init(from decoder: any Decoder) throws {
      item = try TodoItem(from: decoder)
      hasUnknownFields = Key.hasUnknown(
        try decoder.container(keyedBy: Key.self).allKeys, known: ["id", "text", "isCompleted"])
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }

    static func hasUnknown(_ keys: [Key], known: Set<String>) -> Bool {
      keys.contains { !known.contains($0.stringValue) }
    }
  }

  private struct VersionOnly: Decodable {
    var version: Int
  }

  /// The file's JSON, written out item by item.
  // NOTE: by hand, not by `JSONEncoder`, which builds a tree of the whole list before writing
  // anything, and into bytes sized first: a large list's save held several times the file in
  // memory. `decode` reads it with `JSONDecoder`, and the tests read it with `JSONSerialization`
  // too.
  static func encode(_ items: [TodoItem]) -> Data {
    var json = Data()
    json.reserveCapacity(items.reduce(64) { $0 + 120 + $1.text.utf8.count })
    json.append("{\n  \"version\" : \(TodoStorage.formatVersion),\n  \"items\" : [")
    for (index, item) in items.enumerated() {
      json.append(index == 0 ? "\n    {\n      \"id\" : \"" : ",\n    {\n      \"id\" : \"")
      json.append(item.id.uuidString)
      json.append(
        item.isCompleted
          ? "\",\n      \"isCompleted\" : true," : "\",\n      \"isCompleted\" : false,")
      json.append("\n      \"text\" : ")
      appendQuoted(item.text, to: &json)
      json.append("\n    }")
    }
    json.append(items.isEmpty ? "]\n}" : "\n  ]\n}")
    return json
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped (RFC 8259).
  private static func appendQuoted(_ text: String, to json: inout Data) {
    guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
      json.append("\"" + text + "\"")
      return
    }
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    json.append(quoted + "\"")
  }

  /// The list as `encode(_:)` writes it, with the fields of `previous` this version does not
  /// know (at the top level, and in each item still in the list) kept as they were.
  ///
  /// NOTE: a newer version of the app may add fields to the same format version; a save by this
  /// one must not drop them.
  ///
  /// - Returns: The file's bytes, and whether they hold such fields.
  static func encode(_ items: [TodoItem], keepingUnknownFieldsOf previous: Data?)
    throws(StorageError) -> (data: Data, keepsUnknownFields: Bool)
  {
    let plain = encode(items)
    guard let previous,
      let old = try? JSONSerialization.jsonObject(with: previous) as? [String: Any]
    else { return (plain, false) }
    let topLevel = old.filter { !["version", "items"].contains($0.key) }
    var itemExtras: [UUID: [String: Any]] = [:]
    for item in old["items"] as? [[String: Any]] ?? [] {
      guard let id = (item["id"] as? String).flatMap(UUID.init(uuidString:)) else { continue }
      let extras = item.filter { !["id", "text", "isCompleted"].contains($0.key) }
      if !extras.isEmpty { itemExtras[id] = extras }
    }
    guard !topLevel.isEmpty || !itemExtras.isEmpty,
      var object = try? JSONSerialization.jsonObject(with: plain) as? [String: Any],
      var list = object["items"] as? [[String: Any]]
    else { return (plain, false) }
    object.merge(topLevel) { current, _ in current }
    for index in list.indices {
      guard let id = (list[index]["id"] as? String).flatMap(UUID.init(uuidString:)),
        let extras = itemExtras[id]
      else { continue }
      list[index].merge(extras) { current, _ in current }
    }
    object["items"] = list
    do {
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      return (data, true)
    } catch {
      throw .writeFailed(path: TodoStorage.fileName, reason: "cannot encode the list: \(error)")
    }
  }

  /// Reads the version first, so a newer file is recognised even when its items would not decode.
  static func decode(_ data: Data) -> Decoded {
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .invalid(reason: "the file is empty")
    }
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(VersionOnly.self, from: data).version
    } catch {
      return .invalid(reason: summary(of: error))
    }
    if version > TodoStorage.formatVersion { return .newer(version: version) }
    if version < 1 { return .invalid(reason: "unknown format version \(version)") }
    let read: ReadEnvelope
    do {
      read = try decoder.decode(ReadEnvelope.self, from: data)
    } catch {
      return .invalid(reason: summary(of: error))
    }
    var seen = Set<UUID>()
    for item in read.items where !seen.insert(item.id).inserted {
      return .invalid(reason: "two items share the id \(item.id)")
    }
    return .items(read.items, hasUnknownFields: read.hasUnknownFields)
  }

  static func summary(of error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case let .dataCorrupted(context) where context.codingPath.isEmpty:
      return "not valid JSON"
    case let .dataCorrupted(context):
      return "invalid value at \(location(context.codingPath))"
    case let .keyNotFound(key, context):
      return "\"\(key.stringValue)\" is missing at \(location(context.codingPath))"
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      return "unexpected value at \(location(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func location(_ path: [any CodingKey]) -> String {
    if path.isEmpty { return "the top level" }
    return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}

extension Data {
  /// Appends the text's UTF-8 bytes.
  fileprivate mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }
}

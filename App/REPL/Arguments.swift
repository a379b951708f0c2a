import ClientSupport

/// The words after a command's name.
struct Arguments: Sendable {
  /// The text after the command name, trimmed.
  let text: String
  let words: [String]

  init(_ text: String) {
    self.text = text.trimmingWhitespace()
    words = self.text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  func expectNone(usage: String) throws(CommandError) {
    guard words.isEmpty else {
      throw CommandError("'\(usage)' takes no argument, but got '\(text.clipped())'.")
    }
  }

  /// The `index`-th word as a whole number.
  func number(_ index: Int, named name: String, usage: String) throws(CommandError) -> Int {
    guard index < words.count else {
      throw CommandError("Missing \(name): expected '\(usage)'.")
    }
    guard let value = Int(words[index]) else {
      throw CommandError(
        "'\(words[index].clipped())' is not a whole number: expected '\(usage)'.")
    }
    return value
  }

  /// The text after the first `count` words, required to be non-empty.
  func rest(after count: Int, named name: String, usage: String) throws(CommandError) -> String {
    var remainder = Substring(text)
    for _ in 0..<count {
      remainder = remainder.drop(while: { !$0.isWhitespace }).drop(while: \.isWhitespace)
    }
    guard !remainder.isEmpty else { throw CommandError("Missing \(name): expected '\(usage)'.") }
    return String(remainder)
  }
}

extension String {
  /// At most `limit` characters, with an ellipsis when cut: user text quoted in messages.
  func clipped(_ limit: Int = 40) -> String {
    count <= limit ? self : String(prefix(limit)) + "…"
  }
}

import ClientSupport

/// The words after a command's name.
public struct Arguments: Sendable {
  /// The text after the command name, trimmed.
  public let text: String
  public let words: [String]

  public init(_ text: String) {
    self.text = text.trimmingWhitespace()
    words = self.text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  public func expectNone(usage: String) throws(CommandError) {
    guard words.isEmpty else {
      throw CommandError("'\(usage)' takes no argument, but got '\(text.clipped())'.")
    }
  }

  /// The `index`-th word as a whole number.
  public func number(_ index: Int, named name: String, usage: String) throws(CommandError) -> Int {
    guard index < words.count else {
      throw CommandError("Missing \(name): expected '\(usage)'.")
    }
    let word = words[index]
    guard let value = Int(word) else {
      let digits = word.first == "-" || word.first == "+" ? word.dropFirst() : word[...]
      if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
        // NOTE: a whole number, but one no Int holds: saying it is not one would mislead.
        let (size, bound) =
          word.first == "-"
          ? ("small: \(name) is at least", Int.min) : ("large: \(name) is at most", Int.max)
        throw CommandError("'\(word.clipped())' is too \(size) \(bound).")
      }
      throw CommandError("'\(word.clipped())' is not a whole number: expected '\(usage)'.")
    }
    return value
  }

  /// Refuses the words past the first `count`, naming the first of them.
  public func expectAtMost(_ count: Int, usage: String) throws(CommandError) {
    guard words.count > count else { return }
    throw CommandError("Unexpected '\(words[count].clipped())': expected '\(usage)'.")
  }

  /// The text after the first `count` words, required to be non-empty.
  public func rest(after count: Int, named name: String, usage: String) throws(CommandError)
    -> String
  {
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
  public func clipped(_ limit: Int = 40) -> String {
    count <= limit ? self : String(prefix(limit)) + "…"
  }
}

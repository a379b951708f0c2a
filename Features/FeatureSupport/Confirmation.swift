/// A question a feature asks before a destructive action, kept in the feature's state until it is
/// answered: `Confirmation("Delete 2 completed item(s)?", confirming: .clearCompletedConfirmed)`.
///
/// The feature sets it where it would have acted, and on its answer action calls `answer(_:)`,
/// which clears the question and gives back the action to run when the answer was yes.
public struct Confirmation<Action: Equatable & Sendable>: Equatable, Sendable {
  /// The question, one line, ending in `?`.
  public var question: String
  /// What the feature does when the answer is yes.
  public var action: Action

  public init(_ question: String, confirming action: Action) {
    self.question = question
    self.action = action
  }
}

/// The answer to a `Confirmation`.
public enum Answer: Equatable, Sendable, Codable {
  case yes, no

  /// `y` or `yes` (in any case, surrounding spaces ignored) is yes; anything else is no.
  public init(reply: String) {
    let word = reply.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
    let lowercased = String(word.reversed()).lowercased()
    self = lowercased == "y" || lowercased == "yes" ? .yes : .no
  }
}

extension Optional {
  /// Clears the pending question and returns its action when `answer` is yes; `nil` when the
  /// answer is no or nothing was asked.
  public mutating func answer<Action>(_ answer: Answer) -> Action?
  where Wrapped == Confirmation<Action> {
    defer { self = nil }
    return answer == .yes ? self?.action : nil
  }
}

extension Confirmation: Codable where Action: Codable {}

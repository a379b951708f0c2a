/// What a screen shows of its state: its lines, what went wrong, and the question it asks, kept
/// apart so the engine colours and counts the problem without reading the text.
public struct Rendered: Sendable {
  public var lines: [String]
  /// What changed outside since the screen was last shown, printed once (after `lines`) by
  /// whichever comes first: the notice at the prompt or the next time the screen is shown.
  public var news: String?
  public var problem: Problem?
  /// The pending confirmation's question, shown last with `[y/N]`: the next line answers it.
  public var question: String?

  public init(_ lines: [String], problem: Problem? = nil, question: String? = nil) {
    self.lines = lines
    self.problem = problem
    self.question = question
  }

  /// The question as shown.
  @usableFromInline var questionLine: String? { question.map { "\($0) [y/N]" } }
}

/// What failed (a load, a request), then what was refused, one line each, shown marked `! `.
public struct Problem: Sendable, Equatable {
  @usableFromInline let failure: String?
  @usableFromInline let refusal: String?

  /// `nil` when nothing failed and nothing was refused.
  public init?(failure: (any CustomStringConvertible)? = nil, refusal: String?) {
    if failure == nil, refusal == nil { return nil }
    self.failure = failure.map { "\($0)" }
    self.refusal = refusal
  }

  var messages: [String] { [failure, refusal].compactMap { $0 } }

  @usableFromInline var lines: [String] { messages.map { "! \($0)" } }

  /// The failure alone: a refusal answers the command that was refused, and is not news to a
  /// later `wait`, `list` or re-opening of the screen.
  @usableFromInline var withoutRefusal: Problem? { Problem(failure: failure, refusal: nil) }
}

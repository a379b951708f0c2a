import Actomaton

/// A counter: increment, decrement, reset and set, refusing to overflow.
public enum Counter {
  // MARK: - State

  public struct State: Equatable, Sendable, Codable {
    public var count: Int
    /// Why the last action was refused, if it was.
    public var refusal: String?

    public init(count: Int = 0, refusal: String? = nil) {
      self.count = count
      self.refusal = refusal
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    case increment
    case decrement
    case reset
    case set(Int)
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Void> {
    Reducer { action, state, _ in
      state.refusal = nil
      switch action {
      case .increment:
        let (sum, overflow) = state.count.addingReportingOverflow(1)
        if overflow {
          state.refusal = "The count is already \(Int.max), the largest it can be."
        } else {
          state.count = sum
        }
      case .decrement:
        let (difference, overflow) = state.count.subtractingReportingOverflow(1)
        if overflow {
          state.refusal = "The count is already \(Int.min), the smallest it can be."
        } else {
          state.count = difference
        }
      case .reset:
        state.count = 0
      case let .set(value):
        state.count = value
      }
      return .empty
    }
  }
}

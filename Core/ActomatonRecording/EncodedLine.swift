import Foundation

/// A line of a recording, encoded, with what it holds.
public struct EncodedLine: Sendable {
  /// What the line holds.
  public enum Kind: Sendable, Equatable {
    /// The recording's header, with the first state.
    case header
    /// An action or a restore, with its index.
    case entry(Int)
    /// The state after the entry at the index.
    case checkpoint(Int)
    /// A host's note.
    case note
    /// A value the environment gave the reducer.
    case input
    /// The end, with the count of entries and of lost ones.
    case trailer
  }

  /// What the line holds.
  public let kind: Kind
  /// The JSON object, without a newline.
  public let data: Data

  /// A line of this kind holding `data`.
  ///
  /// - Parameters:
  ///   - kind: What the line holds.
  ///   - data: The JSON object, without a newline.
  public init(kind: Kind, data: Data) {
    self.kind = kind
    self.data = data
  }
}

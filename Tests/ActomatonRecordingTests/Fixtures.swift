import ActomatonRecording
import ActomatonTesting
import Dispatch
import Foundation
import Locking

/// A small domain with every origin: sent actions, a `nextAction`, an effect's feedback.
enum Tally {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var fetched: [Int] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case increment
    case add(Int)
    case twice
    case fetch(Int)
    case fetched(Int)
  }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .increment:
      state.count += 1
      return .empty
    case let .add(amount):
      state.count += amount
      return .empty
    case .twice:
      state.count += 1
      return .nextAction(.increment)
    case let .fetch(value):
      return Effect { .fetched(value) }
    case let .fetched(value):
      state.fetched.append(value)
      return .empty
    }
  }

  /// The same reducer with `add` counting one less: a changed reducer a replay must catch.
  static let changed = Reducer<Action, State, Void> { action, state, environment in
    if case let .add(amount) = action {
      state.count += amount - 1
      return .empty
    }
    return reducer.run(action, &state, environment)
  }
}

/// A sink that keeps every line in memory.
final class LinesSink: RecordingSink {
  let lines = Locked<[EncodedLine]>([])
  let closed = Locked(false)
  let lineLimit: Int
  /// The lines the recorder left out, longer than `lineLimit`.
  let skipped = Locked<[EncodedLine.Kind]>([])

  init(lineLimit: Int = .max) { self.lineLimit = lineLimit }

  func write(_ line: EncodedLine) { lines.withLock { $0.append(line) } }
  func close() { closed.withLock { $0 = true } }
  func skipped(_ kind: EncodedLine.Kind) { skipped.withLock { $0.append(kind) } }

  /// The lines as a recording's text.
  var jsonLines: Data {
    lines.withLock { $0.reduce(into: Data()) { $0 += $1.data + Data("\n".utf8) } }
  }
}

/// A sink that blocks the writer until it is opened: a writer that falls behind.
final class StuckSink: RecordingSink {
  private let gate = DispatchSemaphore(value: 0)
  let reached = DispatchSemaphore(value: 0)
  let inner = LinesSink()

  func write(_ line: EncodedLine) {
    if line.kind == .entry(0) {
      reached.signal()
      gate.wait()
    }
    inner.write(line)
  }

  func close() {}
  func open() { gate.signal() }
}

/// A recording's text with line `number` (from 1) replaced.
func replacing(line number: Int, in data: Data, with text: String) -> Data {
  var lines = String(decoding: data, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  lines[number - 1] = Substring(text)
  return Data(lines.joined(separator: "\n").utf8)
}

/// Line `number` (from 1) of a recording's text.
func line(_ number: Int, of data: Data) -> String {
  String(String(decoding: data, as: UTF8.self).split(separator: "\n")[number - 1])
}

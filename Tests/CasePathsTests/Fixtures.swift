import Synchronization

enum AppAction {
  case counter(Int)
  case other(Int)
  case fetch(id: String)
  case child(ChildAction)
  case reset
  case failed(any Error)
}

enum ChildAction: Equatable {
  case leaf(String)
  case tap
}

enum TwinAction: Equatable {
  case a(Int)
  case b(Int)
  case c
}

enum Shape: Equatable {
  case empty
  case rect(width: Int, height: Int)
  case box(Int, Int, Int)
  case circle(radius: Double)
  case point
}

/// Not `Sendable`: it holds a mutable class.
final class Scratchpad {
  var notes: [String] = []
}

enum Unshared {
  case pad(Scratchpad)
  case counter(Int)
  case idle
}

enum Request {
  case fetch(id: String)
  case cancel
  case idle
}

indirect enum Tree: Equatable {
  case leaf(String)
  case node(Tree, Tree)
  case empty
}

enum Expression {
  case number(Int)
  indirect case negate(Expression)
  indirect case add(Expression, Expression)
  case name(String)
}

enum Either<Left, Right> {
  case left(Left)
  case right(Right)
}

enum OnlyPayload: Equatable {
  case only(String)
}

enum OnlyEmpty: Equatable {
  case only
}

enum Anything {
  case value(Any)
  case nothing
}

struct CounterState: Equatable {
  var count = 0
}

struct TodoState: Equatable {
  var titles: [String] = []
}

enum Current: Equatable {
  case counter(CounterState)
  case todo(TodoState)
}

struct AppState {
  var current: Current?
}

struct SampleError: Error, Equatable {
  var code: Int
}

/// Counts deinitializations of the `Tracked` objects created with it, per test.
final class DeinitCounter: Sendable {
  private let storage = Atomic<Int>(0)

  var count: Int { storage.load(ordering: .relaxed) }

  func increment() {
    storage.add(1, ordering: .relaxed)
  }
}

/// A reference-counted payload that reports its deinitialization.
final class Tracked: Sendable {
  let id: Int
  let counter: DeinitCounter

  init(id: Int, counter: DeinitCounter) {
    self.id = id
    self.counter = counter
  }

  deinit {
    counter.increment()
  }
}

enum Holder {
  case object(Tracked)
  case pair(Tracked, String)
  case text(String)
  case none
}

indirect enum BoxedHolder {
  case object(Tracked)
  case list([Tracked])
  case nothing
}

enum Maybe {
  case value(Int?)
  case label(String)
}

enum Signal {
  case pong(Int)
  case ping(Void)
  case stop
}

/// Two cases holding arrays and one without payload.
enum Lists: Equatable {
  case numbers([Int])
  case names([String])
  case idle
}

import Actomaton

/// A reference model of the core contract's rules 3–8 (effect order, ids, queues, queue delay,
/// silence of cancelled effects, the task `send` returns), written to be obviously right rather
/// than fast: plain arrays, scanned whole on every step. `SchedulingModelTests` runs it beside the
/// real actomaton.
///
/// Every effect's body waits at a gate of its own until the test opens it; a "stubborn" body
/// ignores cancellation there (it is told to stop, but returns only when its gate opens), which is
/// what makes a `runOldest` slot held by a cancelled body observable (rule 5).
struct SchedulingModel {
  // MARK: - Vocabulary

  struct Queue {
    var policy: EffectQueuePolicy
    var delay: Duration = .zero
  }

  /// The queues a sequence may use; each sequence picks a few, so effects meet in them.
  static let queues: [Queue] = [
    Queue(policy: .runNewest(maxCount: 1)),
    Queue(policy: .runNewest(maxCount: 2)),
    Queue(policy: .runOldest(maxCount: 1, .discardNew)),
    Queue(policy: .runOldest(maxCount: 2, .discardNew)),
    Queue(policy: .runOldest(maxCount: 1, .suspendNew)),
    Queue(policy: .runOldest(maxCount: 2, .suspendNew)),
    Queue(policy: .runOldest(maxCount: 1, .suspendNew), delay: .seconds(1)),
    Queue(policy: .runNewest(maxCount: 2), delay: .seconds(1)),
  ]

  struct EffectSpec: Hashable, Sendable, CustomStringConvertible {
    var id: Int?
    var queue: Int?
    var stubborn = false

    var description: String {
      "effect(id: \(id.map(String.init) ?? "nil"), queue: \(queue.map(String.init) ?? "nil")"
        + (stubborn ? ", stubborn)" : ")")
    }
  }

  /// One part of the effect a sent action's reducer returns; parts run in order (rule 3).
  enum Part: Hashable, Sendable, CustomStringConvertible {
    case effect(EffectSpec)
    case cancel(id: Int)
    /// `Effect.cancel(ids:)` matching these ids, and effects without an id when `anonymous`.
    case cancelWhere(ids: Set<Int>, anonymous: Bool)

    var description: String {
      switch self {
      case let .effect(spec): ".\(spec)"
      case let .cancel(id): ".cancel(id: \(id))"
      case let .cancelWhere(ids, anonymous): ".cancelWhere(ids: \(ids.sorted()), \(anonymous))"
      }
    }
  }

  enum Op: Hashable, Sendable, CustomStringConvertible {
    case send([Part])
    /// Opens the gate of the n-th effect ever sent.
    case open(effect: Int)
    case advance(milliseconds: Int)
    /// Cancels the task the n-th `send` returned (nothing when it returned `nil`).
    case cancelSend(Int)

    var description: String {
      switch self {
      case let .send(parts): ".send([\(parts.map(\.description).joined(separator: ", "))])"
      case let .open(effect): ".open(effect: \(effect))"
      case let .advance(milliseconds): ".advance(milliseconds: \(milliseconds))"
      case let .cancelSend(send): ".cancelSend(\(send))"
      }
    }
  }

  /// What the test can see of an effect once everything has settled.
  enum Status: String, Hashable, Sendable {
    case waiting, delayed, running, stopping, finished, stopped, cancelledUnrun, discarded
  }

  // MARK: - State

  enum Phase: Equatable {
    case waiting
    case delayed(until: Duration)
    /// Holds its slot; its body runs (or is about to run, until the next settle).
    case active
    /// Told to stop; holds a `runOldest` slot until its body exits at a settle.
    case cancelling
    case ended(Status)
  }

  struct Effect {
    let spec: EffectSpec
    let send: Int
    var phase: Phase
    var entered = false
    var gateOpen = false
    /// The order effects started in: a `runNewest` queue cancels the oldest first.
    var startOrder = 0
  }

  struct Send {
    var effects: [Int] = []
    var hasTask = false
    var isCancelled = false
  }

  private(set) var effects: [Effect] = []
  private(set) var sends: [Send] = []
  private(set) var now = Duration.zero
  private var lastStart: [Int: Duration] = [:]
  private var lines: [Int: [Int]] = [:]
  private var startCount = 0

  // MARK: - Operations

  mutating func apply(_ op: Op) {
    switch op {
    case let .send(parts):
      let send = sends.count
      sends.append(Send())
      for part in parts { run(part, of: send) }
      sends[send].hasTask = sends[send].effects.contains {
        effects[$0].phase != .ended(.discarded) && effects[$0].phase != .ended(.cancelledUnrun)
      }
    case let .open(effect):
      if effects.indices.contains(effect) { effects[effect].gateOpen = true }
    case let .advance(milliseconds):
      settle()
      let target = now + .milliseconds(milliseconds)
      // NOTE: as the test clock does: the earliest sleeper first (ties in the order they went to
      // sleep), time set to its deadline, and its work settled before the next one wakes.
      while let next = delayed().filter({ $0.until <= target }).min(by: { $0 < $1 }) {
        now = next.until
        effects[next.effect].phase = .active
        settle()
      }
      now = target
    case let .cancelSend(send):
      guard sends.indices.contains(send), sends[send].hasTask else { break }
      sends[send].isCancelled = true
      cancel(sends[send].effects, bySend: true)
    }
    settle()
  }

  private mutating func run(_ part: Part, of send: Int) {
    switch part {
    case let .effect(spec):
      effects.append(Effect(spec: spec, send: send, phase: .waiting))
      sends[send].effects.append(effects.count - 1)
      admit(effects.count - 1)
    case let .cancel(id):
      cancel(effects.indices.filter { effects[$0].spec.id == id }, bySend: false)
    case let .cancelWhere(ids, anonymous):
      cancel(
        effects.indices.filter { effects[$0].spec.id.map(ids.contains) ?? anonymous },
        bySend: false)
    }
  }

  /// Rule 5: start the new effect, cancel the oldest to make room, drop it, or line it up.
  private mutating func admit(_ effect: Int) {
    guard let queue = effects[effect].spec.queue else { return start(effect) }
    let idle = holders(of: queue).isEmpty && lines[queue, default: []].isEmpty
    switch Self.queues[queue].policy {
    case let .runNewest(maxCount):
      let oldest = holders(of: queue).sorted { effects[$0].startOrder < effects[$1].startOrder }
      cancel(Array(oldest.prefix(max(0, oldest.count - (maxCount - 1)))), bySend: false)
    case let .runOldest(maxCount, .discardNew):
      if holders(of: queue).count >= maxCount {
        effects[effect].phase = .ended(.discarded)
        return
      }
    case let .runOldest(maxCount, .suspendNew):
      if holders(of: queue).count >= maxCount || !lines[queue, default: []].isEmpty {
        lines[queue, default: []].append(effect)
        return
      }
    }
    start(effect, spaced: !idle)
  }

  /// Rule 6: an idle queue's first effect starts at once, the others at least the delay after the
  /// previous effect's scheduled start.
  private mutating func start(_ effect: Int, spaced: Bool = false) {
    startCount += 1
    effects[effect].startOrder = startCount
    effects[effect].phase = .active
    guard let queue = effects[effect].spec.queue, Self.queues[queue].delay > .zero else { return }
    let scheduled =
      spaced ? max(now, lastStart[queue, default: .zero] + Self.queues[queue].delay) : now
    lastStart[queue] = scheduled
    if scheduled > now { effects[effect].phase = .delayed(until: scheduled) }
  }

  /// Rules 4, 7 and 8: a waiting effect is dropped unrun; a running or delayed one is told to
  /// stop. Waiting effects start only once every one of `matching` is cancelled.
  private mutating func cancel(_ matching: [Int], bySend: Bool) {
    var touched: Set<Int> = []
    for effect in matching.sorted() {
      switch effects[effect].phase {
      case .waiting:
        let queue = effects[effect].spec.queue!
        lines[queue]!.removeAll { $0 == effect }
        effects[effect].phase = .ended(bySend ? .discarded : .cancelledUnrun)
        touched.insert(queue)
      case .delayed, .active:
        effects[effect].phase = .cancelling
        if let queue = effects[effect].spec.queue { touched.insert(queue) }
      case .cancelling, .ended: break
      }
    }
    for queue in touched.sorted() { refill(queue) }
  }

  /// Starts waiting effects while the queue has free slots, in FIFO order.
  private mutating func refill(_ queue: Int) {
    while holders(of: queue).count < Self.queues[queue].policy.maxCount,
      let next = lines[queue]?.first
    {
      lines[queue]!.removeFirst()
      start(next, spaced: true)
    }
  }

  /// Lets every body run as far as it can: bodies enter, and exit when their gate is open or when
  /// they were told to stop and do not ignore it; each exit frees its slot.
  private mutating func settle() {
    while true {
      var progressed = false
      for effect in effects.indices {
        let stubborn = effects[effect].spec.stubborn
        switch effects[effect].phase {
        case .active where !effects[effect].entered:
          effects[effect].entered = true
          progressed = true
        case .active where effects[effect].gateOpen:
          end(effect, .finished)
          progressed = true
        case .cancelling where !effects[effect].entered:
          end(effect, .cancelledUnrun)
          progressed = true
        case .cancelling where !stubborn || effects[effect].gateOpen:
          end(effect, .stopped)
          progressed = true
        default: break
        }
      }
      if !progressed { return }
    }
  }

  private mutating func end(_ effect: Int, _ status: Status) {
    let heldSlot = holds(effect)
    effects[effect].phase = .ended(status)
    if heldSlot, let queue = effects[effect].spec.queue { refill(queue) }
  }

  // MARK: - Queries

  /// Whether an effect holds a slot of its queue: a `runOldest` slot until the body exits, a
  /// `runNewest` one until the effect is cancelled (rule 5).
  private func holds(_ effect: Int) -> Bool {
    guard let queue = effects[effect].spec.queue else { return false }
    switch effects[effect].phase {
    case .delayed, .active: return true
    case .cancelling:
      if case .runOldest = Self.queues[queue].policy { return true }
      return false
    case .waiting, .ended: return false
    }
  }

  private func holders(of queue: Int) -> [Int] {
    effects.indices.filter { effects[$0].spec.queue == queue && holds($0) }
  }

  private func delayed() -> [(until: Duration, order: Int, effect: Int)] {
    effects.indices.compactMap { effect in
      guard case let .delayed(until) = effects[effect].phase else { return nil }
      return (until, effects[effect].startOrder, effect)
    }
  }

  /// Each effect's status; call between operations, when everything has settled.
  var statuses: [Status] {
    effects.map { effect in
      switch effect.phase {
      case .waiting: .waiting
      case .delayed: .delayed
      case .active: .running
      case .cancelling: .stopping
      case let .ended(status): status
      }
    }
  }

  /// The effects whose result was fed back, in index order.
  var fedBack: [Int] { effects.indices.filter { effects[$0].phase == .ended(.finished) } }

  var sleeperCount: Int { delayed().count }

  /// Whether everything the send started is over (rule 8: its task has then completed).
  func isOver(send: Int) -> Bool {
    sends[send].effects.allSatisfy {
      if case .ended = effects[$0].phase { return true }
      return false
    }
  }
}

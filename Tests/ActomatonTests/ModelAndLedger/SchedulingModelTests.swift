import ActomatonTesting
import TestTraits
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Model-based test of effect scheduling (rules 3–8): seeded random sequences of operations run on
/// the real actomaton and on `SchedulingModel` side by side, compared after every operation.
///
/// 300 sequences of 30 operations by default. A long run goes in slices of 10,000, each well
/// inside the 10-minute hang guard:
///
///     for i in 0 1 2 3 4 5 6 7 8 9; do MODEL_SEQUENCES=10000 MODEL_SEED=$((i * 10000)) \
///       swift test --filter SchedulingModel || break; done
///     MODEL_SEED=1234 MODEL_SEQUENCES=1 swift test --filter SchedulingModel
///
/// `MODEL_SEED` is the first sequence's seed (sequence i uses seed + i). A divergence reports the
/// seed, the operation at which the two first disagree and the sequence shrunk by dropping
/// operations (and parts of sends) one at a time while it still diverges.
@Suite(.hangGuard)
struct SchedulingModelTests {
  typealias Model = SchedulingModel

  @Test func actomatonSchedulesEffectsAsTheModelDoes() async {
    await Self.check(
      "The actomaton", variables: ("MODEL_SEED", "MODEL_SEQUENCES"), seed: 20_250_601, count: 300,
      run: Self.run)
  }

  /// A `runNewest` effect cancelled through the task its send returned, when that task is the
  /// effect's own (no group tells the actomaton), gives its slot up at once, as it does when
  /// cancelled by id: were it kept until the body exits, the queue's next effect would cancel a
  /// live effect in its place (rule 5), or wait out the delay as if the queue were busy (rule 6).
  @Test func runNewestEffectCancelledThroughItsSendTaskGivesUpItsSlotAtOnce() async {
    func effect(_ queue: Int, stubborn: Bool = false) -> Model.Op {
      .send([.effect(Model.EffectSpec(queue: queue, stubborn: stubborn))])
    }
    let evicts = [effect(1), effect(1, stubborn: true), .cancelSend(1), effect(1)]
    let delays = [effect(7, stubborn: true), .cancelSend(0), effect(7)]
    for ops in [evicts, delays] {
      let divergence = await Self.run(ops)
      #expect(divergence == nil, "\(divergence?.message ?? "")")
    }
  }

  // MARK: - Running and shrinking

  typealias Divergence = (index: Int, message: String)

  /// Runs `ops` on a new actomaton and a new model; the first operation after which they differ.
  static func run(_ ops: [Model.Op]) async -> Divergence? {
    var model = Model()
    let bench = SchedulingBench()
    for (index, op) in ops.enumerated() {
      model.apply(op)
      await bench.apply(op)
      if let message = await bench.difference(from: model) {
        await bench.finish()
        return (index, message)
      }
    }
    await bench.finish()
    return nil
  }

  // MARK: - Generating

  /// A seeded generator; it keeps a model of its own to pick gates and sends that matter.
  struct Generator {
    var random: SplitMix64
    var model = Model()
    let queues: [Int]

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
      // NOTE: three queues a sequence, so that its effects meet in them.
      queues = Array(Model.queues.indices.shuffled(using: &random).prefix(3))
    }

    mutating func sequence(count: Int) -> [Model.Op] {
      (0..<count).map { _ in
        let op = next()
        model.apply(op)
        return op
      }
    }

    mutating func next() -> Model.Op {
      switch Int.random(in: 0..<100, using: &random) {
      case ..<40: return .send([.effect(spec())])
      case ..<52: return .send((0..<Int.random(in: 2...3, using: &random)).map { _ in part() })
      case ..<58: return .send([.cancel(id: id())])
      case ..<61: return .send([cancelWhere()])
      case ..<66 where !liveSends.isEmpty:
        return .cancelSend(liveSends.randomElement(using: &random)!)
      case ..<88 where !closedGates.isEmpty:
        let running = closedGates.filter { model.effects[$0].entered }
        let pool = !running.isEmpty && Bool.random(using: &random) ? running : closedGates
        return .open(effect: pool.randomElement(using: &random)!)
      default: return .advance(milliseconds: [500, 1000, 2000].randomElement(using: &random)!)
      }
    }

    var closedGates: [Int] {
      model.effects.indices.filter {
        !model.effects[$0].gateOpen && ![.discarded, .cancelledUnrun].contains(model.statuses[$0])
      }
    }

    var liveSends: [Int] {
      model.sends.indices.filter {
        model.sends[$0].hasTask && !model.sends[$0].isCancelled && !model.isOver(send: $0)
      }
    }

    mutating func id() -> Int { Int.random(in: 0..<3, using: &random) }
    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func spec() -> Model.EffectSpec {
      Model.EffectSpec(
        id: chance(60) ? id() : nil, queue: chance(80) ? queues.randomElement(using: &random) : nil,
        stubborn: chance(25))
    }

    mutating func part() -> Model.Part {
      chance(60) ? .effect(spec()) : chance(75) ? .cancel(id: id()) : cancelWhere()
    }

    mutating func cancelWhere() -> Model.Part {
      .cancelWhere(ids: Set((0..<3).filter { _ in chance(50) }), anonymous: chance(50))
    }
  }
}

// MARK: - The real actomaton

/// An actomaton on a test clock whose effects wait at gates the test opens, and what it was seen
/// doing: effect events, bodies entering, being told to stop and exiting, and its sends' tasks.
final class SchedulingBench {
  typealias Model = SchedulingModel

  enum Action: Sendable {
    case send([Model.Part], firstEffect: Int)
    case done(Int)
  }
  struct State: Sendable { var fedBack: [Int] = [] }
  struct ID: EffectIDProtocol { var value: Int }

  struct Queue: EffectQueueProtocol {
    var index: Int
    var effectQueuePolicy: EffectQueuePolicy { Model.queues[index].policy }
    var effectQueueDelay: EffectQueueDelay {
      .constant(Double(Model.queues[index].delay.components.seconds))
    }
  }

  /// The gates and the log; effects and the observer write here from the executor.
  final class Board: Sendable {
    struct Storage {
      var version = 0
      var serials: [UInt64: Int] = [:]
      var events: [[String]] = []
      var entered: Set<Int> = [], toldToStop: Set<Int> = [], exited: Set<Int> = []
      var open: Set<Int> = [], allOpen = false
      var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
      var sendResults: [Int: String] = [:]
    }

    let storage = Locked(Storage())

    /// Changes the log; every change counts as progress while the bench settles.
    func update<T>(_ change: (inout Storage) -> T) -> T {
      storage.withLock {
        $0.version += 1
        return change(&$0)
      }
    }

    /// Effects are numbered in the order they were admitted, which is the order of their serials.
    func record(_ event: EffectEvent) {
      update { storage in
        if storage.serials[event.serial] == nil {
          storage.serials[event.serial] = storage.events.count
          storage.events.append([])
        }
        storage.events[storage.serials[event.serial]!].append("\(event.kind)")
      }
    }

    /// The body of effect `n`: waits at its gate; a stubborn one ignores being told to stop.
    func body(_ n: Int, stubborn: Bool) async throws {
      update { _ = $0.entered.insert(n) }
      defer { update { _ = $0.exited.insert(n) } }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation {
          (waiter: CheckedContinuation<Void, any Error>) in
          let outcome: Result<Void, any Error>? = update { storage in
            if storage.allOpen || storage.open.contains(n) { return .success(()) }
            if !stubborn, Task.isCancelled { return .failure(CancellationError()) }
            storage.waiters[n] = waiter
            return nil
          }
          if let outcome { waiter.resume(with: outcome) }
        }
      } onCancel: {
        let waiter = update { storage in
          storage.toldToStop.insert(n)
          return stubborn ? nil : storage.waiters.removeValue(forKey: n)
        }
        waiter?.resume(throwing: CancellationError())
      }
    }

    /// Opens effect `n`'s gate, or every gate for good when `n` is `nil`.
    func open(_ n: Int?) {
      let waiters = update { storage in
        if let n { storage.open.insert(n) } else { storage.allOpen = true }
        let opened = storage.waiters.filter { n == nil || $0.key == n }
        storage.waiters = storage.waiters.filter { n != nil && $0.key != n }
        return opened.values
      }
      for waiter in waiters { waiter.resume() }
    }

    func status(of n: Int) -> Model.Status? {
      storage.withLock { storage in
        let events = storage.events.indices.contains(n) ? storage.events[n] : []
        let told = storage.toldToStop.contains(n)
        if storage.entered.contains(n), storage.exited.contains(n) {
          return told ? .stopped : .finished
        }
        if storage.entered.contains(n) { return told ? .stopping : .running }
        if events.contains("discarded") { return .discarded }
        if events.contains("cancelled") { return .cancelledUnrun }
        if events.last == "suspended" { return .waiting }
        return events.contains("started") || events.contains("resumed") ? .delayed : nil
      }
    }
  }

  let clock = TestClock()
  let board = Board()
  let actomaton: Actomaton<Action, State>
  var tasks: [Task<Void, any Error>?] = []
  var effectCount = 0

  init() {
    let board = board
    let reducer = Reducer<Action, State, Void> { action, state, _ in
      guard case let .send(parts, firstEffect) = action else {
        if case let .done(n) = action { state.fedBack.append(n) }
        return .empty
      }
      var next = firstEffect
      return .combine(
        parts.map { part in
          switch part {
          case let .effect(spec):
            let n = next
            next += 1
            return Effect(id: spec.id.map(ID.init), queue: spec.queue.map(Queue.init)) {
              try await board.body(n, stubborn: spec.stubborn)
              return .done(n)
            }
          case let .cancel(id):
            return .cancel(id: ID(value: id))
          case let .cancelWhere(ids, anonymous):
            return .cancel(ids: { ($0 as? ID).map { ids.contains($0.value) } ?? anonymous })
          }
        })
    }
    actomaton = Actomaton(
      state: State(), reducer: reducer, clock: clock, executor: clock.executor,
      observer: ActomatonObserver(
        actionReceived: { _, _ in board.update { _ in } }, effectEvent: { board.record($0) }))
  }

  func apply(_ op: Model.Op) async {
    switch op {
    case let .send(parts):
      let (actomaton, board, first, send) = (actomaton, board, effectCount, tasks.count)
      effectCount += parts.filter { if case .effect = $0 { true } else { false } }.count
      let task = await withTaskExecutorPreference(clock.executor) {
        await actomaton.send(.send(parts, firstEffect: first))
      }
      tasks.append(task)
      // NOTE: on the executor, so that settling waits for the task's end to be noted.
      if let task {
        Task(executorPreference: clock.executor) {
          let result = await task.result
          board.update { $0.sendResults[send] = (try? result.get()) != nil ? "completed" : "threw" }
        }
      }
    case let .open(effect): board.open(effect)
    case let .advance(milliseconds): await clock.advance(by: .milliseconds(milliseconds))
    case let .cancelSend(send): if tasks.indices.contains(send) { tasks[send]?.cancel() }
    }
    await settle()
  }

  /// Waits until no job is left on the executor and no hop waits on the actomaton (a hop made
  /// while the actomaton was busy waits on the actor, not on the executor).
  func settle() async {
    let actomaton = actomaton
    while true {
      await clock.executor.settle()
      let version = board.storage.withLock { $0.version }
      _ = await withTaskExecutorPreference(clock.executor) { await actomaton.effectCount }
      await clock.executor.settle()
      if board.storage.withLock({ $0.version }) == version { return }
    }
  }

  /// Lets every effect run to its end, so that no continuation is left behind.
  func finish() async {
    board.open(nil)
    await clock.run()
    await settle()
  }

  /// What the actomaton did that the model did not, or `nil` when they agree.
  func difference(from model: Model) async -> String? {
    let statuses = (0..<effectCount).map { board.status(of: $0) }
    let differing = statuses.indices.filter { statuses[$0] != model.statuses[$0] }
    if !differing.isEmpty {
      return differing.map {
        "effect \($0): model \(model.statuses[$0]), actomaton \(statuses[$0].map(\.rawValue) ?? "unseen")"
      }.joined(separator: "; ")
    }
    let fedBack = await actomaton.state.fedBack.sorted()
    if fedBack != model.fedBack { return "fed back: model \(model.fedBack), actomaton \(fedBack)" }
    if clock.sleeperCount != model.sleeperCount {
      return "effects in their delay: model \(model.sleeperCount), actomaton \(clock.sleeperCount)"
    }
    let results = board.storage.withLock { $0.sendResults }
    for (n, send) in model.sends.enumerated() {
      let (result, isOver) = (results[n], model.isOver(send: n))
      if (tasks[n] != nil) != send.hasTask {
        return "send \(n) returned \(tasks[n] == nil ? "nil" : "a task"), model: \(send.hasTask)"
      }
      if result == "threw" { return "send \(n)'s task threw" }
      if send.hasTask, isOver, result == nil { return "send \(n)'s task is on, its effects over" }
      if !isOver, !send.isCancelled, result != nil { return "send \(n)'s task ended too soon" }
    }
    return nil
  }
}

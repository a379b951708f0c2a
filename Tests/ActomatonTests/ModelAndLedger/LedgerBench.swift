@testable import Actomaton

/// The effect ledger driven as the actomaton drives it, with no actor, task or clock: each
/// `start` decision makes a pretend task whose body waits at its gate, and a body's exit is
/// `finish`. What it sees is compared with `SchedulingModel` (`LedgerModelTests`).
struct LedgerBench {
  typealias Model = SchedulingModel

  typealias ID = SchedulingBench.ID
  typealias Queue = SchedulingBench.Queue

  /// A pretend task: it sleeps until `until` when delayed, enters its body at the next settle,
  /// and exits when its gate opens or when it is cancelled (a stubborn body only at its gate).
  struct FakeTask {
    var until: Duration?
    var order: Int
    var isCancelled = false
    var entered = false
  }

  /// Owns the send groups; cancelling one is carried out by the bench itself.
  final class Owner: SendGroupOwner {
    func cancelEffectsSoon(of group: SendGroup) {}
  }

  private(set) var ledger: EffectLedger
  private let clock: Clock
  private let owner = Owner()
  private var specs: [Model.EffectSpec] = []
  private var groups: [SendGroup] = []
  /// Effect number by serial, and what became of each effect.
  private var effectOf: [UInt64: Int] = [:]
  private var records: [Int: EffectRecord] = [:]
  private var tasks: [Int: FakeTask] = [:]
  private var ended: [Int: Model.Status] = [:]
  private var gates: Set<Int> = []
  private var starts = 0
  private(set) var fedBack: [Int] = []

  /// The bench's time, which the ledger reads for queue delays.
  final class Clock {
    var now = Duration.zero
  }

  init() {
    let clock = Clock()
    self.clock = clock
    ledger = EffectLedger(now: { clock.now })
  }

  mutating func apply(_ op: Model.Op) {
    switch op {
    case let .send(parts):
      groups.append(SendGroup(owner: owner))
      for part in parts { run(part, group: groups.count - 1) }
    case let .open(effect): gates.insert(effect)
    case let .advance(milliseconds):
      settle()
      let target = clock.now + .milliseconds(milliseconds)
      while let (effect, until) = earliestSleeper(by: target) {
        clock.now = until
        tasks[effect]!.until = nil
        settle()
      }
      clock.now = target
    case let .cancelSend(send):
      guard groups.indices.contains(send) else { break }
      let group = groups[send]
      group.cancel()
      for (effect, record) in records where record.group === group {
        tasks[effect]?.isCancelled = true
      }
      carry(ledger.cancel(group: group))
    }
    settle()
  }

  private mutating func run(_ part: Model.Part, group: Int) {
    switch part {
    case let .effect(spec):
      let effect = specs.count
      specs.append(spec)
      let decisions = ledger.admit(id: spec.id.map(ID.init), queue: spec.queue.map(Queue.init)) {
        serial in
        EffectRecord(
          serial: serial, id: spec.id.map(ID.init), queue: spec.queue.map(Queue.init),
          group: groups[group], stage: nil, priority: nil, tracksFeedbacks: false)
      }
      carry(decisions, admitting: effect)
    case let .cancel(id):
      carry(ledger.cancel(id: ErasedKey(base: ID(value: id))))
    case let .cancelWhere(ids, anonymous):
      carry(ledger.cancel(where: { ($0 as? ID).map { ids.contains($0.value) } ?? anonymous }))
    }
  }

  /// Carries out decisions as the actomaton does; a refused effect is `admitting`.
  private mutating func carry(_ decisions: Decisions, admitting: Int? = nil) {
    for decision in decisions {
      switch decision {
      case let .start(record, startAt, _):
        let effect = number(of: record, admitting)
        starts += 1
        // NOTE: as the actomaton's task does, a task whose send was cancelled never runs its
        // body.
        let cancelled = record.group?.isCancelled == true
        tasks[effect] = FakeTask(until: startAt, order: starts, isCancelled: cancelled)
      case let .suspend(record): _ = number(of: record, admitting)
      case let .cancelTask(record): tasks[effectOf[record.serial]!]?.isCancelled = true
      case let .drop(record, kind):
        if case .discarded = kind {
          ended[effectOf[record.serial]!] = .discarded
        } else {
          ended[effectOf[record.serial]!] = .cancelledUnrun
        }
      case .discard: if let admitting { ended[admitting] = .discarded }
      }
    }
  }

  private mutating func number(of record: EffectRecord, _ admitting: Int?) -> Int {
    if let effect = effectOf[record.serial] { return effect }
    effectOf[record.serial] = admitting!
    records[admitting!] = record
    return admitting!
  }

  private func earliestSleeper(by target: Duration) -> (Int, Duration)? {
    tasks.compactMap { effect, task in task.until.map { (effect, $0, task.order) } }
      .filter { $0.1 <= target }
      .min { ($0.1, $0.2) < ($1.1, $1.2) }
      .map { ($0.0, $0.1) }
  }

  /// Lets every pretend task run as far as it can; each exit is the ledger's `finish`.
  private mutating func settle() {
    var progressed = true
    while progressed {
      progressed = false
      for effect in tasks.keys.sorted() {
        guard let task = tasks[effect] else { continue }
        let stubborn = specs[effect].stubborn
        if task.until != nil, !task.isCancelled { continue }
        if !task.entered {
          if task.isCancelled {
            exit(effect, .cancelledUnrun)
          } else {
            tasks[effect]!.entered = true
          }
        } else if task.isCancelled, !stubborn || gates.contains(effect) {
          exit(effect, .stopped)
        } else if !task.isCancelled, gates.contains(effect) {
          exit(effect, .finished)
        } else {
          continue
        }
        progressed = true
      }
    }
  }

  private mutating func exit(_ effect: Int, _ status: Model.Status) {
    tasks[effect] = nil
    ended[effect] = status
    guard let (record, decisions) = ledger.finish(records[effect]!.serial) else { return }
    if status == .finished, !record.isSilenced { fedBack.append(effect) }
    carry(decisions)
  }

  /// Each effect's status, as `SchedulingModel.statuses` names them.
  var statuses: [Model.Status] {
    specs.indices.map { effect in
      if let status = ended[effect] { return status }
      guard let task = tasks[effect] else { return .waiting }
      if task.isCancelled { return .stopping }
      return task.until != nil ? .delayed : .running
    }
  }

  var sleeperCount: Int { tasks.values.filter { $0.until != nil }.count }

  /// What the ledger did that the model did not, or `nil` when they agree.
  func difference(from model: Model) -> String? {
    let differing = statuses.indices.filter { statuses[$0] != model.statuses[$0] }
    if !differing.isEmpty {
      return differing.map { "effect \($0): model \(model.statuses[$0]), ledger \(statuses[$0])" }
        .joined(separator: "; ")
    }
    if fedBack.sorted() != model.fedBack { return "fed back: model \(model.fedBack), \(fedBack)" }
    if sleeperCount != model.sleeperCount {
      return "effects in their delay: model \(model.sleeperCount), ledger \(sleeperCount)"
    }
    let broken = ledger.brokenQueueInvariants
    if !broken.isEmpty { return "broken books: \(broken.joined(separator: "; "))" }
    if statuses.allSatisfy({ ![.waiting, .delayed, .running, .stopping].contains($0) }),
      !ledger.records.isEmpty || ledger.trackedIDCount != 0
    {
      return "everything is over, but the ledger keeps \(ledger.records.count) records"
    }
    return nil
  }
}

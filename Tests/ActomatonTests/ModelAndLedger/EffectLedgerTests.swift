import Testing

@testable import Actomaton

/// The effect ledger's decisions, case by case, with no actor, task or clock: each case is a
/// script of operations and the decisions each one returns, in order.
@Suite struct EffectLedgerTests {
  struct Queue: EffectQueueProtocol, CustomStringConvertible {
    var effectQueuePolicy: EffectQueuePolicy
    var seconds = 0
    var effectQueueDelay: EffectQueueDelay { .constant(Double(seconds)) }
    var description: String { "q" }
  }
  struct ID: EffectIDProtocol { var value: Int }

  enum Step: Sendable, CustomStringConvertible {
    case admit(String, id: Int? = nil, queue: Queue? = nil)
    case finish(String)
    case cancelID(Int)
    case cancelAll
    /// The send of this effect was cancelled, and the ledger told.
    case cancelSend(String)
    /// The send of this effect was cancelled; the ledger has not been told yet.
    case abandonSend(String)
    case advance(seconds: Int)

    var description: String {
      switch self {
      case let .admit(name, _, _): "admit \(name)"
      case let .finish(name): "finish \(name)"
      case let .cancelID(id): "cancel id \(id)"
      case .cancelAll: "cancel all"
      case let .cancelSend(name): "cancel the send of \(name)"
      case let .abandonSend(name): "abandon the send of \(name)"
      case let .advance(seconds): "advance \(seconds) s"
      }
    }
  }

  static let newest1 = Queue(effectQueuePolicy: .runNewest(maxCount: 1))
  static let newest2Delayed = Queue(effectQueuePolicy: .runNewest(maxCount: 2), seconds: 1)
  static let discard1 = Queue(effectQueuePolicy: .runOldest(maxCount: 1, .discardNew))
  static let suspend1 = Queue(effectQueuePolicy: .runOldest(maxCount: 1, .suspendNew))
  static let broken = Queue(effectQueuePolicy: .runOldest(maxCount: 0, .suspendNew))

  /// (what the case shows, its steps, each step's decisions)
  static let cases: [(String, [Step], [String])] = [
    ("an effect with no queue starts", [.admit("a")], ["start a"]),
    (
      "a full runNewest queue cancels its oldest, and frees its slot at once",
      [.admit("a", queue: newest1), .admit("b", queue: newest1), .finish("a")],
      ["start a", "cancel a, start b", ""]
    ),
    (
      "a full discardNew queue refuses the newcomer",
      [.admit("a", queue: discard1), .admit("b", queue: discard1), .finish("a")],
      ["start a", "discard", ""]
    ),
    (
      "a full suspendNew queue lines effects up and resumes them in order",
      [
        .admit("a", queue: suspend1), .admit("b", queue: suspend1), .admit("c", queue: suspend1),
        .finish("a"), .finish("b"),
      ],
      ["start a", "suspend b", "suspend c", "resume b", "resume c"]
    ),
    (
      "a cancelled runOldest effect keeps its slot until its body exits",
      [
        .admit("a", id: 1, queue: suspend1), .cancelID(1), .admit("b", queue: suspend1),
        .finish("a"),
      ],
      ["start a", "cancel a", "suspend b", "resume b"]
    ),
    (
      "a cancelled runNewest effect gives its slot up at once",
      [.admit("a", id: 1, queue: newest1), .cancelID(1), .admit("b", queue: newest1)],
      ["start a", "cancel a", "start b"]
    ),
    (
      "a waiting effect cancelled by id is dropped unrun",
      [
        .admit("a", queue: suspend1), .admit("b", id: 2, queue: suspend1), .cancelID(2),
        .finish("a"),
      ],
      ["start a", "suspend b", "drop b cancelled", ""]
    ),
    (
      "cancelling a queue's running and waiting effects together starts none of them",
      [
        .admit("a", queue: suspend1), .admit("b", queue: suspend1), .admit("c", queue: suspend1),
        .cancelAll, .finish("a"),
      ],
      ["start a", "suspend b", "suspend c", "cancel a, drop b cancelled, drop c cancelled", ""]
    ),
    (
      "a cancelled send's waiting effect is discarded",
      [.admit("a", queue: suspend1), .admit("b", queue: suspend1), .cancelSend("b")],
      ["start a", "suspend b", "drop b discarded"]
    ),
    (
      "a waiting effect whose send was cancelled is discarded when its turn comes",
      [
        .admit("a", queue: suspend1), .admit("b", queue: suspend1), .abandonSend("b"), .finish("a"),
      ],
      ["start a", "suspend b", "", "drop b discarded"]
    ),
    (
      "a queue with maxCount 0 is refused as misused",
      [.admit("a", queue: broken)], ["discard (misuse)"]
    ),
    (
      "a busy queue's effects start at least its delay apart; an idle queue's first at once",
      [
        .admit("a", queue: newest2Delayed), .admit("b", queue: newest2Delayed),
        .admit("c", queue: newest2Delayed), .advance(seconds: 5), .finish("b"), .finish("c"),
        .admit("d", queue: newest2Delayed),
      ],
      ["start a", "start b at 1 s", "cancel a, start c at 2 s", "", "", "", "start d"]
    ),
    (
      "an unknown or finished effect finishes nothing",
      [.admit("a"), .finish("a"), .finish("a")], ["start a", "", "unknown"]
    ),
  ]

  @Test(arguments: cases.indices)
  func decisions(_ index: Int) {
    let (name, steps, expected) = Self.cases[index]
    var script = Script()
    let seen = steps.map { script.run($0) }
    #expect(seen == expected, "\(name): \(zip(steps, seen).map { "\($0) → \($1)" })")
    #expect(script.ledger.brokenQueueInvariants.isEmpty, "\(name)")
  }

  /// Runs steps on a ledger and names its decisions by the effects' names.
  struct Script {
    final class Owner: SendGroupOwner {
      func cancelEffectsSoon(of group: SendGroup) {}
    }
    final class Clock { var now = Duration.zero }

    let clock = Clock()
    let owner = Owner()
    var ledger: EffectLedger
    var names: [UInt64: String] = [:]
    var records: [String: EffectRecord] = [:]

    init() {
      let clock = clock
      ledger = EffectLedger(now: { clock.now })
    }

    mutating func run(_ step: Step) -> String {
      switch step {
      case let .admit(name, id, queue):
        let group = SendGroup(owner: owner)
        // NOTE: the decisions first: `describe` would read the names as they were before.
        let decisions = ledger.admit(id: id.map(ID.init), queue: queue) { serial in
          names[serial] = name
          let record = EffectRecord(
            serial: serial, id: id.map(ID.init), queue: queue, group: group, stage: nil,
            priority: nil, tracksFeedbacks: false)
          records[name] = record
          return record
        }
        return describe(decisions)
      case let .finish(name):
        guard let (_, decisions) = ledger.finish(records[name]!.serial) else { return "unknown" }
        return describe(decisions)
      case let .cancelID(id): return describe(ledger.cancel(id: ErasedKey(base: ID(value: id))))
      case .cancelAll: return describe(ledger.cancel(where: { _ in true }))
      case let .cancelSend(name):
        records[name]!.group!.cancel()
        return describe(ledger.cancel(group: records[name]!.group!))
      case let .abandonSend(name):
        records[name]!.group!.cancel()
        return ""
      case let .advance(seconds):
        clock.now += .seconds(seconds)
        return ""
      }
    }

    func describe(_ decisions: Decisions) -> String {
      decisions.map { decision in
        switch decision {
        case let .start(record, startAt, resumed):
          (resumed ? "resume " : "start ") + names[record.serial]!
            + (startAt.map { " at \($0.components.seconds) s" } ?? "")
        case let .suspend(record): "suspend \(names[record.serial]!)"
        case let .cancelTask(record): "cancel \(names[record.serial]!)"
        case let .drop(record, kind): "drop \(names[record.serial]!) \(kind)"
        case let .discard(_, misuse): misuse == nil ? "discard" : "discard (misuse)"
        }
      }.joined(separator: ", ")
    }
  }
}

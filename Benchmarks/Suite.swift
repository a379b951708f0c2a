import Actomaton

/// The rows of each workload, with the floors they share measured once per run.
@MainActor
final class Suite {
  let quick: Bool
  let scale: Int
  let repetitions: Int
  /// With `--one-executor`: the event loop for W2–W4's measuring task, actomaton and effects.
  let executor: EventLoopExecutor?
  /// The loop of W2's second row (an actomaton on an event loop), and of `--one-executor`.
  let loop = EventLoopExecutor()
  private var sendFloors: (w1: Sample, actor: Sample)?
  private var taskSample: Sample?
  private var w2Sample: Sample?
  private var w8Plain: Sample?

  init(quick: Bool, oneExecutor: Bool = false) {
    self.quick = quick
    executor = oneExecutor ? loop : nil
    scale = quick ? 100 : 1
    repetitions = quick ? 3 : 7
  }

  /// W1 and its floor, an actor method call; W1 is W6's and W8's floor too.
  func sends() async -> (w1: Sample, actor: Sample) {
    if let sendFloors { return sendFloors }
    let (w1, actor) = await CoreWorkloads.w1Send(n: 1_000_000 / scale, repetitions: repetitions)
    sendFloors = (w1, actor)
    return (w1, actor)
  }

  /// W2 and its floor, a `Task {}` spawned and awaited; the floor of W3 and W4 too.
  func roundTrips() async -> (w2: Sample, task: Sample) {
    if let w2Sample, let taskSample { return (w2Sample, taskSample) }
    let (w2, task) = await CoreWorkloads.w2RoundTrip(
      n: 100_000 / scale, repetitions: repetitions, executor: executor)
    (w2Sample, taskSample) = (w2, task)
    return (w2, task)
  }

  func w1() async -> [Row] {
    let (w1, actor) = await sends()
    return [
      Row(
        id: "W1", name: "send, reducer returns .empty", n: 1_000_000 / scale, sample: w1,
        floorName: "actor method call", floor: actor, target: "≤ 2", note: nil)
    ]
  }

  func w2() async -> [Row] {
    let (w2, task) = await roundTrips()
    var rows = [
      Row(
        id: "W2", name: "effect round trip (send + Effect + .pong)", n: 100_000 / scale,
        sample: w2, floorName: "Task {} spawn + await", floor: task, target: "≤ 2.5", note: nil)
    ]
    if executor == nil {
      let (onLoop, taskOnLoop) = await CoreWorkloads.w2RoundTrip(
        n: 100_000 / scale, repetitions: repetitions, executor: loop)
      rows.append(
        Row(
          id: "W2", name: "the same, all on an EventLoopExecutor", n: 100_000 / scale,
          sample: onLoop, floorName: "the same Task on the loop", floor: taskOnLoop,
          target: "≤ 2.5", note: "\(Report.format(onLoop.median / w2.median, digits: 2))× W2's time"
        ))
    }
    return rows
  }

  func w3() async -> [Row] {
    let task = await roundTrips().task
    let w3 = await CoreWorkloads.w3Newest(
      n: 100_000 / scale, repetitions: repetitions, executor: executor)
    return [
      Row(
        id: "W3", name: "effect replaced through a Newest1 queue", n: 100_000 / scale, sample: w3,
        floorName: "Task {} spawn + await", floor: task, target: "≤ 3", note: nil)
    ]
  }

  func w4() async -> [Row] {
    let task = await roundTrips().task
    let small = await CoreWorkloads.w4Suspend(
      n: 10_000 / scale, repetitions: repetitions, executor: executor)
    let large = await CoreWorkloads.w4Suspend(
      n: 100_000 / scale, repetitions: repetitions, executor: executor)
    return [
      Row(
        id: "W4", name: "runOldest(4, .suspendNew), 10k at once", n: 10_000 / scale,
        sample: small, floorName: "Task {} spawn + await", floor: task, target: "≤ 4", note: nil),
      Row(
        id: "W4", name: "runOldest(4, .suspendNew), 100k at once", n: 100_000 / scale,
        sample: large, floorName: "Task {} spawn + await", floor: task, target: "≤ 4",
        note: "per effect \(Report.format(large.median / small.median, digits: 2))× the 10k cost"),
    ]
  }

  func w5() async -> [Row] {
    var rows: [Row] = []
    for matching in [true, false] {
      let n = 10_000_000 / scale
      let (w5, handWritten) = await CasePathWorkloads.w5(
        n: n, repetitions: repetitions, matching: matching)
      rows.append(
        Row(
          id: "W5", name: "/Shape.square extract, \(matching ? "matching" : "non-matching")",
          n: n, sample: w5, floorName: "hand-written if case let", floor: handWritten,
          target: "≤ 1.5", note: nil))
    }
    return rows
  }

  func w6() async -> [Row] {
    let w1 = await sends().w1
    let w6 = await AppWorkloads.w6RootSend(n: 1_000_000 / scale, repetitions: repetitions)
    return [
      Row(
        id: "W6", name: "send through the root reducer", n: 1_000_000 / scale, sample: w6,
        floorName: "W1 (send, .empty)", floor: w1, target: "≤ 4", note: nil)
    ]
  }

  func w7() async -> [Row] {
    let lines = 100_000 / scale
    // NOTE: a repetition builds a new engine (and a new actomaton for the floor): five are
    // enough for a spread and keep the full run short.
    let repetitions = quick ? 3 : 5
    let engine = await AppWorkloads.w7Engine(lines: lines, repetitions: repetitions)
    let actions = await AppWorkloads.w7Actions(lines: lines, repetitions: repetitions)
    let engineOnLoop = await AppWorkloads.w7Engine(
      lines: lines, repetitions: repetitions, executor: loop)
    let actionsOnLoop = await AppWorkloads.w7Actions(
      lines: lines, repetitions: repetitions, executor: loop)
    return [
      Row(
        id: "W7", name: "REPL engine, counter and todo script", n: lines, sample: engine,
        floorName: "its actions sent to the root", floor: actions, target: "≤ 3",
        note: "\(Int(1e9 / engine.median)) commands/s"),
      Row(
        id: "W7", name: "the same, all on an EventLoopExecutor (as the gallery)", n: lines,
        sample: engineOnLoop, floorName: "the same actions on the loop", floor: actionsOnLoop,
        target: "≤ 3", note: "\(Int(1e9 / engineOnLoop.median)) commands/s"),
    ]
  }

  func w8() async -> [Row] {
    let w1 = await sends().w1
    let plain = await ObservationWorkloads.w8Send(
      observers: 0, n: 1_000_000 / scale, repetitions: repetitions)
    var rows = [
      Row(
        id: "W8", name: "send changing a field, no observer", n: 1_000_000 / scale,
        sample: plain, floorName: "W1 (send, .empty)", floor: w1, target: "≤ 1.05", note: nil)
    ]
    for observers in [1, 100] {
      let n = 1_000_000 / scale / observers
      let w8 = await ObservationWorkloads.w8Send(
        observers: observers, n: n, repetitions: repetitions)
      rows.append(
        Row(
          id: "W8", name: "send changing an observed field, \(observers) observer(s)", n: n,
          sample: w8, floorName: "W8, no observer", floor: plain, target: "-", note: nil))
    }
    return rows
  }

  func m1() async -> [Row] {
    // NOTE: fewer than about 10k tasks may not grow the resident set by a whole page count that
    // tells them apart, even in a quick run.
    let waiting = quick ? 20_000 : 100_000
    let taskBytes = await Memory.bytesPerSuspendedTask(n: waiting)
    let bytes = await Memory.bytesPerWaitingEffect(n: waiting)
    return [
      Row(
        id: "M1", name: "resident memory per waiting effect", n: waiting,
        sample: Sample(perOperation: [bytes]), floorName: "suspended Task (bytes)",
        floor: Sample(perOperation: [taskBytes]), target: "≤ 1.5",
        note: "\(Int(bytes)) bytes per waiting effect, \(Int(taskBytes)) per bare suspended Task")
    ]
  }
}

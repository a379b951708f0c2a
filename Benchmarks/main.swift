import Foundation

// Benchmarks: swift run -c release Benchmarks [--quick] [--json] [--only W1|W2|W5|W6|W7|W9|M1]
let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let only = arguments.firstIndex(of: "--only").flatMap {
  arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
let scale = quick ? 100 : 1
let repetitions = quick ? 3 : 7

var rows: [Row] = []

if let only {
  // NOTE: one workload alone, for a profiler: prints its median and no floor.
  let n = 1_000_000 / scale
  let sample: Sample
  switch only {
  case "W1": sample = await CoreWorkloads.w1Send(n: n, repetitions: repetitions).0
  case "W2": sample = await CoreWorkloads.w2RoundTrip(n: n / 10, repetitions: repetitions).0
  case "W5":
    sample = await CasePathWorkloads.w5(n: n * 10, repetitions: repetitions, matching: false).0
  case "W6": sample = await AppWorkloads.w6RootSend(n: n, repetitions: repetitions)
  case "W7": sample = await AppWorkloads.w7Engine(lines: n / 10, repetitions: 1)
  case "W9": sample = await LifetimeWorkloads.w9Nested(n: n, repetitions: repetitions)
  case "M1":
    let floor = Int(await Memory.bytesPerSuspendedTask(n: n / 10))
    print("M1: \(Int(await Memory.bytesPerWaitingEffect(n: n / 10))) bytes (floor \(floor))")
    exit(0)
  default:
    print("unknown workload \(only); expected W1, W2, W5, W6, W7, W9 or M1")
    exit(2)
  }
  print("\(only): \(Report.format(sample.median)) ns/op")
  exit(0)
}

let (w1, actorFloor) = await CoreWorkloads.w1Send(n: 1_000_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W1", name: "send, reducer returns .empty", n: 1_000_000 / scale, sample: w1,
    floorName: "actor method call", floor: actorFloor, target: "≤ 2", note: nil))

let (w2, taskFloor) = await CoreWorkloads.w2RoundTrip(n: 100_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W2", name: "effect round trip (send + Effect + .pong)", n: 100_000 / scale, sample: w2,
    floorName: "Task {} spawn + await", floor: taskFloor, target: "≤ 3", note: nil))

let w3 = await CoreWorkloads.w3Newest(n: 100_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W3", name: "effect replaced through a Newest1 queue", n: 100_000 / scale, sample: w3,
    floorName: "Task {} spawn + await", floor: taskFloor, target: "≤ 3", note: nil))

let w4Small = await CoreWorkloads.w4Suspend(n: 10_000 / scale, repetitions: repetitions)
let w4Large = await CoreWorkloads.w4Suspend(n: 100_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W4", name: "runOldest(4, .suspendNew), 10k at once", n: 10_000 / scale, sample: w4Small,
    floorName: "Task {} spawn + await", floor: taskFloor, target: "≤ 5", note: nil))
rows.append(
  Row(
    id: "W4", name: "runOldest(4, .suspendNew), 100k at once", n: 100_000 / scale,
    sample: w4Large, floorName: "Task {} spawn + await", floor: taskFloor, target: "≤ 5",
    note: "per effect \(Report.format(w4Large.median / w4Small.median, digits: 2))× the 10k cost"))

for matching in [true, false] {
  let n = 10_000_000 / scale
  let (w5, handWritten) = await CasePathWorkloads.w5(
    n: n, repetitions: repetitions, matching: matching)
  rows.append(
    Row(
      id: "W5", name: "/Shape.square extract, \(matching ? "matching" : "non-matching")", n: n,
      sample: w5, floorName: "hand-written if case let", floor: handWritten, target: "≤ 2",
      note: nil))
}

let w6 = await AppWorkloads.w6RootSend(n: 1_000_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W6", name: "send through the root reducer", n: 1_000_000 / scale, sample: w6,
    floorName: "W1 (send, .empty)", floor: w1, target: "≤ 3", note: nil))

let lines = 100_000 / scale
let w7 = await AppWorkloads.w7Engine(lines: lines, repetitions: quick ? 1 : 3)
let perSecond = Int(1e9 / w7.median)
rows.append(
  Row(
    id: "W7", name: "REPL engine, counter and todo script", n: lines, sample: w7, floorName: nil,
    floor: nil, target: "≥ 100k/s", note: "\(perSecond) commands/s"))

let w9Small = await LifetimeWorkloads.w9Element(
  count: 10, n: 1_000_000 / scale, repetitions: repetitions)
let w9Large = await LifetimeWorkloads.w9Element(
  count: 10_000, n: 1_000_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W9", name: "action to one element of 10,000", n: 1_000_000 / scale, sample: w9Large,
    floorName: "the same, of 10", floor: w9Small, target: "≤ 1.5", note: nil))
let w9Nested = await LifetimeWorkloads.w9Nested(n: 1_000_000 / scale, repetitions: repetitions)
rows.append(
  Row(
    id: "W9", name: "send through 4 nested lifted children", n: 1_000_000 / scale,
    sample: w9Nested, floorName: "W1 (send, .empty)", floor: w1, target: "TCA #1316: 8,667 ns",
    note: "\(Report.format(w9Nested.median)) ns per send"))

let waiting = 100_000 / scale
let taskBytes = await Memory.bytesPerSuspendedTask(n: waiting)
let bytes = await Memory.bytesPerWaitingEffect(n: waiting)
rows.append(
  Row(
    id: "M1", name: "resident memory per waiting effect", n: waiting,
    sample: Sample(perOperation: [bytes]), floorName: "suspended Task (bytes)",
    floor: Sample(perOperation: [taskBytes]), target: "< 1024 B",
    note: "\(Int(bytes)) bytes per waiting effect, \(Int(taskBytes)) per bare suspended Task"))

print(arguments.contains("--json") ? Report.json(rows) : Report.table(rows))

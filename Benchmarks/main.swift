import Foundation

// Benchmarks: swift run -c release Benchmarks [--quick] [--json] [--only ID[,ID…]] [--compare FILE]
//   [--one-executor] [--detail]
let arguments = Array(CommandLine.arguments.dropFirst())
func value(after flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
  }
}

let suite = Suite(
  quick: arguments.contains("--quick"), oneExecutor: arguments.contains("--one-executor"))
/// Every workload, in the table's order.
let workloads: [(id: String, rows: () async -> [Row])] = [
  ("W1", suite.w1), ("W2", suite.w2), ("W3", suite.w3), ("W4", suite.w4), ("W5", suite.w5),
  ("W6", suite.w6), ("W8", suite.w8), ("W9", suite.w9), ("W10", suite.w10), ("W7", suite.w7),
  ("M1", suite.m1), ("D1", suite.d1), ("R1", suite.r1), ("R2", suite.r2), ("C1", suite.c1),
  ("G1", suite.g1),
  ("G2", suite.g2),
]

var selected = workloads
if let only = value(after: "--only") {
  // NOTE: some workloads (comma-separated) and the floors they are compared with, for a profiler.
  let ids = only.uppercased().split(separator: ",").map(String.init)
  selected = workloads.filter { ids.contains($0.id) }
  if let unknown = ids.first(where: { id in !workloads.contains { $0.id == id } }) {
    print(
      "unknown workload \(unknown); expected one of "
        + workloads.map(\.id).joined(separator: ", "))
    exit(2)
  }
}
var saved: [Compare.Saved]?
if let path = value(after: "--compare") {
  do { saved = try Compare.load(path) } catch {
    print("--compare: \(error)")
    exit(2)
  }
}

var rows: [Row] = []
for workload in selected { rows += await workload.rows() }

/// Prints `text`; with --json, to standard error, so standard output stays JSON.
func printExtra(_ text: String) {
  if arguments.contains("--json") {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  } else {
    print(text)
  }
}

print(arguments.contains("--json") ? Report.json(rows) : Report.table(rows))
if arguments.contains("--detail") {
  printExtra("\nrepetitions: ns/op (cpu ns/op, context switches/op):\n" + Report.detail(rows))
}
if let saved {
  printExtra(
    "\nratio change against \(value(after: "--compare") ?? ""):\n"
      + Compare.table(old: saved, new: rows))
}

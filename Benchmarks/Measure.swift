import Foundation

/// Timing with `ContinuousClock`: repetitions, median and spread, in nanoseconds per operation.
struct Sample {
  let perOperation: [Double]
  /// The process's context switches (voluntary and not) per operation, for each repetition: how
  /// often the work was handed between threads, or a thread was descheduled.
  var switches: [Double] = []
  /// The process's CPU time (user and system, all threads) in nanoseconds per operation, for
  /// each repetition: unlike the elapsed time, it does not grow while other processes run.
  var cpu: [Double] = []

  var median: Double {
    let sorted = perOperation.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var min: Double { perOperation.min() ?? 0 }
  var max: Double { perOperation.max() ?? 0 }
  /// (max − min) / median, in percent.
  var spread: Double { median > 0 ? (max - min) / median * 100 : 0 }
  /// Whether the slowest repetition took more than 25% longer than the fastest: the row's
  /// median is not to be trusted on its own.
  var isUnsteady: Bool { max > min * 1.25 }
  var medianCPU: Double? { cpu.isEmpty ? nil : Sample(perOperation: cpu).median }
  var medianSwitches: Double? {
    switches.isEmpty ? nil : Sample(perOperation: switches).median
  }
}

/// Runs `body` (which performs `n` operations) `repetitions` times after one warm-up run.
func measure(n: Int, repetitions: Int, _ body: () async -> Void) async -> Sample {
  await body()
  var results: [Double] = []
  var switches: [Double] = []
  var cpu: [Double] = []
  for _ in 0..<repetitions {
    let before = Usage.now()
    let start = ContinuousClock.now
    await body()
    let elapsed = ContinuousClock.now - start
    let after = Usage.now()
    results.append(nanoseconds(elapsed) / Double(n))
    switches.append(Double(after.switches - before.switches) / Double(n))
    cpu.append((after.cpuNanoseconds - before.cpuNanoseconds) / Double(n))
  }
  return Sample(perOperation: results, switches: switches, cpu: cpu)
}

/// The process's context switches (voluntary and involuntary) and CPU time so far.
struct Usage {
  var switches = 0
  var cpuNanoseconds = 0.0

  static func now() -> Usage {
    var usage = rusage()
    #if os(Linux)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return Usage() }
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    let microseconds = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    return Usage(
      switches: usage.ru_nvcsw + usage.ru_nivcsw,
      cpuNanoseconds: seconds * 1e9 + microseconds * 1e3)
  }
}

func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Returns `value` through a call the optimiser cannot see into.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// One row of the report.
struct Row {
  let id: String
  let name: String
  let n: Int
  let sample: Sample
  let floorName: String?
  let floor: Sample?
  let target: String
  /// A value reported instead of a ratio (commands per second, bytes per effect).
  let note: String?

  /// `nil` without a floor, or when the floor measured nothing (a resident set that did not grow).
  var ratio: Double? {
    guard let floor, floor.median > 0 else { return nil }
    return sample.median / floor.median
  }
  /// What `--compare` matches rows of two runs by.
  var key: String { "\(id) \(name)" }
  /// Whether the workload's or its floor's repetitions spread by more than 25%.
  var isUnsteady: Bool { sample.isUnsteady || floor?.isUnsteady == true }
}

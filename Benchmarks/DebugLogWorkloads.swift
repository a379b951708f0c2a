import Actomaton
import ActomatonDebugging

struct Samples: Sendable, Equatable {
  var values = (0..<10_000).map(Double.init)
}

enum SampleAction: Sendable {
  case set(Int, Double)
}

let samplesReducer = Reducer<SampleAction, Samples, Void> { action, state, _ in
  if case let .set(index, value) = action { state.values[index] = value }
  return .empty
}

enum DebugLogWorkloads {
  /// D1: a send changing one of 10,000 values, with a `.debug()` observer or none. With the log,
  /// each operation also waits until the entry is formatted (off the actor) and reached the sink,
  /// so the time is the whole cost of a logged send.
  static func d1Send(logged: Bool, n: Int, repetitions: Int) async -> Sample {
    let formatting = LogFormatting.background()
    let written = Locked(0)
    let observer: ActomatonObserver<SampleAction, Samples>? =
      logged
      ? .debug(to: { entry in written.withLock { $0 += entry.utf8.count } }, formatting: formatting)
      : nil
    let actomaton = Actomaton(state: Samples(), reducer: samplesReducer, observer: observer)
    var next = 0.5
    let sample = await measure(n: n, repetitions: repetitions) {
      for index in 0..<n {
        next += 1
        await actomaton.send(.set(index * 37 % 10_000, next))
        formatting.flush()
      }
    }
    precondition(!logged || written.withLock { $0 } > 0, "the log wrote nothing")
    return sample
  }
}

extension Suite {
  func d1() async -> [Row] {
    let n = quick ? 20 : 500
    let plain = await DebugLogWorkloads.d1Send(logged: false, n: n, repetitions: repetitions)
    let logged = await DebugLogWorkloads.d1Send(logged: true, n: n, repetitions: repetitions)
    return [
      Row(
        id: "D1", name: ".debug()-logged send, 1 of 10,000 values", n: n, sample: logged,
        floorName: "the same send, no log", floor: plain, target: "< 5 ms",
        note: "\(Int(logged.median / 1_000)) µs per logged send, formatting included")
    ]
  }
}

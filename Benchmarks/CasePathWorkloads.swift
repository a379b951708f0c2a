import CasePaths
import Synchronization

enum Shape: Sendable {
  case circle(radius: Int)
  case square(Int)
  case rect(width: Int, height: Int)
  case label(String)
  case empty
}

/// The floor: the same `CasePath` container around a hand-written `if case let` extractor, so
/// the comparison isolates how `/Shape.square` finds the case.
let handWrittenSquare = CasePath<Shape, Int>(
  embed: Shape.square,
  extract: { shape in
    if case let .square(side) = shape { return side }
    return nil
  })

/// Where W5 leaves its sums, so the optimiser must compute them: `blackHole` ignores an `Int`
/// once specialised, and an extraction inlined into the loop would then be deleted.
let extractionSink = Atomic<Int>(0)

enum CasePathWorkloads {
  /// W5: extracting `/Shape.square` from a matching and a non-matching value, against the
  /// hand-written `if case let` extractor, over the same array.
  static func w5(n: Int, repetitions: Int, matching: Bool) async -> (Sample, Sample) {
    let values: [Shape] = (0..<1024).map { matching ? .square($0) : .rect(width: $0, height: 1) }
    let path = opaque(/Shape.square)
    let hand = opaque(handWrittenSquare)
    // NOTE: a case path learns its case's tag from the first value in that case; an app's paths
    // see both kinds of value, so the non-matching run is timed after one matching extraction.
    blackHole(path.extract(from: .square(1)) ?? 0)
    let casePath = await measure(n: n, repetitions: repetitions) {
      var sum = 0
      for index in 0..<n { sum &+= path.extract(from: values[index & 1023]) ?? 1 }
      extractionSink.store(sum, ordering: .relaxed)
    }
    let handWritten = await measure(n: n, repetitions: repetitions) {
      var sum = 0
      for index in 0..<n { sum &+= hand.extract(from: values[index & 1023]) ?? 1 }
      extractionSink.store(sum, ordering: .relaxed)
    }
    return (casePath, handWritten)
  }
}

import Actomaton
import ActomatonObservation
import Observation
import TestTraits
import Testing

/// The toolchain's `Observations` sequence over a mirror (Swift 6.2 and later).
@MainActor
@Suite(.hangGuard) struct ObservationsTests {
  @Test func observationsYieldsTheSliceAsItChanges() async {
    // NOTE: `Observations` needs the 26 OSes on Apple platforms; on Linux, the 6.2 toolchain.
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let mirror = ObservedActomaton(
      Actomaton(state: ObservedActomatonTests.State(), reducer: ObservedActomatonTests.reducer),
      state: ObservedActomatonTests.State())
    var counts = Observations { mirror.count }.makeAsyncIterator()
    #expect(await counts.next() == 0)
    mirror.send(.increment)
    #expect(await counts.next() == 1)
    mirror.send(.setText("ann"))
    mirror.send(.increment)
    #expect(await counts.next() == 2)
  }
}

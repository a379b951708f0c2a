import ActomatonTesting
import Testing

@testable import Actomaton

/// Checks that used to be unable to fail (issue #29, items 1–3) and failures reported at the wrong
/// line (item 15): each wrong test must record exactly one issue, at the line concerned.
@Suite struct ToolkitCheckTests {
  @Test func afterAMidTestFinishWhatComesLaterIsCheckedAtRelease() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      await store.send(.ping)
      await store.receive(.pong) { $0.note = "pong" }
      await store.finish()
      line = #line + 1
      await store.send(.ping)
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("pong") == true)
  }

  @Test func aTimerStartedAfterAFinishIsStillCheckedAtTheNextFinish() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      await store.finish()
      line = #line + 1
      await store.send(.start)
      await store.finish()
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("still running") == true)
  }

  @Test func aWrongExpectationInADetachedTaskFailsTheTest() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      nonisolated(unsafe) let unsafeStore = store
      line = #line + 2
      await Task.detached {
        await unsafeStore.send(.ping) { $0.note = "wrong" }
        await unsafeStore.receive(.pong) { $0.note = "pong" }
      }.value
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("No state change was expected") == false)
  }

  @Test func aClosureWritingThroughAnObjectInTheStateFails() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      line = #line + 1
      await store.send(.bump) { $0.box.value = 99 }
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("wrote through a reference") == true)
    #expect(issues.first?.text.contains(".box.value: 1 → 99") == true, "\(issues)")
  }

  @Test func aRightClosureOnAnObjectInTheStatePasses() async {
    let (store, _) = Probe.store()
    await store.send(.bump) { $0.box.value = 1 }
    await store.finish()
  }

  @Test func anActionLeftUnassertedIsReportedAtFinish() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      await store.send(.ping)
      line = #line + 1
      await store.finish()
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
  }

  @Test func anActionLeftUnassertedAtReleaseIsReportedAtTheSendThatStartedIt() async {
    var line = 0
    let issues = await recordedIssues {
      let (store, clock) = Probe.store()
      line = #line + 1
      await store.send(.wait)
      await store.send(.ping)
      await store.receive(.pong) { $0.note = "pong" }
      await clock.advance(by: .seconds(2))
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("woke") == true)
  }
}

import ActomatonTesting
import Foundation
import StubHTTPServer

/// The line a wrong scenario must fail at, set by the scenario just before its wrong step.
final class Expected: @unchecked Sendable {
  var line = 0
}

/// One test written against the toolkit, right or wrong.
struct Scenario: Sendable, CustomStringConvertible {
  let description: String
  /// The test; a thrown error is a failure of the harness (a stub server that did not start).
  let run: @Sendable (Expected) async throws -> Void

  init(_ description: String, _ run: @escaping @Sendable (Expected) async throws -> Void) {
    self.description = description
    self.run = run
  }
}

/// Wrong tests: each must record exactly one failure, at `Expected.line`.
enum WrongScenarios {
  static let all: [Scenario] = fields + steps

  /// A wrong expectation in each kind of field.
  static let fields: [Scenario] = [
    wrongField("an Int", .count(1)) { $0.count = 2 },
    wrongField("a String", .title("a")) { $0.title = "b" },
    wrongField("an array element", .item(1, "c")) { $0.items[1] = "d" },
    wrongField("a dictionary value", .score("x", 2)) { $0.scores["x"] = 3 },
    wrongField("a set member", .tag("u")) { $0.tags.insert("v") },
    wrongField("an optional", .selection(1)) { $0.selection = nil },
    wrongField("an enum payload", .mode(.busy(step: 1))) { $0.mode = .busy(step: 2) },
    wrongField("a field of an object", .boxed(1)) { $0.box.value = 2 },
    Scenario("an undescribed change") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.set(.count(1)))
    },
  ]

  static func wrongField(
    _ name: String, _ field: Shelf.Field, _ update: @escaping @Sendable (inout Shelf.State) -> Void
  ) -> Scenario {
    Scenario("wrong state in \(name)") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.set(field), update)
    }
  }

  static let steps: [Scenario] = [
    Scenario("an action not received before the next send") { expected in
      let (store, _) = Shelf.store()
      await store.send(.ping)
      expected.line = #line + 1
      await store.send(.set(.count(1))) { $0.count = 1 }
    },
    Scenario("an action not received before finish") { expected in
      let (store, _) = Shelf.store()
      await store.send(.ping)
      expected.line = #line + 1
      await store.finish()
    },
    Scenario("an action not received when the store is released") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.ping)
    },
    Scenario("a timer left running") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.start)
      await store.finish()
    },
    Scenario("actions received in the wrong order") { expected in
      let (store, _) = Shelf.store()
      await store.send(.ping)
      expected.line = #line + 1
      await store.receive(.woke)
    },
    Scenario("receiving what never comes") { expected in
      let (store, _) = Shelf.store()
      await store.send(.wait)
      expected.line = #line + 1
      await store.receive(.woke, timeout: .seconds(1))
      await store.skipInFlightEffects()
    },
    Scenario("a wrong expectation off the test's task") { expected in
      let (store, _) = Shelf.store()
      nonisolated(unsafe) let unsafeStore = store
      expected.line = #line + 2
      await Task.detached {
        _ = await unsafeStore.send(.set(.count(1))) { $0.count = 9 }
      }.value
    },
    Scenario("an action not received after a checkpoint") { expected in
      let (store, clock) = Shelf.store()
      await store.finish()
      expected.line = #line + 1
      await store.send(.wait)
      await clock.advance(by: .seconds(2))
    },
    Scenario("an effect feeding back without ever waiting") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.startImmediate)
    },
    Scenario("a runaway effect that goes on after it is cancelled") { expected in
      let (store, _) = Shelf.store()
      expected.line = #line + 1
      await store.send(.startStubborn)
    },
    Scenario("effects outlasting the finish timeout") { expected in
      let (store, _) = Shelf.store()
      let task = await store.send(.wait)
      expected.line = #line + 1
      await task.finish(timeout: .seconds(1))
      await store.skipInFlightEffects()
    },
    Scenario("a non-exhaustive receive of what never comes") { expected in
      let (store, _) = Shelf.store(exhaustivity: .off)
      await store.send(.ping)
      await store.send(.start)
      expected.line = #line + 1
      await store.receive(.woke, timeout: .seconds(3))
    },
  ]
}

/// Right tests: none may record a failure.
enum RightScenarios {
  static let all: [Scenario] = [
    Scenario("every kind of field") { _ in
      let (store, _) = Shelf.store()
      await store.send(.set(.count(1))) { $0.count = 1 }
      await store.send(.set(.title("a"))) { $0.title = "a" }
      await store.send(.set(.item(1, "c"))) { $0.items[1] = "c" }
      await store.send(.set(.score("y", 2))) { $0.scores["y"] = 2 }
      await store.send(.set(.tag("u"))) { $0.tags.insert("u") }
      await store.send(.set(.selection(3))) { $0.selection = 3 }
      await store.send(.set(.mode(.busy(step: 1)))) { $0.mode = .busy(step: 1) }
      await store.send(.set(.boxed(4))) { $0.box.value = 4 }
      await store.finish()
    },
    Scenario("real I/O while a timer runs on the test clock") { _ in
      let server = try StubHTTPServer(routes: ["/note": .init(body: Data("hi".utf8))])
      defer { server.stop() }
      let (store, clock) = Shelf.store()
      // NOTE: the limit only bounds a hang; the wait ends when the reply comes (seconds under
      // the full suite's load on two cores).
      store.safetyLimit = .seconds(60)
      await store.send(.start)
      await store.send(.fetch(server.baseURL.appendingPathComponent("note")))
      await store.receive(.fetched("hi")) { $0.note = "hi" }
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await store.send(.stop)
      await store.finish()
    },
    Scenario("non-exhaustive receives that advance the clock past other actions") { _ in
      let (store, _) = Shelf.store(exhaustivity: .off)
      await store.send(.start)
      await store.send(.ping)
      await store.receive(.tick, timeout: .seconds(1)) { $0.ticks = 1 }
      await store.send(.wait)
      await store.receive(.woke, timeout: .seconds(5))
      await store.send(.stop)
    },
    Scenario("a task's finish within its timeout") { _ in
      let (store, _) = Shelf.store()
      let task = await store.send(.wait)
      await task.finish(timeout: .seconds(2))
      await store.receive(.woke) { $0.note = "woke" }
      await store.finish()
    },
    Scenario("a checkpoint, then more right steps") { _ in
      let (store, clock) = Shelf.store()
      await store.send(.ping)
      await store.receive(.pong) { $0.note = "pong" }
      await store.finish()
      await store.send(.wait)
      await clock.advance(by: .seconds(2))
      await store.receive(.woke) { $0.note = "woke" }
      await store.finish()
    },
    Scenario("skipping what is left") { _ in
      let (store, _) = Shelf.store()
      await store.send(.ping)
      await store.skipReceivedActions()
      await store.send(.start)
      await store.skipInFlightEffects()
    },
  ]
}

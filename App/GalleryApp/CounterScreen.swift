import Actomaton
import ActomatonREPL
import AppRoot
import CounterFeature

extension Gallery {
  static let counter = FeatureScreen<Gallery, Counter.State, Counter.Action>(
    name: "counter",
    title: "Counter",
    summary: "a counter: + and -, reset, set",
    place: .screen(/Root.State.Screen.counter, initial: Counter.State()),
    action: /Root.Action.counter,
    commands: [
      .simple("+", "add one", .increment),
      .simple("-", "subtract one", .decrement),
      .simple("reset", "back to zero", .reset),
      Command("set", "N", "set the count to N", example: "set 42") {
        arguments throws(CommandError) in
        try arguments.expectAtMost(1, usage: "set N")
        return .set(try arguments.number(0, named: "N", usage: "set N"))
      },
    ],
    render: { state in
      Rendered(["count: \(state.count)"], problem: Problem(refusal: state.refusal))
    }
  ).erased
}

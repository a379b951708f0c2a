import AppRoot
import CounterFeature

extension Screen {
  static let counter = Screen(
    name: "counter",
    summary: "a counter: + and -, reset, set",
    initial: { .counter(Counter.State()) },
    commands: [
      .simple("+", "add one", .counter(.increment)),
      .simple("-", "subtract one", .counter(.decrement)),
      .simple("reset", "back to zero", .counter(.reset)),
      Command("set", "N", "set the count to N", example: "set 42") {
        arguments throws(CommandError) in
        .counter(.set(try arguments.number(0, named: "N", usage: "set N")))
      },
    ],
    render: { current in
      guard case let .counter(state) = current else { return [] }
      return ["count: \(state.count)"] + problemLines(refusal: state.refusal)
    },
    notice: { _, _ in nil })
}

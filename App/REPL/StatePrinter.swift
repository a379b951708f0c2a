import OutsideText

/// Prints a screen's state field by field, for the `state` command.
enum StatePrinter {
  static func lines<Host>(_ screen: Screen<Host>, _ state: Host.State) -> [String] {
    let payload: Any = screen.featureState(state) ?? state
    return ["\(screen.name) state:"] + fields(of: payload, indent: "  ")
  }

  private static func fields(of value: Any, indent: String) -> [String] {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
      return [indent + describe(value)]
    }
    return mirror.children.flatMap { child -> [String] in
      let label = child.label ?? "_"
      let inner = Mirror(reflecting: child.value)
      if inner.displayStyle == .collection, !inner.children.isEmpty {
        return ["\(indent)\(label):"]
          + inner.children.enumerated().map {
            "\(indent)  \($0.offset + 1). \(describe($0.element.value))"
          }
      }
      return ["\(indent)\(label): \(describe(child.value))"]
    }
  }

  private static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { describe($0.value) } ?? "nil"
    }
    if let string = value as? String {
      return "\"" + string.terminalSafe(keepingLineBreaks: false) + "\""
    }
    return String(describing: value)
  }
}

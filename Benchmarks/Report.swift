/// Prints the rows as a table or as JSON.
enum Report {
  /// The mark after the spread of a row whose min and max differ by more than 25%.
  static let unsteadyMark = "!"

  static func table(_ rows: [Row]) -> String {
    var lines = [
      pad("id", 4) + pad("workload", 44) + pad("n", 9) + pad("median ns/op", 14) + pad("min", 10)
        + pad("max", 10) + pad("spread", 8) + pad("cpu ns/op", 11) + pad("floor", 28)
        + pad("floor ns", 10)
        + pad("ratio", 8) + "target"
    ]
    for row in rows {
      let spread =
        format(row.sample.spread, digits: 0) + "%"
        + (row.isUnsteady ? unsteadyMark : "")
      lines.append(
        pad(row.id, 4) + pad(row.name, 44) + pad("\(row.n)", 9) + pad(format(row.sample.median), 14)
          + pad(format(row.sample.min), 10) + pad(format(row.sample.max), 10) + pad(spread, 8)
          + pad(row.sample.medianCPU.map { format($0) } ?? "-", 11)
          + pad(row.floorName ?? "-", 28) + pad(row.floor.map { format($0.median) } ?? "-", 10)
          + pad(row.ratio.map { format($0, digits: 2) } ?? "-", 8) + row.target
          + (row.note.map { "  (\($0))" } ?? ""))
    }
    let unsteady = rows.filter(\.isUnsteady)
    if !unsteady.isEmpty {
      lines.append(
        "\(unsteadyMark) unsteady (its or its floor's min and max differ by more than 25%): "
          + unsteady.map { "\($0.id) \($0.name)" }.joined(separator: "; "))
    }
    lines.append(
      "spread: (max − min) / median of the repetitions; cpu: the process's CPU time (all threads)")
    return lines.joined(separator: "\n")
  }

  /// `--detail`: each row's repetitions: elapsed and CPU ns per operation, context switches per
  /// operation.
  static func detail(_ rows: [Row]) -> String {
    rows.map { row in
      let sample = row.sample
      let repetitions = sample.perOperation.indices.map { index in
        format(sample.perOperation[index])
          + (sample.cpu.indices.contains(index) ? " (cpu \(format(sample.cpu[index]))," : " (")
          + (sample.switches.indices.contains(index)
            ? " \(format(sample.switches[index], digits: 2)) sw)" : ")")
      }
      return "\(row.key): " + repetitions.joined(separator: ", ")
    }.joined(separator: "\n")
  }

  /// One object per row; `key` (id and name) is what `--compare` matches rows by.
  static func json(_ rows: [Row]) -> String {
    let objects = rows.map { row in
      var fields = [
        "\"key\": \(quoted(row.key))", "\"id\": \(quoted(row.id))",
        "\"name\": \(quoted(row.name))", "\"n\": \(row.n)",
        "\"median_ns_per_op\": \(format(row.sample.median))",
        "\"min_ns_per_op\": \(format(row.sample.min))",
        "\"max_ns_per_op\": \(format(row.sample.max))",
        "\"spread_percent\": \(format(row.sample.spread))",
        "\"unsteady\": \(row.isUnsteady)",
        "\"repetitions_ns_per_op\": [\(row.sample.perOperation.map { format($0) }.joined(separator: ", "))]",
        "\"cpu_ns_per_op\": " + (row.sample.medianCPU.map { format($0) } ?? "null"),
        "\"switches_per_op\": "
          + (row.sample.medianSwitches.map { format($0, digits: 3) } ?? "null"),
      ]
      fields.append("\"floor\": " + (row.floorName.map(quoted) ?? "null"))
      fields.append("\"floor_median_ns\": " + (row.floor.map { format($0.median) } ?? "null"))
      fields.append("\"floor_spread_percent\": " + (row.floor.map { format($0.spread) } ?? "null"))
      fields.append("\"ratio\": " + (row.ratio.map { format($0, digits: 3) } ?? "null"))
      fields.append("\"target\": \(quoted(row.target))")
      if let note = row.note { fields.append("\"note\": \(quoted(note))") }
      return "  {" + fields.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
  }

  static func quoted(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case _ where scalar.value < 0x20: escaped += "\\u" + hex4(scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  static func format(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? "\(Int(rounded))" : "\(rounded)"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

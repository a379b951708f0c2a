/// Prints the rows as a table or as JSON.
enum Report {
  static func table(_ rows: [Row]) -> String {
    var lines = [
      pad("id", 4) + pad("workload", 44) + pad("n", 9) + pad("median ns/op", 14) + pad("min", 10)
        + pad("max", 10) + pad("floor", 28) + pad("floor ns", 10) + pad("ratio", 8) + "target"
    ]
    for row in rows {
      lines.append(
        pad(row.id, 4) + pad(row.name, 44) + pad("\(row.n)", 9) + pad(format(row.sample.median), 14)
          + pad(format(row.sample.min), 10) + pad(format(row.sample.max), 10)
          + pad(row.floorName ?? "-", 28) + pad(row.floor.map { format($0.median) } ?? "-", 10)
          + pad(row.ratio.map { format($0, digits: 2) } ?? "-", 8) + row.target
          + (row.note.map { "  (\($0))" } ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ rows: [Row]) -> String {
    let objects = rows.map { row in
      var fields = [
        "\"id\": \"\(row.id)\"", "\"name\": \"\(row.name)\"", "\"n\": \(row.n)",
        "\"median_ns_per_op\": \(format(row.sample.median))",
        "\"min_ns_per_op\": \(format(row.sample.min))",
        "\"max_ns_per_op\": \(format(row.sample.max))",
      ]
      fields.append("\"floor\": " + (row.floorName.map { "\"\($0)\"" } ?? "null"))
      fields.append("\"floor_median_ns\": " + (row.floor.map { format($0.median) } ?? "null"))
      fields.append("\"ratio\": " + (row.ratio.map { format($0, digits: 3) } ?? "null"))
      fields.append("\"target\": \"\(row.target)\"")
      if let note = row.note { fields.append("\"note\": \"\(note)\"") }
      return "  {" + fields.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
  }

  static func format(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

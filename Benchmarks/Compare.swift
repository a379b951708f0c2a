import Foundation

/// `--compare FILE`: each row's ratio against the same row of a run saved with `--json`, so a
/// change is judged by ratios measured on one machine rather than by absolute times.
enum Compare {
  /// A saved row: its key and ratio (`nil` for a row without a floor).
  struct Saved {
    let key: String
    let ratio: Double?
  }

  enum Failure: Error, CustomStringConvertible {
    case unreadable(String)
    case malformed(String)

    var description: String {
      switch self {
      case let .unreadable(path): "cannot read \(path)"
      case let .malformed(path): "\(path) is not a Benchmarks --json run"
      }
    }
  }

  /// Reads the rows of a `--json` run.
  static func load(_ path: String) throws(Failure) -> [Saved] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path)
    }
    guard let objects = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw .malformed(path)
    }
    var saved: [Saved] = []
    for object in objects {
      // NOTE: runs saved before rows had a key are matched by id and name, as the key is built.
      guard let id = object["id"] as? String, let name = object["name"] as? String else {
        throw .malformed(path)
      }
      let key = object["key"] as? String ?? "\(id) \(name)"
      saved.append(Saved(key: key, ratio: (object["ratio"] as? NSNumber)?.doubleValue))
    }
    return saved
  }

  /// Per row of this run: the saved ratio, this run's, and the change in percent (negative is
  /// faster relative to the floor); rows only one run has are listed as such.
  static func table(old: [Saved], new rows: [Row]) -> String {
    let pad = Report.pad
    var lines = [pad("row", 56) + pad("old ratio", 11) + pad("new ratio", 11) + "change"]
    var oldByKey: [String: Saved] = [:]
    for saved in old { oldByKey[saved.key] = saved }
    for row in rows {
      let before = oldByKey.removeValue(forKey: row.key)
      let oldText = before.map { $0.ratio.map { Report.format($0, digits: 2) } ?? "-" } ?? "absent"
      let newText = row.ratio.map { Report.format($0, digits: 2) } ?? "-"
      var change = "-"
      if let oldRatio = before?.ratio, let newRatio = row.ratio, oldRatio > 0 {
        let percent = (newRatio / oldRatio - 1) * 100
        change = (percent > 0 ? "+" : "") + Report.format(percent) + "%"
      }
      lines.append(
        pad(row.key, 56) + pad(oldText, 11) + pad(newText, 11) + change
          + (row.isUnsteady ? "  " + Report.unsteadyMark : ""))
    }
    for saved in old where oldByKey[saved.key] != nil {
      lines.append(pad(saved.key, 56) + pad("(not in this run)", 22))
    }
    return lines.joined(separator: "\n")
  }
}

/// Near-miss suggestions for mistyped commands.
@usableFromInline enum Suggestions {
  /// The candidate closest to `word` by edit distance (a swap of two neighbours counts once),
  /// if it is close enough to be what was meant.
  @usableFromInline static func nearest(to word: String, in candidates: [String]) -> String? {
    let word = Array(word.lowercased().prefix(64))
    guard !word.isEmpty else { return nil }
    let allowed = word.count <= 3 ? 1 : 2
    // NOTE: the distance is at least the difference in length: only candidates that could be
    // close enough are scored, so a long word costs no table.
    let scored = candidates.compactMap { candidate -> (String, Int)? in
      let other = Array(candidate)
      guard abs(other.count - word.count) <= allowed else { return nil }
      return (candidate, distance(word, other))
    }
    guard let (best, score) = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return score <= allowed ? best : nil
  }

  /// Optimal string alignment distance.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // NOTE: one flat table, row by row: a table of rows allocated one array per row.
    let width = b.count + 1
    var table = [Int](repeating: 0, count: (a.count + 1) * width)
    for i in 0...a.count { table[i * width] = i }
    for j in 0...b.count { table[j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(
          table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1,
          table[(i - 1) * width + j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[(i - 2) * width + j - 2] + 1)
        }
        table[i * width + j] = best
      }
    }
    return table[a.count * width + b.count]
  }
}

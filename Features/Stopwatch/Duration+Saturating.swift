extension Duration {
  // NOTE: a stopwatch's times come from a clock, or, in a replay, from a recording, which may
  // be crafted: arithmetic on them saturates at the ends of what a `Duration` holds instead of
  // trapping.

  /// `self + other`, saturated.
  func saturatingAdding(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: sum) }
    return Duration(attoseconds: other.attoseconds > 0 ? .max : .min)
  }

  /// `self - other`, saturated.
  func saturatingSubtracting(_ other: Duration) -> Duration {
    let (difference, overflow) = attoseconds.subtractingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: difference) }
    return Duration(attoseconds: other.attoseconds < 0 ? .max : .min)
  }
}

extension StringProtocol {
  /// The text without the white space (spaces, tabs, line breaks) around it.
  ///
  /// The one trim of the package: text a person typed (a command line, a search query, a todo
  /// item) is read this way in every layer.
  // NOTE: inlinable, so that callers specialise it for their string type; unspecialised, it
  // walks the characters through generic witnesses (about a microsecond for a command line).
  @inlinable
  public func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

import Foundation

/// How `gallery` turns standard input into lines, as `readLine(strippingNewline: true)` does: it
/// reads up to and including each LF, repairs invalid UTF-8 with U+FFFD (as `String(decoding:as:)`
/// does) and then drops a final "\n" or "\r\n" character.
enum StandardInputLines {
  static func decode(_ bytes: [UInt8]) -> [String] {
    var lines: [String] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
      var line = String(decoding: bytes[start..<end], as: UTF8.self)
      if line.last == "\n" || line.last == "\r\n" { line.removeLast() }
      lines.append(line)
      start = end
    }
    return lines
  }
}

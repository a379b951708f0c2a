import ClientSupport
import Foundation

/// The numbers a server sends, bounded to what GitHub's API can mean before they are shown or
/// obeyed: a hostile or broken server gets no say beyond that.
enum ServerNumbers {
  /// GitHub asks for seconds or minutes; a server asking for more than a day is broken.
  static let maxRetryAfter = 86_400
  /// GitHub's primary limits reset within the hour.
  static let maxResetDelay = 3_600

  /// A number read from a header, and what was wrong with the header's text when it was out of
  /// range (bounded, or ignored), to be said to the person instead of silently used.
  struct Reading: Equatable {
    var value: Int?
    var problem: String?
  }

  /// `Retry-After` as seconds to wait (RFC 9110, 10.2.3: delay-seconds or an HTTP-date), at most
  /// ``maxRetryAfter``; nil when it means nothing (negative, not a number, not a date).
  static func retryAfter(_ value: String, now: Date) -> Int? {
    readRetryAfter(value, now: now).value
  }

  /// ``retryAfter(_:now:)``, with what was out of range.
  static func readRetryAfter(_ value: String, now: Date) -> Reading {
    let text = value.trimmingWhitespace()
    let name = "Retry-After \(quoted(text))"
    if let seconds = wholeNumber(text) {
      guard seconds > maxRetryAfter else { return Reading(value: seconds) }
      return Reading(
        value: maxRetryAfter, problem: "\(name) is over a day; read as \(maxRetryAfter) s")
    }
    guard let date = httpDate(text) else {
      return Reading(value: nil, problem: "\(name) is neither seconds nor a date; ignored")
    }
    let seconds = date.timeIntervalSince(now).rounded(.up)
    guard seconds <= Double(maxRetryAfter) else {
      return Reading(
        value: maxRetryAfter, problem: "\(name) is over a day away; read as \(maxRetryAfter) s")
    }
    return Reading(value: seconds <= 0 ? 0 : Int(seconds))
  }

  /// `X-RateLimit-Reset` (UTC epoch seconds), at most ``maxResetDelay`` from `now`; nil when it
  /// is not a whole number.
  static func reset(_ value: String, now: Date) -> Int? { readReset(value, now: now).value }

  /// ``reset(_:now:)``, with what was out of range.
  static func readReset(_ value: String, now: Date) -> Reading {
    let text = value.trimmingWhitespace()
    let name = "X-RateLimit-Reset \(quoted(text))"
    guard let epoch = wholeNumber(text) else {
      return Reading(value: nil, problem: "\(name) is not a time; ignored")
    }
    let latest = Int(now.timeIntervalSince1970) + maxResetDelay
    guard epoch > latest else { return Reading(value: epoch) }
    return Reading(value: latest, problem: "\(name) is over an hour away; read as an hour")
  }

  /// A server's text in a message: quoted, at most 24 characters (the REPL makes controls
  /// visible).
  static func quoted(_ text: String) -> String {
    "'" + (text.count <= 24 ? text : text.prefix(23) + "…") + "'"
  }

  /// A page number from a link: 1 or more.
  static func page(_ value: String) -> Int? {
    wholeNumber(value).flatMap { $0 >= 1 ? $0 : nil }
  }

  /// Digits only; too many of them read as `Int.max`, which every bound then cuts.
  private static func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(text) ?? .max
  }

  /// `Sun, 06 Nov 1994 08:49:37 GMT`, the one form RFC 9110 asks senders to use.
  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text)
  }

  /// Where `data` (valid JSON) holds a number no integer field can take, as `'items.0.id'`.
  ///
  /// NOTE: `JSONDecoder` reports such a number as "not valid JSON", with no path.
  static func outOfRangeNumber(in data: Data) -> String? {
    guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return nil }
    func search(_ value: Any, _ path: [String]) -> [String]? {
      switch value {
      case let object as [String: Any]:
        for key in object.keys.sorted() {
          if let found = search(object[key]!, path + [key]) { return found }
        }
      case let array as [Any]:
        for (index, element) in array.enumerated() {
          if let found = search(element, path + [String(index)]) { return found }
        }
      case let number as NSNumber where !(value is Bool):
        let double = number.doubleValue
        if double.isFinite, abs(double) < 9.2e18 { return nil }
        return path
      default: break
      }
      return nil
    }
    return search(root, []).map { "'" + $0.joined(separator: ".") + "'" }
  }
}

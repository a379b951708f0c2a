import Foundation

/// A request the stub server received, as it came off the wire.
public struct StubRequest: Sendable {
  /// `GET`, `POST`, …
  public var method: String
  /// The request target exactly as sent: path plus percent-encoded query.
  public var target: String
  /// Header fields in the order received, names as the client spelled them.
  public var headers: [(name: String, value: String)]

  /// A request, mainly for tests of code that inspects requests.
  public init(method: String, target: String, headers: [(name: String, value: String)]) {
    self.method = method
    self.target = target
    self.headers = headers
  }

  /// The path without the query.
  public var path: String {
    String(target.prefix { $0 != "?" })
  }

  /// The raw, still percent-encoded query, or nil when there is none.
  public var rawQuery: String? {
    target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
  }

  /// A header's value by case-insensitive name (the first one when repeated).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// A query parameter's percent-decoded value (`+` stays `+`, as in URLs it is not a space).
  public func queryValue(_ name: String) -> String? {
    guard let rawQuery else { return nil }
    for pair in rawQuery.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts[0] == name {
        return parts.count > 1 ? String(parts[1]).removingPercentEncoding : ""
      }
    }
    return nil
  }
}

/// What the stub server answers for one request.
public struct StubResponse: Sendable {
  /// A scripted misbehaviour instead of a clean answer.
  public enum Fault: Sendable, Equatable {
    /// Accept the request, then close the connection without a byte.
    case closeWithoutResponse
    /// Send the head and half of the body (announcing all of it), then close.
    case closeMidResponse
    /// Send nothing for this many seconds (or until the client leaves), then close.
    case stall(seconds: Double)
    /// Send the status line, then header fields for ever (until the client leaves).
    case endlessHeaders
  }

  /// The HTTP status code.
  public var status: Int
  /// Extra header fields; `Content-Length` and `Connection: close` are always added.
  public var headers: [(name: String, value: String)]
  /// The body, sent as is.
  public var body: Data
  /// Seconds to wait before answering; ends early when the client disconnects.
  public var delay: Double
  /// A misbehaviour to act out instead of answering cleanly.
  public var fault: Fault?
  /// A body made while sending, in place of `body`: for answers too large to hold.
  public var stream: Stream?

  /// A body sent as `prefix`, then `repeated` `count` times, or until the client leaves when
  /// `count` is nil (then without `Content-Length`: the body ends when the connection closes).
  public struct Stream: Sendable {
    public var prefix: [UInt8]
    public var repeated: [UInt8]
    public var count: Int?
    /// Whether a body that ends says its length; if not, closing the connection ends it.
    public var announcesLength: Bool

    public init(prefix: [UInt8] = [], repeated: [UInt8], count: Int?, announcesLength: Bool = true)
    {
      self.prefix = prefix
      self.repeated = repeated
      self.count = count
      self.announcesLength = announcesLength
    }

    /// The whole length, when it ends and says so.
    var length: Int? {
      announcesLength ? count.map { prefix.count + repeated.count * $0 } : nil
    }
  }

  /// A response whose body is `stream`, made while it is sent.
  public static func streamed(
    _ stream: Stream, status: Int = 200,
    headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
  ) -> StubResponse {
    var response = StubResponse(status: status, headers: headers)
    response.stream = stream
    return response
  }

  /// A response; by default an empty 200.
  public init(
    status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
    delay: Double = 0, fault: Fault? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.fault = fault
  }

  /// A JSON response (`application/json; charset=utf-8`) with `text` as its body.
  public static func json(
    _ text: String, status: Int = 200, headers: [(name: String, value: String)] = [],
    delay: Double = 0
  ) -> StubResponse {
    StubResponse(
      status: status,
      headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Data(text.utf8), delay: delay)
  }

  /// A response that misbehaves as `fault` says.
  public static func fault(_ fault: Fault, body: Data = Data("{\"items\": []}".utf8))
    -> StubResponse
  {
    StubResponse(
      headers: [("Content-Type", "application/json")], body: body, fault: fault)
  }

  /// The 404 for paths with no route.
  public static let notFound = StubResponse.json(#"{"message":"Not Found"}"#, status: 404)

  /// The status line, header block and body as one buffer, so it leaves in a single write.
  func encoded() -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let stream {
      head += stream.length.map { "Content-Length: \($0)\r\n" } ?? ""
      return Array((head + "Connection: close\r\n\r\n").utf8)
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + body
  }

  private static func reason(for status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 303: return "See Other"
    case 307: return "Temporary Redirect"
    case 308: return "Permanent Redirect"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 418: return "I'm a teapot"
    case 422: return "Unprocessable Entity"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    default: return "Status \(status)"
    }
  }
}

import ActomatonTesting
import Foundation

extension UUID {
  /// A fixed id: `00000000-0000-0000-0000-000000000042` for 42.
  public init(_ number: Int) {
    self.init(uuidString: "00000000-0000-0000-0000-" + String(format: "%012d", number))!
  }

  /// A generator of the ids `first`, `first + 1`, … in the order they are asked for.
  public static func incrementing(from first: Int = 1) -> @Sendable () -> UUID {
    let next = Locked(first)
    return {
      let number = next.withLock { (value: inout Int) -> Int in
        defer { value += 1 }
        return value
      }
      return UUID(number)
    }
  }
}

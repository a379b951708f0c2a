#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to the process's standard error, for misuse that has nowhere else to go (a misused
/// effect queue, a case path that cannot hand out a payload).
package enum StandardError {
  package static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var rest = UnsafeRawBufferPointer(bytes)
      while !rest.isEmpty {
        let written = systemWrite(2, rest.baseAddress, rest.count)
        if written <= 0 { return }
        rest = UnsafeRawBufferPointer(rebasing: rest[written...])
      }
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif

import Foundation

/// How much heap memory this process holds, for checks that a long session stays flat.
enum Memory {
  /// The heap bytes in use: the sanitizer allocator's count under a sanitizer, else malloc's.
  static var heapBytes: Int? { sanitizerHeapBytes ?? mallocHeapBytes }

  /// What `heapBytes` counts.
  static var heapMeasure: String { sanitizerHeapBytes == nil ? "malloc" : "sanitizer" }

  /// The heap bytes in use according to a sanitizer's allocator, when the process runs under one.
  static var sanitizerHeapBytes: Int? {
    guard let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)()
  }

  /// The bytes glibc's malloc has handed out and not got back (`mallinfo2`'s `uordblks` plus
  /// `hblkhd`, which Swift cannot call), from the totals `malloc_info` writes: the memory taken
  /// from the system, less the free chunks, plus the chunks mapped on their own.
  static var mallocHeapBytes: Int? {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(nil, "malloc_info") else { return nil }
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return nil }
    _ = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard let buffer else { return nil }
    let xml = String(cString: buffer)
    // The totals over every arena come after the last arena's `</heap>`.
    let totals = xml.range(of: "</heap>", options: .backwards).map { xml[$0.upperBound...] } ?? ""
    func size(_ element: String) -> Int? {
      guard let start = totals.range(of: "<\(element)"),
        let value = totals[start.upperBound...].range(of: "size=\"")
      else { return nil }
      return Int(totals[value.upperBound...].prefix(while: \.isNumber))
    }
    guard let system = size("system type=\"current\""), let fast = size("total type=\"fast\""),
      let rest = size("total type=\"rest\""), let mapped = size("total type=\"mmap\"")
    else { return nil }
    return system - fast - rest + mapped
  }

  /// The resident set, in bytes (`/proc/self/statm`).
  static var residentBytes: Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Runs `body` with the Swift runtime's hooks for thrown errors unset.
  ///
  /// The testing library sets them to keep a backtrace for every error thrown in a test, and
  /// forgets them only when the test ends: in a long test whose effects are cancelled thousands of
  /// times (each throwing `CancellationError`), that cache alone grows by tens of kilobytes.
  static func withoutThrownErrorHooks<Result>(_ body: () async -> Result) async -> Result {
    let names: [String] = ["_swift_willThrow", "_swift_willThrowTypedImpl"]
    let hooks = names.compactMap { name in
      dlsym(nil, name)?.assumingMemoryBound(to: UnsafeRawPointer?.self)
    }
    let saved = hooks.map { $0.pointee }
    for hook in hooks { hook.pointee = nil }
    defer { for (hook, value) in zip(hooks, saved) { hook.pointee = value } }
    return await body()
  }
}

import Foundation
import Synchronization
import TodoStorage
import TodoStorageLive

/// G1 and G2: the `gallery` binary as people run it, a script piped in and its output piped out.
/// It is the release build's, beside this benchmark (`swift build -c release` builds both).
enum GalleryWorkloads {
  static var binary: URL? {
    let url = Bundle.main.executableURL?.deletingLastPathComponent()
      .appendingPathComponent("gallery")
    return url.flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
  }

  /// G1: `counter`, then `n` times `+`, piped through the binary; nanoseconds per line, the
  /// start-up included.
  static func g1PipedScript(binary: URL, lines n: Int, repetitions: Int) throws -> Sample {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("script")
    try Data(("counter\n" + String(repeating: "+\n", count: n)).utf8).write(to: script)
    var results: [Double] = []
    for _ in 0...repetitions {
      let process = gallery(binary, folder)
      process.standardInput = try FileHandle(forReadingFrom: script)
      let output = Pipe()
      process.standardOutput = output
      let start = ContinuousClock.now
      try process.run()
      _ = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      results.append(nanoseconds(ContinuousClock.now - start) / Double(n))
    }
    // NOTE: the first run is a warm-up, as in `measure`.
    return Sample(perOperation: Array(results.dropFirst()))
  }

  /// G2: opens a list of `items` items, then toggles `toggles` of them as a person would (a
  /// pause after every ten, so saves run between them); each toggle's time until its screen is
  /// printed, the process's peak resident memory until then, and the list file's size.
  static func g2BigList(binary: URL, items: Int, toggles: Int) throws
    -> (toggle: Sample, quit: Double, peakBytes: Double, fileBytes: Double)
  {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try writeList(items: items, to: folder)
    let file = folder.appendingPathComponent(TodoStorage.fileName)
    let fileBytes =
      (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    let process = gallery(binary, folder)
    let input = Pipe()
    let output = Pipe()
    (process.standardInput, process.standardOutput, process.standardError) = (input, output, output)
    try process.run()
    var reader = MarkReader(handle: output.fileHandleForReading)
    input.fileHandleForWriting.write(Data("todo\nmark-0\n".utf8))
    reader.wait(for: "'mark-0'")
    var latencies: [Double] = []
    for index in 1...toggles {
      let start = ContinuousClock.now
      input.fileHandleForWriting.write(Data("toggle \(index)\nmark-\(index)\n".utf8))
      reader.wait(for: "'mark-\(index)'")
      latencies.append(nanoseconds(ContinuousClock.now - start))
      if index % 10 == 0 { Thread.sleep(forTimeInterval: 0.6) }
    }
    let peak = peakResidentBytes(of: process.processIdentifier)
    let quitting = ContinuousClock.now
    try input.fileHandleForWriting.close()
    reader.drain()
    process.waitUntilExit()
    let quit = nanoseconds(ContinuousClock.now - quitting)
    return (Sample(perOperation: latencies), quit, Double(peak), Double(fileBytes))
  }

  private static func gallery(_ binary: URL, _ folder: URL) -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--data-dir", folder.path, "--no-history", "--offline"]
    process.environment = ["XDG_STATE_HOME": folder.path, "HOME": folder.path]
    return process
  }

  private static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private static func writeList(items: Int, to folder: URL) throws {
    let list = (0..<items).map { TodoItem(id: UUID(), text: "item \($0), a few words long") }
    let storage = TodoStorage.live(directory: folder)
    let done = DispatchSemaphore(value: 0)
    let failure = Mutex<StorageError?>(nil)
    Task {
      do throws(StorageError) {
        try await storage.save(list)
      } catch {
        failure.withLock { $0 = error }
      }
      done.signal()
    }
    done.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// The peak resident set of a running child (`VmHWM`), its libraries' pages included.
  private static func peakResidentBytes(of pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
}

/// Reads a child's output until a mark appears, dropping what came before.
private struct MarkReader {
  let handle: FileHandle
  var buffer = Data()

  mutating func wait(for mark: String) {
    let bytes = Data(mark.utf8)
    while true {
      if let range = buffer.range(of: bytes) {
        buffer.removeSubrange(..<range.upperBound)
        return
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else { fatalError("gallery ended before printing \(mark)") }
      buffer.append(chunk)
      // NOTE: keeps only a tail that may hold the start of the mark.
      if buffer.count > 1 << 20 { buffer.removeSubrange(..<(buffer.count - 64)) }
    }
  }

  mutating func drain() {
    while !handle.availableData.isEmpty {}
  }
}

extension Suite {
  /// G1: the binary's rate on a piped counter script, next to the same lines through the engine
  /// in this process (on an event loop, as the gallery runs it).
  func g1() async -> [Row] {
    guard let binary = GalleryWorkloads.binary else { return [Self.missingBinary("G1")] }
    let lines = 100_000 / (quick ? 10 : 1)
    let repetitions = quick ? 2 : 3
    guard
      let piped = try? GalleryWorkloads.g1PipedScript(
        binary: binary, lines: lines, repetitions: repetitions)
    else { return [Self.missingBinary("G1")] }
    let inProcess = await AppWorkloads.w7Engine(
      lines: lines, repetitions: repetitions, executor: loop,
      script: ["counter"] + Array(repeating: "+", count: lines - 1))
    return [
      Row(
        id: "G1", name: "gallery binary, piped counter script", n: lines, sample: piped,
        floorName: "the same lines, engine in process", floor: inProcess,
        target: "≥ 10,000/s or ≤ 3", note: "\(Int(1e9 / piped.median)) commands/s")
    ]
  }

  /// G2: toggles on a 100,000-item list through the binary, and the memory the list costs: its
  /// peak next to the same session's on an empty list.
  func g2() async -> [Row] {
    let toggles = quick ? 10 : 30
    guard let binary = GalleryWorkloads.binary,
      let run = try? GalleryWorkloads.g2BigList(binary: binary, items: 100_000, toggles: toggles),
      let empty = try? GalleryWorkloads.g2BigList(binary: binary, items: 0, toggles: toggles)
    else { return [Self.missingBinary("G2")] }
    let listBytes = run.peakBytes - empty.peakBytes
    return [
      Row(
        id: "G2", name: "toggle on a 100,000-item list (binary)", n: run.toggle.perOperation.count,
        sample: run.toggle, floorName: nil, floor: nil, target: "≤ 50 ms",
        note: "median \(Report.format(run.toggle.median / 1e6, digits: 1)) ms"),
      Row(
        id: "G2", name: "the end of input to its exit (a last save)", n: 1,
        sample: Sample(perOperation: [run.quit]), floorName: nil, floor: nil, target: "-",
        note: "\(Report.format(run.quit / 1e6, digits: 0)) ms"),
      Row(
        id: "G2", name: "the list's memory (peak less an empty list's)", n: 1,
        sample: Sample(perOperation: [listBytes]), floorName: "the file's size (bytes)",
        floor: Sample(perOperation: [run.fileBytes]), target: "≤ 4",
        note: "\(Int(listBytes) >> 20) MiB for a \(Int(run.fileBytes) >> 20) MiB file"),
      Row(
        id: "G2", name: "the whole process's peak next to the list file", n: 1,
        sample: Sample(perOperation: [run.peakBytes]), floorName: "the file's size (bytes)",
        floor: Sample(perOperation: [run.fileBytes]), target: "-",
        note: "\(Int(run.peakBytes) >> 20) MiB; an empty list's \(Int(empty.peakBytes) >> 20) MiB"),
    ]
  }

  private static func missingBinary(_ id: String) -> Row {
    Row(
      id: id, name: "needs the release gallery: swift build -c release", n: 0,
      sample: Sample(perOperation: [0]), floorName: nil, floor: nil, target: "-", note: nil)
  }
}

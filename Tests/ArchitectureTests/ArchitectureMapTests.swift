import Foundation
import Testing

/// `ARCHITECTURE.md`'s code map matches the tree: every folder it names exists, and every
/// folder at the top and under `Core`, `Clients`, `Features` and `App` is named.
@Suite struct ArchitectureMapTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders the code map names: its `### \`path\`` headings.
  static func named() throws -> Set<String> {
    let text = try String(
      contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    return Set(
      text.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("### `"), line.hasSuffix("`") else { return nil }
        return String(line.dropFirst(5).dropLast())
      })
  }

  /// The folders inside `path` (relative to the root), without hidden ones, build folders and
  /// DocC catalogs.
  static func folders(in path: String) throws -> [String] {
    let url = path.isEmpty ? root : root.appendingPathComponent(path)
    return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue && !name.hasPrefix(".") && !name.hasSuffix(".docc")
    }.map { path.isEmpty ? $0 : "\(path)/\($0)" }
  }

  @Test func everyFolderTheMapNamesExists() throws {
    let named = try Self.named()
    #expect(named.count > 20)
    for path in named.sorted() {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: Self.root.appendingPathComponent(path).path, isDirectory: &isDirectory)
      #expect(
        exists && isDirectory.boolValue, "ARCHITECTURE.md names \(path), which is not a folder")
    }
  }

  @Test func everyModuleFolderIsInTheMap() throws {
    let named = try Self.named()
    var folders = try Self.folders(in: "")
    for layer in ["Core", "Clients", "Features", "App"] { folders += try Self.folders(in: layer) }
    for folder in folders.sorted() where !named.contains(folder) {
      Issue.record("ARCHITECTURE.md's code map does not name \(folder)")
    }
  }
}

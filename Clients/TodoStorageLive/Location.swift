import Foundation
import TodoStorage

extension TodoStorage {
  /// The name of the list's file inside its data directory.
  public static let fileName = "todos.json"

  /// The newest file format version this build reads and the one it writes.
  public static let formatVersion = 1

  /// The largest list file read: 16 MiB, about 150,000 items; a larger file is refused unread.
  public static let maxFileBytes = 16 << 20

  /// The default data directory: `$XDG_DATA_HOME/gallery`, else `~/.local/share/gallery`.
  ///
  /// A relative `XDG_DATA_HOME` is ignored, as the XDG base directory specification asks.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("gallery")
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/share/gallery", isDirectory: true)
  }
}

import Foundation
import Locking
import TodoStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TodoStorage {
  /// The list in `todos.json` inside `directory` (else ``defaultDirectory(environment:)``).
  ///
  /// A save writes a temporary file in the same directory, flushes it to the disk and renames it
  /// over the list, so a crash or a kill leaves the old list or the new one, never a mix; it
  /// refuses to replace a file of a newer format version. A load removes temporary files left by
  /// killed saves, moves a file it cannot read aside to `todos.json.corrupt-<timestamp>` and
  /// refuses a newer format version without touching the file. Calls through one value run one at
  /// a time, on the caller's thread (the files are small); a started save ignores cancellation.
  ///
  /// - Parameters:
  ///   - directory: Where the list lives; created on the first save.
  ///   - now: The time that names a file moved aside.
  public static func live(
    directory: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) -> TodoStorage {
    let file = ListFile(directory: (directory ?? defaultDirectory()).path)
    let lock = Locked(())
    return TodoStorage(
      load: { () throws(StorageError) in
        try lock.withLock { _ throws(StorageError) in try file.load(now: now()) }
      },
      save: { items throws(StorageError) in
        try lock.withLock { _ throws(StorageError) in try file.save(items) }
      })
  }
}

/// The list's file and its neighbours (temporary and moved-aside files) in one directory.
struct ListFile: Sendable {
  static let temporaryPrefix = TodoStorage.fileName + ".tmp-"
  static let corruptPrefix = TodoStorage.fileName + ".corrupt-"

  let directory: String
  var path: String { directory + "/" + TodoStorage.fileName }

  func load(now: Date) throws(StorageError) -> [TodoItem] {
    removeStaleTemporaryFiles()
    let data: Data
    do {
      guard let contents = try FileSystem.readFile(path) else { return [] }
      data = contents
    } catch {
      throw moveAside(reason: "it cannot be read: \(error.reason)", now: now)
    }
    switch FileFormat.decode(data) {
    case let .items(items):
      return items
    case let .newer(version):
      throw .newerVersion(path: path, found: version, supported: TodoStorage.formatVersion)
    case let .invalid(reason):
      throw moveAside(reason: reason, now: now)
    }
  }

  func save(_ items: [TodoItem]) throws(StorageError) {
    do {
      try FileSystem.makeDirectories(directory)
    } catch {
      throw Self.isOutOfSpace(error)
        ? .diskFull(path: path, reason: error.reason)
        : .unwritable(directory: directory, reason: error.reason)
    }
    if let existing = try? FileSystem.readFile(path),
      case let .newer(version) = FileFormat.decode(existing)
    {
      throw .newerVersion(path: path, found: version, supported: TodoStorage.formatVersion)
    }
    let data = try FileFormat.encode(items)
    let temporary =
      directory + "/" + Self.temporaryPrefix + "\(getpid())-" + UUID().uuidString.prefix(8)
    do {
      try FileSystem.writeSynced(data, to: temporary)
      try FileSystem.move(temporary, to: path)
    } catch {
      FileSystem.remove(temporary)
      throw saveError(error)
    }
    FileSystem.syncDirectory(directory)
  }

  func saveError(_ error: SystemError) -> StorageError {
    if Self.isOutOfSpace(error) { return .diskFull(path: path, reason: error.reason) }
    switch error.code {
    case EACCES, EPERM, EROFS, ENOTDIR:
      return .unwritable(directory: directory, reason: error.reason)
    default:
      return .writeFailed(path: path, reason: error.reason)
    }
  }

  /// A full disk, a full quota, or a file size limit (`ulimit -f`) reached.
  static func isOutOfSpace(_ error: SystemError) -> Bool {
    [ENOSPC, EDQUOT, EFBIG].contains(error.code)
  }

  /// Moves the file to an unused `todos.json.corrupt-<timestamp>` name; the error tells where.
  private func moveAside(reason: String, now: Date) -> StorageError {
    let base = directory + "/" + Self.corruptPrefix + FileSystem.timestamp(now)
    var target = base
    var suffix = 2
    while FileSystem.exists(target) {
      target = base + "-\(suffix)"
      suffix += 1
    }
    do {
      try FileSystem.move(path, to: target)
    } catch {
      return .unreadable(path: path, reason: "\(reason); moving it aside failed: \(error.reason)")
    }
    FileSystem.syncDirectory(directory)
    return .corrupt(reason: reason, movedTo: target)
  }

  /// Removes temporary files whose writing process is gone (killed during a save).
  private func removeStaleTemporaryFiles() {
    for name in FileSystem.entries(directory) where name.hasPrefix(Self.temporaryPrefix) {
      let owner = name.dropFirst(Self.temporaryPrefix.count).split(separator: "-").first
        .flatMap { pid_t($0) }
      // NOTE: this process's own saves hold the lock this runs under, so its files are stale too.
      if let owner, owner != getpid(), FileSystem.isProcessAlive(owner) { continue }
      FileSystem.remove(directory + "/" + name)
    }
  }
}

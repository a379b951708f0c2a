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
  /// A save writes a temporary file beside the list (beside a symlink's target, which it writes
  /// through), gives it the old file's mode and owner, flushes it to the disk and renames it over
  /// the list, so a crash or a kill leaves the old list or the new one, never a mix; it keeps the
  /// fields a newer version of the app wrote, and refuses to replace a file it cannot read or of a
  /// newer format version. Only a regular file of at most ``maxFileBytes`` is read. A load removes
  /// temporary files left by killed saves, moves a file that does not parse aside to
  /// `todos.json.corrupt-<timestamp>`, and reports any other failure (the file is not a regular
  /// file, too large, unreadable, a newer format version) without touching the file. Calls for
  /// one directory run one at a time in the process, on the caller's thread (the files are
  /// small); a started save ignores cancellation.
  ///
  /// - Parameters:
  ///   - directory: Where the list lives; created on the first save.
  ///   - now: The time that names a file moved aside.
  public static func live(
    directory: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) -> TodoStorage {
    let file = ListFile(directory: (directory ?? defaultDirectory()).path)
    let lock = ListFile.lock(for: file.directory)
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

  /// One lock per directory for the whole process, shared by every storage on it.
  ///
  /// NOTE: a load removes this process's temporary files as stale, which holds only while no
  /// save of this process runs beside it: two storages on one folder must not run at once.
  // NOTE: a `Locked<Int>`, not `Locked<Void>`: a value of size zero shares its address with the
  // lock's mutex, and the thread sanitizer reports the two accesses as a race.
  static func lock(for directory: String) -> Locked<Int> {
    let key = (directory as NSString).standardizingPath
    return directoryLocks.withLock { locks in
      if let lock = locks[key] { return lock }
      let lock = Locked(0)
      locks[key] = lock
      return lock
    }
  }

  private static let directoryLocks = Locked<[String: Locked<Int>]>([:])

  /// Reads the list's file (through a symlink) if it is a regular file within the size limit.
  private func read() throws(StorageError) -> Data? {
    do {
      return try FileSystem.readRegularFile(path, limit: TodoStorage.maxFileBytes)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
  }

  func load(now: Date) throws(StorageError) -> [TodoItem] {
    removeStaleTemporaryFiles(in: directory)
    let target = FileSystem.resolvingSymlinks(path)
    let targetDirectory = (target as NSString).deletingLastPathComponent
    if targetDirectory != directory { removeStaleTemporaryFiles(in: targetDirectory) }
    guard let data = try read() else { return [] }
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
    // NOTE: a file that cannot be read is never replaced unchecked: it may be a newer list.
    let existing = try read()
    if let existing, case let .newer(version) = FileFormat.decode(existing) {
      throw .newerVersion(path: path, found: version, supported: TodoStorage.formatVersion)
    }
    let data = try FileFormat.encode(items, keepingUnknownFieldsOf: existing)
    // NOTE: a file the next load would refuse to read is no save at all.
    guard data.count <= TodoStorage.maxFileBytes else {
      throw .writeFailed(
        path: path,
        reason: "the list is larger than \(FileSystem.size(TodoStorage.maxFileBytes)), the most "
          + "this app reads back")
    }
    // NOTE: a symlinked list is replaced at its target, so the link and its other users see it.
    let target = FileSystem.resolvingSymlinks(path)
    let targetDirectory = (target as NSString).deletingLastPathComponent
    let temporary =
      targetDirectory + "/" + Self.temporaryPrefix + "\(getpid())-" + UUID().uuidString.prefix(8)
    do {
      try FileSystem.writeSynced(data, to: temporary, identity: FileSystem.identity(of: target))
      try FileSystem.move(temporary, to: target)
    } catch {
      FileSystem.remove(temporary)
      throw saveError(error)
    }
    FileSystem.syncDirectory(targetDirectory)
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
  private func removeStaleTemporaryFiles(in directory: String) {
    for name in FileSystem.entries(directory) where name.hasPrefix(Self.temporaryPrefix) {
      let owner = name.dropFirst(Self.temporaryPrefix.count).split(separator: "-").first
        .flatMap { pid_t($0) }
      // NOTE: this process's saves in this folder hold the lock this runs under (``lock(for:)``),
      // so its files are stale too.
      if let owner, owner != getpid(), FileSystem.isProcessAlive(owner) { continue }
      FileSystem.remove(directory + "/" + name)
    }
  }
}

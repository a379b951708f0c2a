import Foundation
import Locking
import PrivateFiles
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
  /// newer format version. A save with a base merges this session's changes into the list as it
  /// is on disk now (`TodoItem.merge(_:since:into:)`). Loads and saves of one list are
  /// serialised across processes by an advisory lock (`flock`) on the folder the file is in,
  /// held for the read, merge and write only. Only a regular file of at most ``maxFileBytes`` is read. A load
  /// removes temporary files left by killed saves (never those of a save in progress in another
  /// process), moves a file that does not parse aside to
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
    live(directory: directory, now: now, whileLocked: nil)
  }

  /// The live storage with a test's barrier: `whileLocked` runs inside a save, once it holds
  /// the lock and has read the list, before it writes.
  package static func live(
    directory: URL?, now: @escaping @Sendable () -> Date,
    whileLocked: (@Sendable () -> Void)?
  ) -> TodoStorage {
    let file = ListFile(
      directory: (directory ?? defaultDirectory()).path, whileLocked: whileLocked)
    let lock = ListFile.lock(for: file.directory)
    // NOTE: the file as this storage last read or wrote it: another process's save replaces
    // it (a new inode), so a different identity says the list changed.
    let seen = Locked<FileSystem.Version?>(nil)
    // NOTE: the list as this storage last wrote it, while the file holds only that list: a
    // save finding the file at the same version merges into it without reading the file.
    let written = Locked<ListFile.Written?>(nil)
    return TodoStorage(
      load: { () throws(StorageError) in
        try lock.withLock { _ throws(StorageError) in
          let loaded = try file.load(now: now())
          seen.withLock { $0 = loaded.written?.version ?? FileSystem.version(of: file.path) }
          written.withLock { $0 = loaded.written }
          return loaded.items
        }
      },
      write: { items, base throws(StorageError) in
        try lock.withLock { _ throws(StorageError) in
          let saved = try file.save(items, since: base, known: written.withLock { $0 }, now: now())
          seen.withLock { $0 = saved.version }
          written.withLock {
            $0 = saved.keepsUnknownFields ? nil : .init(items: saved.items, version: saved.version)
          }
          return saved.items
        }
      },
      isChanged: { seen.withLock { $0 } != FileSystem.version(of: file.path) })
  }
}

/// The list's file and its neighbours (temporary and moved-aside files) in one directory.
struct ListFile: Sendable {
  static let temporaryPrefix = TodoStorage.fileName + ".tmp-"
  static let corruptPrefix = TodoStorage.fileName + ".corrupt-"

  let directory: String
  /// A test's barrier inside a save (see ``TodoStorage/live(directory:now:whileLocked:)``).
  var whileLocked: (@Sendable () -> Void)?
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

  /// The folder of the file the list's path leads to, where saves write and the lock lives.
  private var targetDirectory: String {
    (PrivateFile.resolvingSymlinks(path) as NSString).deletingLastPathComponent
  }

  /// The list on disk; and, when the file holds no field this version does not know, the list
  /// with the file's version (read under the lock), as a save of this list would write it.
  func load(now: Date) throws(StorageError) -> (items: [TodoItem], written: Written?) {
    let targetDirectory = targetDirectory
    let lock = ListLock.acquire(in: targetDirectory)
    defer { lock?.release() }
    removeStaleTemporaryFiles(in: directory, locked: lock != nil)
    if targetDirectory != directory {
      removeStaleTemporaryFiles(in: targetDirectory, locked: lock != nil)
    }
    guard let data = try read() else { return ([], nil) }
    switch FileFormat.decode(data) {
    case let .items(items, hasUnknownFields):
      return (
        items,
        hasUnknownFields ? nil : Written(items: items, version: FileSystem.version(of: path))
      )
    case let .newer(version):
      throw .newerVersion(path: path, found: version, supported: TodoStorage.formatVersion)
    case let .invalid(reason):
      throw moveAside(reason: reason, now: now)
    }
  }

  /// A list this storage wrote, and the version of the file it wrote.
  struct Written {
    var items: [TodoItem]
    var version: FileSystem.Version?
  }

  /// Writes `items`, merged into the list on disk when there is a `base`; the list written, the
  /// file's version (read under the lock), and whether the file keeps fields this version does
  /// not know. With `known`, the list this storage last wrote, and the file still at its
  /// version, the list is merged into `known` without reading the file.
  func save(
    _ items: [TodoItem], since base: [TodoItem]?, known: Written?, now: Date
  ) throws(StorageError) -> (
    items: [TodoItem], version: FileSystem.Version?, keepsUnknownFields: Bool
  ) {
    do {
      try PrivateFile.makeDirectories(directory)
    } catch {
      throw Self.isOutOfSpace(error)
        ? .diskFull(path: path, reason: error.reason)
        : .unwritable(directory: directory, reason: error.reason)
    }
    // NOTE: a symlinked list is replaced at its target, so the link and its other users see it.
    let target = PrivateFile.resolvingSymlinks(path)
    let targetDirectory = (target as NSString).deletingLastPathComponent
    let lock = ListLock.acquire(in: targetDirectory)
    defer { lock?.release() }
    var items = items
    var existing: Data?
    if let known, known.version != nil, FileSystem.version(of: target) == known.version {
      // NOTE: the file is the one this storage wrote (same inode, size and time), holding the
      // known list and no other fields: reading it again would give that list back.
      if let base { items = TodoItem.merge(items, since: base, into: known.items) }
    } else {
      // NOTE: a file that cannot be read is never replaced unchecked: it may be a newer list.
      existing = try read()
    }
    if let data = existing {
      switch FileFormat.decode(data) {
      case let .newer(version):
        throw .newerVersion(path: path, found: version, supported: TodoStorage.formatVersion)
      case let .items(saved, hasUnknownFields):
        if let base { items = TodoItem.merge(items, since: base, into: saved) }
        // NOTE: only a file with fields this version does not know is parsed again to keep them.
        if !hasUnknownFields { existing = nil }
      case let .invalid(reason):
        // NOTE: a merge keeps what it cannot read: moved aside, as a load would have.
        if base != nil, case .corrupt = moveAside(reason: reason, now: now) { existing = nil }
      }
    }
    whileLocked?()
    let (data, keepsUnknownFields) = try FileFormat.encode(items, keepingUnknownFieldsOf: existing)
    // NOTE: a file the next load would refuse to read is no save at all.
    guard data.count <= TodoStorage.maxFileBytes else {
      throw .writeFailed(
        path: path,
        reason: "the list is larger than \(FileSystem.size(TodoStorage.maxFileBytes)), the most "
          + "this app reads back")
    }
    let temporary =
      targetDirectory + "/" + Self.temporaryPrefix + "\(getpid())-" + UUID().uuidString.prefix(8)
    do {
      try PrivateFile.writeSynced(data, to: temporary, identity: PrivateFile.identity(of: target))
      try PrivateFile.move(temporary, to: target)
    } catch {
      FileSystem.remove(temporary)
      throw saveError(error)
    }
    PrivateFile.syncDirectory(targetDirectory)
    return (items, FileSystem.version(of: target), keepsUnknownFields)
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
      try PrivateFile.move(path, to: target)
    } catch {
      return .unreadable(path: path, reason: "\(reason); moving it aside failed: \(error.reason)")
    }
    PrivateFile.syncDirectory(directory)
    return .corrupt(reason: reason, movedTo: target)
  }

  /// Removes temporary files left by killed saves: those whose writing process is gone, and,
  /// while this load holds the list's lock (`locked`), those older than
  /// ``staleTemporaryAge`` (their process id was reused, or a writer that does not lock left them).
  ///
  /// NOTE: a save in progress in another process holds the lock, so while this load holds it no
  /// live save has a file here; the age bound still spares a writer that does not take the lock.
  private func removeStaleTemporaryFiles(in directory: String, locked: Bool) {
    for name in FileSystem.entries(directory) where name.hasPrefix(Self.temporaryPrefix) {
      let file = directory + "/" + name
      let owner = name.dropFirst(Self.temporaryPrefix.count).split(separator: "-").first
        .flatMap { pid_t($0) }
      // NOTE: this process's saves in this folder hold the lock this runs under (``lock(for:)``),
      // so its files are stale too.
      if let owner, owner != getpid(), FileSystem.isProcessAlive(owner) {
        guard locked, let age = FileSystem.age(of: file), age > Self.staleTemporaryAge else {
          continue
        }
      }
      FileSystem.remove(file)
    }
  }

  /// How old a temporary file of a live process must be for a load to remove it.
  static let staleTemporaryAge: TimeInterval = 60
}

import ClientSupport

/// Everything that can go wrong with the saved list, each with a message a person understands.
public enum StorageError: Error, Equatable, Sendable, Codable, CustomStringConvertible,
  UnimplementedFailure
{
  /// The file could not be read as a list; it was moved aside to `movedTo` and nothing was lost.
  case corrupt(reason: String, movedTo: String)
  /// The file could not be read nor moved aside; it was left as it is.
  case unreadable(path: String, reason: String)
  /// The file was written by a newer version of the app; it was left as it is.
  case newerVersion(path: String, found: Int, supported: Int)
  /// The directory cannot be created or written to.
  case unwritable(directory: String, reason: String)
  /// There is no room for the file: the disk, the user's quota or the file size limit is full;
  /// `reason` is the system's word for which.
  case diskFull(path: String, reason: String)
  /// Another failure of the file system while saving.
  case writeFailed(path: String, reason: String)
  /// A test value was called that the test did not expect to be called.
  case unimplemented(String)

  public var description: String {
    switch self {
    case let .corrupt(reason, movedTo):
      "The saved list could not be read (\(reason)); it was moved aside to \(movedTo)."
    case let .unreadable(path, reason):
      "The saved list at \(path) could not be read (\(reason)) and was left untouched."
    case let .newerVersion(path, found, supported):
      "The saved list at \(path) has format version \(found), but this app reads versions up to "
        + "\(supported); it was left untouched. Update the app to use it."
    case let .unwritable(directory, reason):
      "Cannot write to \(directory) (\(reason)); check that it exists and is writable."
    case let .diskFull(path, reason):
      "No space left for \(path) (\(reason)). Free some space and try again."
    case let .writeFailed(path, reason):
      "The list could not be saved to \(path) (\(reason))."
    case let .unimplemented(name):
      "\(name) is unimplemented in this test."
    }
  }
}

extension TodoStorage {
  /// Fails the test on any call, naming it, for tests that must not use storage.
  public static let unimplemented = TodoStorage(
    load: Unimplemented.endpoint("TodoStorage.load"),
    save: Unimplemented.endpoint("TodoStorage.save"))

  /// Fails every call with `error`.
  public static func failing(_ error: StorageError) -> TodoStorage {
    TodoStorage(
      load: { () throws(StorageError) in throw error },
      save: { _ throws(StorageError) in throw error })
  }
}

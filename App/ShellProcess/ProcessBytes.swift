import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#endif

/// The command line and the environment with their bytes kept: a path in them that is not UTF-8
/// still names its own file (see `String(pathBytes:)`). `CommandLine.arguments` and
/// `ProcessInfo.environment` decode them as UTF-8, a byte that is not becoming U+FFFD.
public enum ProcessBytes {
  /// The arguments after the program's name.
  public static var arguments: [String] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { String(pathCString: $0) }
    }
  }

  /// The environment's variables; the first of a name given twice.
  public static var environment: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(pathCString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }
}

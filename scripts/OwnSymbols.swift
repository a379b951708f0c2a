// Keeps only a module's own symbols in its symbol graph: `OwnSymbols MODULE IN OUT`.
//
// A module that re-exports another (`@_exported import`) gets all of that module's symbols in
// its graph. scripts/docs compiles this with `swiftc` (the toolchain alone, no jq or Python) and
// runs it on the graphs of the modules it names in `own_symbols_only`.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: OwnSymbols MODULE IN OUT\n".utf8))
  exit(2)
}
let (module, input, output) = (arguments[1], arguments[2], arguments[3])
// NOTE: a symbol's precise identifier is its mangled name, which starts with `s:` and the
// module's name with its length; a member synthesized for one of its types ends with it.
let prefix = "s:\(module.utf8.count)\(module)"
do {
  let data = try Data(contentsOf: URL(fileURLWithPath: input))
  guard var graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
    throw CocoaError(.fileReadCorruptFile)
  }
  let symbols = (graph["symbols"] as? [[String: Any]] ?? []).filter { symbol in
    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
    let own = identifier.components(separatedBy: "::SYNTHESIZED::").last ?? identifier
    return own.hasPrefix(prefix)
  }
  let kept = Set(symbols.compactMap { ($0["identifier"] as? [String: Any])?["precise"] as? String })
  graph["symbols"] = symbols
  graph["relationships"] = (graph["relationships"] as? [[String: Any]] ?? []).filter {
    kept.contains($0["source"] as? String ?? "")
  }
  try JSONSerialization.data(withJSONObject: graph).write(to: URL(fileURLWithPath: output))
} catch {
  FileHandle.standardError.write(Data("error: OwnSymbols \(module): \(error)\n".utf8))
  exit(1)
}

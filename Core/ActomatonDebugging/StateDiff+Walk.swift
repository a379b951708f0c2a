/// The walk behind ``StateDiff``: one pass over the parts of two values that differ.
struct DiffWalker {
  typealias Change = StateDiff.Change

  private(set) var changes: [Change] = []
  /// Pairs of objects already walked (old, new), so a cycle is walked once.
  private var visited: Set<[ObjectIdentifier]> = []
  private var visits = 0
  private var isStopped = false

  mutating func compare(_ old: Any, _ new: Any, path: String, depth: Int) {
    guard !isStopped else { return }
    visits += 1
    if visits > StateDiff.maximumValues {
      isStopped = true
      changes.append(
        Change(
          path: path, old: nil,
          new: "… (the diff stopped after \(StateDiff.maximumValues) values)"))
      return
    }
    if Equality.same(old, new) == true { return }
    guard depth < StateDiff.maximumDepth else {
      changes.append(Change(path: path, old: "…", new: "…"))
      return
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard type(of: old) == type(of: new), oldMirror.displayStyle == newMirror.displayStyle,
      !Self.isLibraryLeaf(old, oldMirror)
    else { return leaf(old, new, path: path) }
    if case .class? = oldMirror.displayStyle {
      let pair = [ObjectIdentifier(old as AnyObject), ObjectIdentifier(new as AnyObject)]
      guard visited.insert(pair).inserted else { return }
    }
    if let set = old as? any DiffableSet, let members = set.membershipChanges(to: new) {
      changes += members.changes(at: path)
      return
    }
    if let dictionary = old as? any DiffableDictionary,
      let entries = dictionary.entryPairs(to: new)
    {
      return compareEntries(entries, path: path, depth: depth)
    }
    if oldMirror.displayStyle == .collection || oldMirror.displayStyle == .struct,
      let collection = old as? any RandomAccessCollection,
      let pairs = ElementAlignment.align(collection, new)
    {
      return compareAligned(pairs, path: path, depth: depth)
    }
    compareFields(old, new, oldMirror, newMirror, path: path, depth: depth)
  }

  private mutating func compareFields(
    _ old: Any, _ new: Any, _ oldMirror: Mirror, _ newMirror: Mirror, path: String, depth: Int
  ) {
    let oldChildren = Self.children(oldMirror)
    let newChildren = Self.children(newMirror)
    switch oldMirror.displayStyle {
    case .optional?:
      guard oldChildren.count == newChildren.count else { return leaf(old, new, path: path) }
      if let oldValue = oldChildren.first?.value, let newValue = newChildren.first?.value {
        compare(oldValue, newValue, path: path, depth: depth + 1)
      }
    case .enum?:
      let (oldCase, newCase) = (oldChildren.first?.label, newChildren.first?.label)
      guard oldCase != nil, oldCase == newCase, oldChildren.count == newChildren.count else {
        return leaf(old, new, path: path)
      }
      compare(
        oldChildren[0].value, newChildren[0].value, path: "\(path).\(oldCase!)", depth: depth + 1)
    default:
      guard !oldChildren.isEmpty || !newChildren.isEmpty, oldChildren.count == newChildren.count
      else { return leaf(old, new, path: path) }
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        let label = oldChild.label.map { $0.hasPrefix(".") ? $0 : ".\($0)" } ?? ".\(index)"
        compare(oldChild.value, newChild.value, path: path + label, depth: depth + 1)
      }
    }
  }

  private mutating func compareEntries(_ entries: [EntryPair], path: String, depth: Int) {
    for entry in entries {
      let entryPath = "\(path)[\(entry.key)]"
      switch (entry.old, entry.new) {
      case let (old?, new?): compare(old, new, path: entryPath, depth: depth + 1)
      case let (old?, nil): changes.append(Change(path: entryPath, old: describe(old), new: nil))
      case let (nil, new?): changes.append(Change(path: entryPath, old: nil, new: describe(new)))
      case (nil, nil): break
      }
    }
  }

  private mutating func compareAligned(_ pairs: [AlignedPair], path: String, depth: Int) {
    for pair in pairs {
      switch pair {
      case let .both(old, new, index):
        compare(old, new, path: "\(path)[\(index)]", depth: depth + 1)
      case let .removed(old, index):
        changes.append(Change(path: "\(path)[\(index)]", old: describe(old), new: nil))
      case let .added(new, index):
        changes.append(Change(path: "\(path)[\(index)]", old: nil, new: describe(new)))
      }
    }
  }

  /// Records `old → new` when they differ; when their descriptions are equal but the values are
  /// not (`Optional(nil)` and `nil`, two cases described alike), says so rather than hide it.
  private mutating func leaf(_ old: Any, _ new: Any, path: String) {
    let (oldText, newText) = (describe(old), describe(new))
    if oldText != newText {
      changes.append(Change(path: path, old: oldText, new: newText))
      return
    }
    guard type(of: old) != type(of: new) || Equality.same(old, new) == false else { return }
    let (oldFull, newFull) = (String(reflecting: old), String(reflecting: new))
    if oldFull != newFull, !Self.isTooLarge(old), !Self.isTooLarge(new) {
      changes.append(
        Change(
          path: path, old: StateDiff.escapingControls(oldFull),
          new: StateDiff.escapingControls(newFull)))
    } else {
      changes.append(
        Change(path: path, old: oldText, new: newText + " (a different value, described alike)"))
    }
  }

  /// The value's description, or `…` for a value too deep or too large to print (the runtime's
  /// description of a 3,000-deep indirect enum overflows a thread's stack).
  private func describe(_ value: Any) -> String {
    Self.isTooLarge(value) ? "…" : StateDiff.describe(value)
  }

  /// Whether `value` nests deeper than ``StateDiff/maximumDepth`` or holds more than
  /// ``StateDiff/maximumValues`` values; objects are not entered (their description is their
  /// type's name unless they describe themselves).
  static func isTooLarge(_ value: Any) -> Bool {
    var budget = StateDiff.maximumValues
    func exceeds(_ value: Any, depth: Int) -> Bool {
      budget -= 1
      if budget < 0 || depth > StateDiff.maximumDepth { return true }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class || isLibraryLeaf(value, mirror) { return false }
      return mirror.children.contains { exceeds($0.value, depth: depth + 1) }
    }
    return exceeds(value, depth: 0)
  }

  /// The fields of a value, its superclasses' first.
  private static func children(_ mirror: Mirror) -> [Mirror.Child] {
    guard let superclass = mirror.superclassMirror else { return Array(mirror.children) }
    return children(superclass) + Array(mirror.children)
  }

  /// Standard-library and Foundation values such as `Duration`, `Date` or `Decimal` are compared
  /// as a whole: their stored fields are implementation details. On Linux, Foundation's value
  /// types live in `FoundationEssentials` and `FoundationInternationalization`.
  static func isLibraryLeaf(_ value: Any, _ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .struct?, .class?, .enum?, nil:
      let name = String(reflecting: type(of: value))
      guard let dot = name.firstIndex(of: ".") else { return false }
      if name.hasPrefix("Swift.Result<") { return false }
      return libraryModules.contains(name[..<dot])
    default:
      return false
    }
  }

  private static let libraryModules: Set<Substring> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "_Concurrency", "Dispatch", "CoreFoundation", "Synchronization",
  ]
}

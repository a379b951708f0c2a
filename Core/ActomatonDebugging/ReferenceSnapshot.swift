/// The descriptions of the values a state reaches through objects (class instances), by path.
///
/// Taken before and after a closure runs on a copy of the state, it shows what the closure
/// wrote through a reference the copy shares with the original: a value-type copy is independent,
/// an object is not.
package struct ReferenceSnapshot: Equatable {
  private var leaves: [String: String] = [:]

  /// Describes every value `value` reaches through an object, within the diff's bounds.
  package init(_ value: Any) {
    var visited: Set<ObjectIdentifier> = []
    var budget = StateDiff.maximumValues
    walk(value, path: "", depth: 0, insideObject: false, visited: &visited, budget: &budget)
  }

  /// `path: old → new` for each value that differs from `other`'s, in path order.
  package func changes(to other: ReferenceSnapshot) -> [String] {
    guard self != other else { return [] }
    return Set(leaves.keys).union(other.leaves.keys).sorted().compactMap { path in
      let (old, new) = (leaves[path], other.leaves[path])
      guard old != new else { return nil }
      return "\(path.isEmpty ? "(root)" : path): \(old ?? "(none)") → \(new ?? "(none)")"
    }
  }

  private mutating func walk(
    _ value: Any, path: String, depth: Int, insideObject: Bool,
    visited: inout Set<ObjectIdentifier>, budget: inout Int
  ) {
    budget -= 1
    guard budget >= 0, depth < StateDiff.maximumDepth else { return }
    let mirror = Mirror(reflecting: value)
    var inside = insideObject
    if mirror.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
      inside = true
    }
    let children = Self.children(mirror)
    if children.isEmpty || DiffWalker.isLibraryLeaf(value, mirror) {
      if inside { leaves[path] = StateDiff.describe(value) }
      return
    }
    for (index, child) in children.enumerated() {
      let label = child.label.map { $0.hasPrefix(".") ? $0 : ".\($0)" } ?? "[\(index)]"
      walk(
        child.value, path: path + label, depth: depth + 1, insideObject: inside,
        visited: &visited, budget: &budget)
    }
  }

  private static func children(_ mirror: Mirror) -> [Mirror.Child] {
    guard let superclass = mirror.superclassMirror else { return Array(mirror.children) }
    return children(superclass) + Array(mirror.children)
  }
}

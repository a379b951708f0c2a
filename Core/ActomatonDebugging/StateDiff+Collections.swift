/// Whether two values are the same, as cheaply as can be told.
enum Equality {
  /// `true` when the values are bitwise identical (the same storage, the same object) or `==`;
  /// `false` when they are `Equatable` and not `==`; `nil` when that cannot be told.
  static func same(_ old: Any, _ new: Any) -> Bool? {
    if bitwiseEqual(old, new) { return true }
    guard let old = old as? any Equatable else { return nil }
    return old.isEqual(to: new)
  }

  /// Whether the values have the same type and the same bits: shared storage or the same object
  /// is the same value, so nothing under it can differ.
  static func bitwiseEqual(_ old: Any, _ new: Any) -> Bool {
    func open<T>(_ old: T) -> Bool {
      guard let new = new as? T else { return false }
      return withUnsafeBytes(of: old) { oldBytes in
        withUnsafeBytes(of: new) { newBytes in oldBytes.elementsEqual(newBytes) }
      }
    }
    return open(old)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Typed `==` and `id` for a generic element type, found at run time.
private enum Witness<T> {}

private protocol EqualityWitness { static var equality: Any { get } }
extension Witness: EqualityWitness where T: Equatable {
  static var equality: Any { { (lhs: T, rhs: T) in lhs == rhs } as (T, T) -> Bool }
}

private protocol IdentityWitness { static var identity: Any { get } }
extension Witness: IdentityWitness where T: Identifiable {
  static var identity: Any { { (element: T) in AnyHashable(element.id) } as (T) -> AnyHashable }
}

// MARK: - Sets

/// The members removed from and added to a set.
struct MembershipChanges {
  var removed: [Any]
  var added: [Any]

  func changes(at path: String) -> [StateDiff.Change] {
    let removedTexts = removed.map { StateDiff.describe($0) }.sorted()
    let addedTexts = added.map { StateDiff.describe($0) }.sorted()
    return removedTexts.map { StateDiff.Change(path: path, old: $0, new: nil) }
      + addedTexts.map { StateDiff.Change(path: path, old: nil, new: $0) }
  }
}

protocol DiffableSet { func membershipChanges(to other: Any) -> MembershipChanges? }

extension Set: DiffableSet {
  func membershipChanges(to other: Any) -> MembershipChanges? {
    guard let other = other as? Set<Element> else { return nil }
    return MembershipChanges(
      removed: subtracting(other).map { $0 }, added: other.subtracting(self).map { $0 })
  }
}

// MARK: - Dictionaries

/// One key's value before and after, `nil` where the key is absent.
struct EntryPair {
  let key: String
  let old: Any?
  let new: Any?
}

protocol DiffableDictionary { func entryPairs(to other: Any) -> [EntryPair]? }

extension Dictionary: DiffableDictionary {
  /// The entries whose value may have changed, matched by key (`==`, so keys described alike stay
  /// apart), ordered by the key's description.
  func entryPairs(to other: Any) -> [EntryPair]? {
    guard let other = other as? [Key: Value] else { return nil }
    var pairs: [(key: Key, old: Value?, new: Value?)] = []
    for (key, value) in self {
      let newValue = other[key]
      if let newValue, Equality.same(value, newValue) == true { continue }
      pairs.append((key, value, newValue))
    }
    for (key, value) in other where self[key] == nil { pairs.append((key, nil, value)) }
    return pairs.map { EntryPair(key: StateDiff.describe($0.key), old: $0.old, new: $0.new) }
      .sorted { ($0.key, text($0.old), text($0.new)) < ($1.key, text($1.old), text($1.new)) }
  }

  private func text(_ value: Any?) -> String { value.map { StateDiff.describe($0) } ?? "" }
}

// MARK: - Ordered collections

/// An element of the old collection matched with one of the new, or one only in either.
enum AlignedPair {
  /// Both elements, at the new index.
  case both(Any, Any, Int)
  /// An element only in the old collection, at its old index.
  case removed(Any, Int)
  /// An element only in the new collection, at its new index.
  case added(Any, Int)
}

enum ElementAlignment {
  /// The largest middle part (old count × new count) aligned by a longest common subsequence;
  /// past it, elements are paired by position.
  static let maximumAlignedCells = 250_000

  /// Pairs the elements of `old` and `new` (a collection of the same type): the common ends are
  /// dropped with `==` (or bitwise identity); the rest is aligned by `id` when the elements are
  /// `Identifiable`, else by equality, and the unmatched elements between two matches are paired
  /// in order, the rest removed or added.
  static func align<C: RandomAccessCollection>(_ old: C, _ new: Any) -> [AlignedPair]? {
    guard let new = new as? C else { return nil }
    let (oldElements, newElements) = (Array(old), Array(new))
    let equal =
      (Witness<C.Element>.self as? any EqualityWitness.Type)?.equality
      as? (C.Element, C.Element) -> Bool ?? { Equality.bitwiseEqual($0, $1) }
    let identity =
      (Witness<C.Element>.self as? any IdentityWitness.Type)?.identity
      as? (C.Element) -> AnyHashable
    var prefix = 0
    while prefix < min(oldElements.count, newElements.count),
      equal(oldElements[prefix], newElements[prefix])
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < min(oldElements.count, newElements.count) - prefix,
      equal(
        oldElements[oldElements.count - 1 - suffix], newElements[newElements.count - 1 - suffix])
    {
      suffix += 1
    }
    let oldMiddle = prefix..<(oldElements.count - suffix)
    let newMiddle = prefix..<(newElements.count - suffix)
    let matches: [(Int, Int)]
    if oldMiddle.count * newMiddle.count > maximumAlignedCells {
      matches =
        identity.map { matchByIdentity(oldMiddle, newMiddle, oldElements, newElements, $0) } ?? []
    } else if let identity {
      matches = longestCommonSubsequence(oldMiddle, newMiddle) {
        identity(oldElements[$0]) == identity(newElements[$1])
      }
    } else {
      matches = longestCommonSubsequence(oldMiddle, newMiddle) {
        equal(oldElements[$0], newElements[$1])
      }
    }
    return pairs(
      oldMiddle, newMiddle, matches, pairsGaps: identity == nil,
      old: { oldElements[$0] }, new: { newElements[$0] })
  }

  /// Matches equal ids in order of the new collection (ids are unique): for middles too large
  /// for a longest common subsequence.
  private static func matchByIdentity<E>(
    _ oldMiddle: Range<Int>, _ newMiddle: Range<Int>, _ old: [E], _ new: [E],
    _ id: (E) -> AnyHashable
  ) -> [(Int, Int)] {
    var oldByID: [AnyHashable: Int] = [:]
    for index in oldMiddle { oldByID[id(old[index])] = index }
    var matches: [(Int, Int)] = []
    var lastOld = -1
    for index in newMiddle {
      guard let oldIndex = oldByID[id(new[index])], oldIndex > lastOld else { continue }
      matches.append((oldIndex, index))
      lastOld = oldIndex
    }
    return matches
  }

  /// The matched index pairs of a longest common subsequence of `old` and `new` (indices into the
  /// collections), by dynamic programming over `old.count × new.count` cells.
  private static func longestCommonSubsequence(
    _ oldRange: Range<Int>, _ newRange: Range<Int>, _ matches: (Int, Int) -> Bool
  ) -> [(Int, Int)] {
    let (old, new) = (Array(oldRange), Array(newRange))
    let (rows, columns) = (old.count, new.count)
    guard rows > 0, columns > 0 else { return [] }
    var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
    for row in stride(from: rows - 1, through: 0, by: -1) {
      for column in stride(from: columns - 1, through: 0, by: -1) {
        let cell = row * (columns + 1) + column
        lengths[cell] =
          matches(old[row], new[column])
          ? lengths[cell + columns + 2] + 1
          : max(lengths[cell + columns + 1], lengths[cell + 1])
      }
    }
    var result: [(Int, Int)] = []
    var (row, column) = (0, 0)
    while row < rows, column < columns {
      let cell = row * (columns + 1) + column
      if matches(old[row], new[column]), lengths[cell] == lengths[cell + columns + 2] + 1 {
        result.append((old[row], new[column]))
        row += 1
        column += 1
      } else if lengths[cell + columns + 1] >= lengths[cell + 1] {
        row += 1
      } else {
        column += 1
      }
    }
    return result
  }

  /// The aligned pairs of the middle parts: each match, and between two matches the unmatched
  /// elements, paired in order when `pairsGaps` (a changed element of a list without identity)
  /// and otherwise removed and added.
  private static func pairs<E>(
    _ oldMiddle: Range<Int>, _ newMiddle: Range<Int>, _ matches: [(Int, Int)], pairsGaps: Bool,
    old: (Int) -> E, new: (Int) -> E
  ) -> [AlignedPair] {
    var result: [AlignedPair] = []
    var (oldNext, newNext) = (oldMiddle.lowerBound, newMiddle.lowerBound)
    func gap(to oldStop: Int, _ newStop: Int) {
      let paired = pairsGaps ? min(oldStop - oldNext, newStop - newNext) : 0
      for offset in 0..<max(paired, 0) {
        result.append(.both(old(oldNext + offset), new(newNext + offset), newNext + offset))
      }
      for index in (oldNext + max(paired, 0))..<max(oldStop, oldNext + max(paired, 0)) {
        result.append(.removed(old(index), index))
      }
      for index in (newNext + max(paired, 0))..<max(newStop, newNext + max(paired, 0)) {
        result.append(.added(new(index), index))
      }
    }
    for (oldIndex, newIndex) in matches {
      gap(to: oldIndex, newIndex)
      result.append(.both(old(oldIndex), new(newIndex), newIndex))
      (oldNext, newNext) = (oldIndex + 1, newIndex + 1)
    }
    gap(to: oldMiddle.upperBound, newMiddle.upperBound)
    return result
  }
}

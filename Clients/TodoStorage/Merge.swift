import Foundation

extension TodoItem {
  /// Applies one session's changes to the list as another session left it.
  ///
  /// `mine` is the session's list, `base` the list as the session last loaded or saved it, and
  /// `theirs` the list saved now, which other sessions may have changed since `base`. Items are
  /// matched by id:
  /// - An item added on either side is kept.
  /// - A field (the text, the completion) changed in `mine` since `base` takes `mine`'s value:
  ///   this save is the later one. A field only `theirs` changed keeps `theirs`' value, so one
  ///   session renaming an item while another ticks it off keeps both.
  /// - An item deleted on one side is deleted, unless the other side changed it since `base`:
  ///   an edit beats a deletion, so nothing someone wrote is dropped unseen.
  /// - The order is `mine`'s if this session moved items since `base` (an item it added
  ///   counts, once moved away from the end), else `theirs`'; the items only the other side
  ///   has follow, in its order.
  public static func merge(_ mine: [TodoItem], since base: [TodoItem], into theirs: [TodoItem])
    -> [TodoItem]
  {
    // NOTE: when one side kept the base as it was, the other side's list is the merge (the rules
    // below give it, item by item and in its order); lists that share storage compare at once.
    if theirs == base { return mine }
    if mine == base { return theirs }
    let old = byID(base)
    let mineByID = byID(mine)
    let theirsByID = byID(theirs)
    var kept: [UUID: TodoItem] = [:]
    for id in Set(old.keys).union(mineByID.keys).union(theirsByID.keys) {
      switch (old[id], mineByID[id], theirsByID[id]) {
      case let (before?, mine?, theirs?):
        kept[id] = TodoItem(
          id: id, text: mine.text != before.text ? mine.text : theirs.text,
          isCompleted: mine.isCompleted != before.isCompleted
            ? mine.isCompleted : theirs.isCompleted)
      // NOTE: what wins when two sessions change one item: the field each changed, the later
      // save's where both did (it is the one merging), and an edit over a deletion, as a deleted
      // item that someone changed meanwhile would otherwise vanish without either seeing it.
      case let (before?, nil, theirs?):
        if theirs != before { kept[id] = theirs }
      case let (before?, mine?, nil):
        if mine != before { kept[id] = mine }
      case let (nil, mine?, _):
        kept[id] = mine
      case let (nil, nil, theirs?):
        kept[id] = theirs
      case (_, nil, nil):
        break
      }
    }
    // NOTE: moved means anything but the kept old items in their old order followed by the new
    // ones: an item added and then moved up among the old ones is a move too (the 100,000-input
    // terminal fuzz found such a list saved with the new item at the end).
    let mineIDs = mine.map(\.id)
    let unmoved = base.map(\.id).filter { mineByID[$0] != nil } + mineIDs.filter { old[$0] == nil }
    let moved = mineIDs != unmoved
    let order = moved ? mine + theirs : theirs + mine
    var placed = Set<UUID>()
    return order.compactMap { item in
      guard placed.insert(item.id).inserted else { return nil }
      return kept[item.id]
    }
  }

  /// The items by id; the first of two with one id.
  private static func byID(_ items: [TodoItem]) -> [UUID: TodoItem] {
    Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

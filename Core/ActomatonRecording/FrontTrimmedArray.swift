/// An array that forgets its oldest elements in amortised constant time: what a ring of the last
/// entries needs, where `Array.removeFirst()` moved every element kept, on every line (the
/// sinks' ring, and the gallery's last actions for `history`).
@usableFromInline package struct FrontTrimmedArray<Element> {
  /// The elements; those forgotten are `nil` until the front is dropped.
  private var items: [Element?] = []
  /// The number of forgotten elements at the front of `items`.
  private var head = 0

  /// The elements kept, oldest first.
  package var elements: ArraySlice<Element> { items[head...].map { $0! }[...] }

  @usableFromInline package var count: Int { items.count - head }

  package var first: Element? { head < items.count ? items[head] : nil }

  package var last: Element? { head < items.count ? items[items.count - 1] : nil }

  package init() {}

  /// The element `offset` places after the oldest kept.
  @usableFromInline package subscript(offset: Int) -> Element { items[head + offset]! }

  @usableFromInline package mutating func append(_ element: Element) {
    items.append(element)
  }

  /// Forgets the `count` oldest elements.
  @usableFromInline package mutating func removeFirst(_ count: Int = 1) {
    // NOTE: what a forgotten element holds is released at once; only its slot waits.
    for index in head..<(head + count) { items[index] = nil }
    head += count
    // NOTE: the forgotten front is dropped once it is as long as what is kept: each element is
    // moved at most once per time it is kept.
    if head >= 32, head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
  }

  /// Forgets the oldest elements while `predicate` holds for them.
  @usableFromInline package mutating func removeFirst(while predicate: (Element) -> Bool) {
    var drop = 0
    while head + drop < items.count, predicate(items[head + drop]!) { drop += 1 }
    if drop > 0 { removeFirst(drop) }
  }
}

extension FrontTrimmedArray: Sendable where Element: Sendable {}

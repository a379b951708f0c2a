/// An ordered collection of identifiable elements, with lookup and in-place change by id in O(1).
///
/// The state of a list of children (see ``Reducer/children(_:state:action:environment:onStart:onStop:)``).
/// Ids are unique: an element whose id is present replaces the old one in place. An element's id
/// must not change while it is in the array.
public struct IdentifiedArray<Element: Identifiable>: RandomAccessCollection
where Element.ID: Sendable {
  /// The ids, in order.
  public private(set) var ids: [Element.ID]
  @usableFromInline var storage: [Element.ID: Element]

  /// An empty array.
  public init() { (ids, storage) = ([], [:]) }

  /// An array of `elements`, in order; a later element replaces an earlier one with the same id.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The position of the first element: 0.
  public var startIndex: Int { 0 }
  /// The position after the last element: the number of elements.
  public var endIndex: Int { ids.count }
  /// The element at `position`, in the order the elements were appended or inserted.
  public subscript(position: Int) -> Element { storage[ids[position]]! }

  /// The element with `id`, or `nil`; setting `nil` removes it, setting a new id appends it.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { storage[id] }
    _modify {
      // NOTE: only a change of presence touches `ids`.
      let wasPresent = storage[id] != nil
      yield &storage[id]
      let isPresent = storage[id] != nil
      if wasPresent != isPresent { updateIDs(id, isPresent: isPresent) }
    }
  }

  @usableFromInline
  mutating func updateIDs(_ id: Element.ID, isPresent: Bool) {
    if isPresent { ids.append(id) } else { ids.removeAll { $0 == id } }
  }

  /// Appends `element`, or replaces the element with its id where it is.
  public mutating func append(_ element: Element) {
    if storage.updateValue(element, forKey: element.id) == nil { ids.append(element.id) }
  }

  /// Removes the element with `id` and returns it, or `nil` when there is none.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let element = storage.removeValue(forKey: id) else { return nil }
    ids.removeAll { $0 == id }
    return element
  }

  /// Removes the elements that satisfy `shouldBeRemoved`.
  ///
  /// Every element is asked before any goes: when `shouldBeRemoved` throws, the array is unchanged.
  ///
  /// - Parameter shouldBeRemoved: Whether to remove an element.
  /// - Throws: What `shouldBeRemoved` throws.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let removed = Set(try ids.filter { try shouldBeRemoved(storage[$0]!) })
    guard !removed.isEmpty else { return }
    for id in removed { storage[id] = nil }
    ids.removeAll { removed.contains($0) }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// An array of the elements listed; a later element with an id already present replaces it.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both arrays hold equal elements in the same order.
  public static func == (lhs: IdentifiedArray, rhs: IdentifiedArray) -> Bool {
    lhs.ids == rhs.ids && lhs.storage == rhs.storage
  }
}

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, in order, as an array prints them.
  public var description: String { "\(Array(self))" }
}

/// A key path to a property of `Root`, reached at its offset when the property is stored.
@usableFromInline
struct FieldPath<Root, Value>: Sendable {
  @usableFromInline let path: SendableKeyPath<WritableKeyPath<Root, Value>>
  /// Where a stored property lies in `Root`; `nil` for a computed one, or one in a class.
  @usableFromInline let offset: Int?

  @inlinable
  init(_ path: WritableKeyPath<Root, Value>) {
    (self.path, offset) = (SendableKeyPath(path), MemoryLayout<Root>.offset(of: path))
  }

  // NOTE: safe, and not a layout assumption: `MemoryLayout.offset(of:)` (SE-0210) documents that
  // when it returns an offset, the storage there is bound to `Value` and reaching it through a
  // pointer at that offset is exactly equivalent to reaching it through the key path. A key path
  // access is a call into the runtime, which reads the path and looks up generic metadata.

  /// The property's value in `root`.
  @inlinable
  func get(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: path.keyPath] }
    return withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
  }

  /// Runs `body` on the property of `root`, where it is, to read it: a property with no offset is
  /// read into a copy, so that no setter runs.
  @inlinable
  func inspect<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset != nil else {
      var value = root[keyPath: path.keyPath]
      return body(&value)
    }
    return modify(&root, body)
  }

  /// Runs `body` on the property of `root`, where it is.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: path.keyPath]) }
    return withUnsafeMutableBytes(of: &root) {
      body(&$0.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}

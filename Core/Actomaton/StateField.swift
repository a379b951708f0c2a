/// A writable key path that lifted reducers follow on every action: through the offset of the
/// stored property it names when it has one, and through the key path otherwise.
///
/// A key path applied in generic code is a call into the runtime, which copies the root and
/// looks up generic metadata; a stored property is at a fixed offset, so reaching it is an
/// addition (`MemoryLayout.offset(of:)` documents reading and writing through that offset).
@usableFromInline
struct StateField<Root, Value>: Sendable {
  @usableFromInline let path: SendableKeyPath<WritableKeyPath<Root, Value>>
  /// The offset of the value in `Root`, for a path of stored properties of structs; `nil` for
  /// any other path (a computed property, a class, an optional chain).
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    path = SendableKeyPath(keyPath)
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The key path, for naming a scope.
  @inlinable var keyPath: WritableKeyPath<Root, Value> { path.keyPath }

  /// Runs `body` on the value in `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: path.keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      let field = (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self)
      return body(&field.pointee)
    }
  }

  /// Runs `body` on the value in `root`, in place, when `isThere` holds for it; `nil` when it
  /// does not. Without an offset the value is read first, so that a setter (or a `didSet`)
  /// never runs for a value that is not there.
  @inlinable
  func modify<Result>(
    _ root: inout Root, if isThere: (inout Value) -> Bool, _ body: (inout Value) -> Result
  ) -> Result? {
    guard let offset else {
      return read(&root, isThere) ? body(&root[keyPath: path.keyPath]) : nil
    }
    return withUnsafeMutablePointer(to: &root) { pointer in
      let field = (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self)
      return isThere(&field.pointee) ? body(&field.pointee) : nil
    }
  }

  /// Runs `body` on the value in `root`, to read it: in place when the path has an offset, on a
  /// copy otherwise (so a computed property's setter never runs). `inout` only so that nothing
  /// is copied to be read.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var value = root[keyPath: path.keyPath]
      return body(&value)
    }
    return withUnsafeMutablePointer(to: &root) { pointer in
      let field = (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self)
      return body(&field.pointee)
    }
  }
}

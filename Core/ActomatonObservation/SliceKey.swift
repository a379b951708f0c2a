/// Names one slice of the state for the observation registrar: two reads of the same key path
/// observe the same slice.
struct SliceKey: Hashable {
  let keyPath: AnyKeyPath

  init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

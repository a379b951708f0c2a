extension EnumLayout {
  /// Returns the layouts of the enums wrapped in this `Optional` layout, outermost first,
  /// stopping at a wrapped type that is (layout-identical to) `value` or that is not an enum.
  ///
  /// `/Enum.case` may be used where a `CasePath<Enum?, Value>` is expected; Swift then promotes
  /// the constructor's result to an optional, and the case lives inside the `.some` layer. When
  /// the wrapped type is `Value` itself, as for `/Optional<Int>.some`, the case is `.some`.
  func nestedOptionalLayouts(around value: Any.Type) -> [EnumLayout] {
    var layouts: [EnumLayout] = []
    var current = self
    while layouts.count < 8,
      let wrapped = current.wrappedType,
      let inner = current.wrappedEnumLayout,
      !isLayoutIdentical(payload: wrapped, value: value)
    {
      layouts.append(inner)
      current = inner
    }
    return layouts
  }

  /// Returns the layouts of the enums wrapped in the `.some` layers of `sample`, outermost
  /// first; used for cases without payload, whose sample value shows how deep the case lives.
  func nestedOptionalLayouts<Root>(of sample: Root) -> [EnumLayout] {
    var layouts: [EnumLayout] = []
    var current = self
    withUnsafePointer(to: sample) { pointer in
      while layouts.count < 8,
        let inner = current.wrappedEnumLayout,
        current.isSome(at: pointer)
      {
        layouts.append(inner)
        current = inner
      }
    }
    return layouts
  }
}

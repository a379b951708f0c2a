extension EnumLayout {
  /// Returns the layouts of the enums wrapped in this `Optional` layout, outermost first, down
  /// to a wrapped type that is not an enum, and the depth of the first `Optional` layer whose
  /// wrapped type is an enum laid out like `value`.
  ///
  /// `/Enum.case` may be used where a `CasePath<Enum?, Value>` is expected; Swift then promotes
  /// the constructor's result to an optional, and the case lives inside the `.some` layer. When
  /// the wrapped type is `Value` itself, as for `/Optional<Int>.some`, the case may be `.some`;
  /// if that type is an enum, as for `/Route.sheet` with `indirect case sheet(Route)`, the case
  /// may also be inside it, and only the constructor tells (see `EnumCase.learningDepth`).
  func nestedOptionalLayouts(around value: Any.Type) -> (layouts: [EnumLayout], valueDepth: Int?) {
    var layouts: [EnumLayout] = []
    var valueDepth: Int?
    var current = self
    while layouts.count < 8, let wrapped = current.wrappedType, let inner = EnumLayout(of: wrapped)
    {
      if valueDepth == nil, isLayoutIdentical(payload: wrapped, value: value) {
        valueDepth = layouts.count
      }
      layouts.append(inner)
      current = inner
    }
    return (layouts, valueDepth)
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

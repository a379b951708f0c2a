/// The start-up check of every reader in `RuntimeMetadata.swift` against enums whose layout is
/// declared here: if this runtime lays out or describes enums otherwise, `/` refuses to make
/// paths (and says so) instead of guessing.
enum RuntimeCheck {
  /// Whether every check passed; computed once, on first use.
  static let passed = MemoryLayout<Int>.size == 8 && checkInline() && checkBoxed() && checkShapes()

  private enum Known {
    case int(Int), text(String), pair(Int8, UInt16), labelled(id: String), first, second
  }
  private indirect enum Boxed { case boxed(Int), pair(String, Int), plain }
  private enum Generic<T> { case value(T), empty }

  private static func read<Root, P>(_ root: Root, _ layouts: [EnumLayout], _: P.Type) -> P {
    let (level, tag) = (layouts.count - 1, tags(of: root, layouts: layouts)[layouts.count - 1])
    let indirect = layouts[level].payload(forTag: tag)?.indirect ?? false
    return readPayload(
      of: root, layouts: layouts, level: level, tag: tag, indirect: indirect, as: P.self)
  }

  /// Descriptor counts, `getEnumTag`, field records and projection.
  private static func checkInline() -> Bool {
    let known = layers(of: Known.self)
    let samples: [Known] = [
      .int(0x5EED), .text("a"), .pair(-3, 0xBEEF), .labelled(id: "x"), .first,
    ]
    let types: [Any.Type] = [Int.self, String.self, (Int8, UInt16).self, String.self]
    guard known.count == 1, let layout = known.first, layout.hasFieldRecords,
      layout.payloadCaseCount == 4, layout.emptyCaseCount == 2,
      layout.size == MemoryLayout<Known>.size, layout.alignment == MemoryLayout<Known>.alignment,
      layout.caseNames == ["int", "text", "pair", "labelled", "first", "second"],
      samples.indices.allSatisfy({ tags(of: samples[$0], layouts: known) == [UInt32($0)] }),
      types.indices.allSatisfy({ tag in
        layout.payload(forTag: UInt32(tag)).map {
          !$0.indirect && isLayoutIdentical(payload: $0.type, value: types[tag])
        } ?? false
      }), layout.payload(forTag: 4) == nil,
      read(samples[0], known, Int.self) == 0x5EED, read(samples[1], known, String.self) == "a",
      read(samples[2], known, (Int8, UInt16).self) == (-3, 0xBEEF)
    else { return false }
    let layouts = layers(of: Known?.self)
    return layouts.count == 2 && layouts[0].wrappedType == Known.self
      && tags(of: Known?.none, layouts: layouts) == [1]
      && tags(of: Known?.some(.second), layouts: layouts) == [0, 5]
      && read(Known?.some(.text("in")), layouts, String.self) == "in"
  }

  /// The indirect flag, the payload's place in its box, and a generic enum's field types.
  private static func checkBoxed() -> Bool {
    let boxed = layers(of: Boxed.self)
    let generic = layers(of: Generic<String>.self)
    return boxed.count == 1 && boxed[0].payload(forTag: 0)?.indirect == true
      && boxed[0].payload(forTag: 0)?.type == Int.self
      && read(Boxed.boxed(0x1D1), boxed, Int.self) == 0x1D1
      && read(Boxed.pair("boxed", 7), boxed, (String, Int).self) == ("boxed", 7)
      && tags(of: Boxed.plain, layouts: boxed) == [2] && generic.count == 1
      && generic[0].payload(forTag: 0)?.type == String.self
      && read(Generic<String>.value("generic"), generic, String.self) == "generic"
      && tags(of: Generic<String>.empty, layouts: generic) == [1]
  }

  /// Tuple, optional, function, metatype and struct metadata.
  private static func checkShapes() -> Bool {
    guard case .tuple(let elements) = TypeShape(of: (Int8, String).self),
      elements.count == 2, elements[0] == Int8.self, elements[1] == String.self,
      case .optional(let wrapped) = TypeShape(of: Int?.self), wrapped == Int.self,
      case .function = TypeShape(of: ((Int) -> Int).self),
      case .metatype(let instance, false) = TypeShape(of: Int.Type.self), instance == Int.self,
      case .metatype(_, true) = TypeShape(of: CaseBitTest.Type.self),
      case .existentialMetatype = TypeShape(of: Any.Type.self),
      case .struct(false) = TypeShape(of: Int.self), case .struct(true) = TypeShape(of: [Int].self)
    else { return false }
    return singletonMetatype(Int.Type.self) == Int.self
  }
}

import Testing

@testable import CasePaths

// MARK: - Shapes

// NOTE: `@unchecked Sendable` for these test payloads: they hold nothing mutable.
final class AdvObj: CustomStringConvertible, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  var description: String { "AdvObj(\(id))" }
}
class AdvAnimal: @unchecked Sendable, CustomStringConvertible {
  var description: String { "\(type(of: self))" }
}
final class AdvDog: AdvAnimal, @unchecked Sendable {}
final class AdvCat: AdvAnimal, @unchecked Sendable {}
struct AdvEmpty: Equatable {}

/// Multi-payload, extra tag byte, several empty cases.
enum AdvXT { case a(Int), b(Int), c(Double), e0, e1, e2 }
/// Multi-payload, tag in spare bits of pointers.
enum AdvSB { case obj(AdvObj), arr([Int]), ptr(UnsafeRawPointer), e0, e1, e2 }
/// Multi-payload of strings.
enum AdvStr: Equatable { case s(String), t(String), idle, busy }
/// Multi-payload of a small enum without payload (spare bits in one byte).
enum AdvTiny: Equatable { case a, b, c }
enum AdvTinyHolder: Equatable { case t(AdvTiny), u(AdvTiny), n, m }
/// Multi-payload, one Bool + Int8.
enum AdvSmall: Equatable { case f(Bool), g(Int8), h(Bool), z0, z1 }
/// Single payload enums.
enum AdvSPObj { case v(AdvObj), e0, e1, e2 }
enum AdvSPStr: Equatable { case s(String), e0, e1 }
enum AdvSPBool: Equatable { case b(Bool), e0, e1 }
enum AdvSPInt8: Equatable { case v(Int8), e0, e1 }
enum AdvSPArr: Equatable { case v([Int]), e0 }
/// Indirect and generic.
indirect enum AdvInd { case a(Int), b(AdvInd), c(String), e }
enum AdvMixedInd { case a(Int); indirect case b(AdvMixedInd); case c([Int]); case e }
enum AdvBox<T> { case value(T), pair(T, T), none, other }
/// Payload is an optional of the root itself, or the root itself.
indirect enum AdvOuter { case inner(AdvOuter?), leaf(Int), idle }
indirect enum AdvRoute { case home; case sheet(AdvRoute); case tab(Int) }
/// Payload is another enum.
enum AdvTwin: Equatable { case a(Int), b(Int), c }
enum AdvWrap { case t(AdvTwin), x(Int), y(String), z }
enum AdvWrapSP { case t(AdvTwin), z0, z1 }
enum AdvNestOpt { case o(Int??), p(String?), q }
/// Void, empty-struct and tuple payloads.
enum AdvVoid { case a(Void), b(AdvEmpty), c(Int), d, e(Int, String), f((Int, Int)) }
enum AdvVoidOnly { case a(Void), b(AdvEmpty), d, e }
/// Constructors converted to another argument type.
enum AdvConv { case any(Any), animal(AdvAnimal), maybe(Int?), idle }

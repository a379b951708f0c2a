import CasePaths
import Testing

/// Case paths whose value type is also what an optional root wraps, so a `.some` layer and the
/// enum case inside it both fit the types: only the constructor tells them apart.
@Suite("Recursive, generic and nested-optional enums through optional roots")
struct RecursiveOptionalRootTests {
  @Test("A recursive case through an optional root extracts the payload, not the root")
  func recursiveCase() {
    let sheet: CasePath<Route?, Route> = /Route.sheet
    #expect(sheet.extract(from: .home) == nil)
    #expect(sheet.extract(from: .sheet(.home)) == .home)
    #expect(sheet.extract(from: .sheet(.sheet(.home))) == .sheet(.home))
    #expect(sheet.extract(from: nil) == nil)
    #expect(sheet.extract(from: .home) == nil)
    #expect(sheet.embed(.home) == .sheet(.home))
    #expect(sheet.embed(.sheet(.home)) == .sheet(.sheet(.home)))
  }

  @Test("The recursive case is right whichever root is seen first")
  func recursiveCaseLearningOrders() {
    let matchingFirst: CasePath<Route?, Route> = /Route.sheet
    #expect(matchingFirst.extract(from: .sheet(.sheet(.home))) == .sheet(.home))
    #expect(matchingFirst.extract(from: .home) == nil)

    let nilFirst: CasePath<Route?, Route> = /Route.sheet
    #expect(nilFirst.extract(from: nil) == nil)
    #expect(nilFirst.extract(from: .sheet(.home)) == .home)
  }

  @Test("Two optional layers around a recursive enum")
  func doublyOptionalRecursive() {
    let sheet: CasePath<Route??, Route> = /Route.sheet
    #expect(sheet.extract(from: .some(.some(.home))) == nil)
    #expect(sheet.extract(from: .some(.some(.sheet(.home)))) == .home)
    #expect(sheet.extract(from: .some(.none)) == nil)
    #expect(sheet.extract(from: .none) == nil)
    #expect(sheet.embed(.home) == .some(.some(.sheet(.home))))
  }

  @Test("A reducer lifted through the recursive case changes only the payload")
  func liftedMutation() {
    let sheet: CasePath<Route?, Route> = /Route.sheet
    func present(_ root: inout Route?) {
      guard sheet.extract(from: root) != nil else { return }
      root = sheet.embed(.sheet(.home))
    }
    var root: Route? = .home
    present(&root)
    #expect(root == .home)
    root = .sheet(.home)
    present(&root)
    #expect(root == .sheet(.sheet(.home)))
  }

  @Test("A recursive enum whose cases all have payloads")
  func recursiveWithoutEmptyCase() {
    let link: CasePath<Chain?, Chain> = /Chain.link
    #expect(link.extract(from: .end(1)) == nil)
    #expect(link.extract(from: .link(.end(2))) == .end(2))
    #expect(link.extract(from: .link(.link(.end(3)))) == .link(.end(3)))
    #expect(link.extract(from: nil) == nil)
    #expect(link.embed(.end(4)) == .link(.end(4)))

    let linkFirst: CasePath<Chain?, Chain> = /Chain.link
    #expect(linkFirst.extract(from: .link(.link(.end(5)))) == .link(.end(5)))
    #expect(linkFirst.extract(from: .end(6)) == nil)

    let nilFirst: CasePath<Chain?, Chain> = /Chain.link
    #expect(nilFirst.extract(from: nil) == nil)
    #expect(nilFirst.extract(from: .link(.end(7))) == .end(7))
    #expect(nilFirst.extract(from: .end(8)) == nil)
  }

  @Test("A recursive generic enum")
  func recursiveGeneric() {
    let wrap: CasePath<Nest<Int>?, Nest<Int>> = /Nest<Int>.wrap
    #expect(wrap.extract(from: .leaf(1)) == nil)
    #expect(wrap.extract(from: .wrap(.leaf(2))) == .leaf(2))
    #expect(wrap.extract(from: .wrap(.wrap(.leaf(3)))) == .wrap(.leaf(3)))
    #expect(wrap.embed(.leaf(4)) == .wrap(.leaf(4)))

    let sheet: CasePath<Nest<String>?, Nest<String>> = /Nest<String>.wrap
    #expect(sheet.extract(from: .wrap(.wrap(.leaf("a")))) == .wrap(.leaf("a")))
    #expect(sheet.extract(from: .leaf("b")) == nil)
  }

  @Test("A case whose payload is an optional of its own enum")
  func optionalOfOwnEnum() {
    let sub: CasePath<Menu?, Menu?> = /Menu.sub
    #expect(sub.extract(from: .root) == nil)
    #expect(sub.extract(from: .sub(nil)) == .some(nil))
    #expect(sub.extract(from: .sub(.root)) == .root)
    #expect(sub.embed(.root) == .sub(.root))

    let unwrapped: CasePath<Menu?, Menu> = /Menu.sub
    #expect(unwrapped.extract(from: .root) == nil)
    #expect(unwrapped.extract(from: .sub(.root)) == .root)
    #expect(unwrapped.extract(from: .sub(.sub(.root))) == .sub(.root))
    #expect(unwrapped.embed(.root) == .sub(.root))

    let nested: CasePath<Menu??, Menu?> = /Menu.sub
    #expect(nested.extract(from: .some(.some(.root))) == nil)
    #expect(nested.extract(from: .some(.some(.sub(.root)))) == .root)
    #expect(nested.extract(from: .some(.some(.sub(nil)))) == .some(nil))
    #expect(nested.extract(from: .some(.none)) == nil)
    #expect(nested.embed(nil) == .some(.some(.sub(nil))))
  }

  @Test("A generic enum nested in itself or around an optional")
  func genericBox() {
    let outer: CasePath<Box<Box<Int>>?, Box<Int>> = /Box<Box<Int>>.value
    #expect(outer.extract(from: .value(.value(1))) == .value(1))
    #expect(outer.extract(from: .value(.none)) == Box<Int>.none)
    #expect(outer.extract(from: Box<Box<Int>>.none) == nil)
    #expect(outer.extract(from: nil) == nil)
    #expect(outer.embed(.value(2)) == .value(.value(2)))

    let optional: CasePath<Box<Int?>??, Int?> = /Box<Int?>.value
    #expect(optional.extract(from: .some(.some(.value(nil)))) == .some(nil))
    #expect(optional.extract(from: .some(.some(.value(3)))) == 3)
    #expect(optional.extract(from: .some(.some(Box<Int?>.none))) == nil)
    #expect(optional.extract(from: .some(nil)) == nil)
    #expect(optional.embed(4) == .some(.some(.value(4))))
  }

  @Test("Optional.some around the same enums still extracts the wrapped value")
  func optionalSomeOfRecursiveEnums() {
    let route: CasePath<Route?, Route> = /Optional<Route>.some
    #expect(route.extract(from: .home) == .home)
    #expect(route.extract(from: .sheet(.home)) == .sheet(.home))
    #expect(route.extract(from: nil) == nil)
    #expect(route.embed(.home) == .some(.home))

    let chain: CasePath<Chain?, Chain> = /Optional<Chain>.some
    #expect(chain.extract(from: .link(.end(1))) == .link(.end(1)))
    #expect(chain.extract(from: .end(2)) == .end(2))
    #expect(chain.extract(from: nil) == nil)

    let deep: CasePath<Route??, Route> = /Optional<Route>.some
    #expect(deep.extract(from: .some(.some(.home))) == .home)
    #expect(deep.extract(from: .some(.none)) == nil)
    #expect(deep.embed(.home) == .some(.some(.home)))

    let optionalRoute: CasePath<Route??, Route?> = /Optional<Route?>.some
    #expect(optionalRoute.extract(from: .some(.none)) == .some(nil))
    #expect(optionalRoute.extract(from: .some(.some(.sheet(.home)))) == .sheet(.home))
    #expect(optionalRoute.extract(from: .none) == nil)
  }
}

indirect enum Route: Equatable {
  case home
  case sheet(Route)
}

indirect enum Chain: Equatable {
  case end(Int)
  case link(Chain)
}

indirect enum Nest<T: Equatable>: Equatable {
  case leaf(T)
  case wrap(Nest<T>)
}

indirect enum Menu: Equatable {
  case root
  case sub(Menu?)
}

enum Box<T: Equatable>: Equatable {
  case value(T)
  case none
}

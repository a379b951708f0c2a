import Testing

@testable import Actomaton

/// `ErasedKey`: ids and queues of different types never match; of one type, by value.
@Suite struct ErasedKeyTests {
  struct Empty: EffectIDProtocol {}
  struct OtherEmpty: EffectIDProtocol {}
  struct Numbered: EffectIDProtocol { let number: Int }
  enum Marker: EffectIDProtocol { case only }

  @Test func emptyTypesMatchTheirOwnTypeOnly() {
    #expect(ErasedKey(base: Empty()) == ErasedKey(base: Empty()))
    #expect(ErasedKey(base: Empty()) != ErasedKey(base: OtherEmpty()))
    #expect(ErasedKey(base: Empty()) != ErasedKey(base: Marker.only))
    #expect(ErasedKey(base: Marker.only) == ErasedKey(base: Marker.only))
    #expect(ErasedKey(base: Empty()) != ErasedKey(base: Numbered(number: 0)))
  }

  @Test func equalityIsSymmetricForEmptyTypesAsForOthers() {
    // An optional key equals the key it wraps, either way round, whether its type is empty or not.
    let empty = EffectScope(Empty())
    let wrappedEmpty = EffectScope(Optional(Empty()))
    #expect((empty == wrappedEmpty) == (wrappedEmpty == empty))
    let number = EffectScope(1)
    let wrappedNumber = EffectScope(Optional(1))
    #expect((number == wrappedNumber) == (wrappedNumber == number))
  }

  @Test func valuesOfOneTypeMatchByValue() {
    #expect(ErasedKey(base: Numbered(number: 1)) == ErasedKey(base: Numbered(number: 1)))
    #expect(ErasedKey(base: Numbered(number: 1)) != ErasedKey(base: Numbered(number: 2)))
    #expect(ErasedKey(base: Numbered(number: 1)) != ErasedKey(base: 1))
    let keys: Set = [
      ErasedKey(base: Empty()), ErasedKey(base: Empty()), ErasedKey(base: OtherEmpty()),
    ]
    #expect(keys.count == 2)
  }
}

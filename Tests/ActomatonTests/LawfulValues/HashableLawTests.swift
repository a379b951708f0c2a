import Actomaton
import Testing

/// Spec rule 14: equal ids, scopes and queues hash alike; equality is an equivalence.
struct HashableLawTests {
  struct Queue: Newest1EffectQueueProtocol {}
  struct Named: EffectIDProtocol { let name: String }

  /// Values of many types, some equal across types (a value and an optional holding it).
  static let keys: [any Hashable & Sendable] = [
    1, Optional(1), Optional(Optional(1)), 2, "a", Optional("a"), Named(name: "a"),
    Optional(Named(name: "a")), Queue(), Optional(Queue()), Int?.none, String?.none, 1.0,
    Int8(1), [1, 2], Optional([1, 2]),
  ]

  static func checkLaws<T: Hashable>(_ values: [T]) {
    for a in values {
      #expect(a == a)
      for b in values where a == b {
        #expect(b == a, "\(a) == \(b) but not the other way round")
        #expect(a.hashValue == b.hashValue, "\(a) == \(b) but their hashes differ")
        for c in values where b == c { #expect(a == c, "\(a) == \(b) == \(c) but \(a) != \(c)") }
      }
    }
  }

  @Test func scopesObeyTheLaws() {
    let scopes = Self.keys.map { EffectScope($0) }
    Self.checkLaws(scopes)
    #expect(EffectScope(1) == EffectScope(Optional(1)))
    #expect(Set(scopes.map { $0 }).contains(EffectScope(Optional(1))))
  }

  @Test func scopedIDsAndQueuesObeyTheLaws() {
    let ids = Self.keys.flatMap { key in
      [
        ScopedEffectID(scope: EffectScope(key), inner: Named(name: "x")),
        ScopedEffectID(
          scope: EffectScope("s"),
          inner: ScopedEffectID(
            scope: EffectScope(key), inner: Named(name: "y"))),
      ]
    }
    Self.checkLaws(ids)
    let queues = Self.keys.map { ScopedEffectQueue(scope: EffectScope($0), inner: Queue()) }
    Self.checkLaws(queues)
    var lookup: [ScopedEffectID: Int] = [:]
    lookup[ScopedEffectID(scope: EffectScope(1), inner: Named(name: "x"))] = 7
    #expect(lookup[ScopedEffectID(scope: EffectScope(Optional(1)), inner: Named(name: "x"))] == 7)
  }
}

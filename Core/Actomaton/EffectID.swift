/// An identifier for effects that can be cancelled by hand with ``Effect/cancel(id:)``.
///
/// Several running effects may share one id; cancelling the id cancels all of them. A new effect
/// with an id already in use does not cancel the old one: use an ``EffectQueueProtocol`` for
/// automatic cancellation.
public protocol EffectIDProtocol: Hashable, Sendable {}

/// The id that ``Effect/cancel(ids:)`` predicates see for an effect created without an id.
public struct AnonymousEffectID: EffectIDProtocol {
  /// A number unique to the effect within its actomaton.
  public let serial: UInt64
}

/// A type-erased, allocation-free hashable key for effect ids and effect queues.
@usableFromInline
struct ErasedKey: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline static func == (lhs: ErasedKey, rhs: ErasedKey) -> Bool {
    func isEqual<T: Hashable>(_ value: T) -> Bool {
      // NOTE: most ids and queues are empty structs: the same type is then the same value, and
      // the general comparison (the costly part) is skipped.
      if MemoryLayout<T>.size == 0, type(of: rhs.base) == T.self { return true }
      return AnyHashable(value) == AnyHashable(rhs.base)
    }
    return isEqual(lhs.base)
  }

  // NOTE: equality and hashing are `AnyHashable`'s, which agree with each other (spec rule 14):
  // an optional holding a value equals the value and hashes alike.
  @usableFromInline func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

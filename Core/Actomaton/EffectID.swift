/// An identifier for effects that can be cancelled by hand with ``Effect/cancel(id:)``.
///
/// Several running effects may share one id, and cancelling it cancels them all; a new effect
/// does not cancel the old ones (an ``EffectQueueProtocol`` does).
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
      // NOTE: for an empty struct (most ids and queues) the same type is the same value.
      if MemoryLayout<T>.size == 0, type(of: rhs.base) == T.self { return true }
      return AnyHashable(value) == AnyHashable(rhs.base)
    }
    return isEqual(lhs.base)
  }

  // NOTE: equality and hashing are `AnyHashable`'s, which agree (spec rule 14).
  @usableFromInline func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}

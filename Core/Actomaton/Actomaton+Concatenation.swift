/// The later parts of one level of an ``Effect/concatenate(_:)-(Effect...)``, waiting for the
/// part before them. Only the owning actomaton touches it; it holds one unit of its send's group.
final class ConcatStage {
  /// The send the parts belong to; its `stage` is the enclosing one's.
  let context: SendContext
  /// The later parts, an `ArraySlice<Effect<Action>>`.
  let rest: Any
  /// Effects (and inner stages) of the current part not yet over; the stage ends when none is left.
  // NOTE: one unit is held while the first part runs, so that one finishing synchronously does
  // not run the rest from inside itself.
  var pending = 1
  /// A child's `onStop`, whose later parts are orphaned with its running part.
  let outlivesScopes: Bool
  /// The scope the `onStop` ran in ended: the later parts run orphaned.
  var isOrphaned = false

  var parent: ConcatStage? { context.stage }

  init(rest: Any, context: SendContext, outlivesScopes: Bool) {
    var context = context
    // NOTE: the later parts belong to the send, whose task was returned already.
    (context.returnsTask, context.marksBinding) = (false, false)
    (self.rest, self.context, self.outlivesScopes) = (rest, context, outlivesScopes)
  }

  deinit {
    if pending > 0 { context.group?.leave() }
  }
}

extension Actomaton {
  /// Runs the first part now and the others each after the previous one's async work is over.
  func runConcatenation(
    _ parts: ArraySlice<Effect<Action>>, outlivesScopes: Bool, in context: inout SendContext
  ) {
    guard let first = parts.first else { return }
    let rest = parts.dropFirst()
    if rest.isEmpty { return run(first, in: &context) }
    _ = context.joinGroup(makeGroup)
    let stage = ConcatStage(rest: rest, context: context, outlivesScopes: outlivesScopes)
    stage.parent?.pending += 1
    context.stage = stage
    run(first, in: &context)
    context.stage = stage.parent
    finishUnit(of: stage)
  }

  /// One unit of a stage's current part is over; the last one runs the stage's next parts.
  func finishUnit(of stage: ConcatStage) {
    stage.pending -= 1
    guard stage.pending == 0 else { return }
    let group = stage.context.group
    if group?.isCancelled != true {
      var context = stage.context
      // NOTE: every stage was made by `runConcatenation` with this `Action`.
      let rest = stage.rest as! ArraySlice<Effect<Action>>
      runConcatenation(
        stage.isOrphaned ? rest.map { $0.orphaned() }[...] : rest,
        outlivesScopes: stage.outlivesScopes, in: &context)
    }
    group?.leave()
    if let parent = stage.parent { finishUnit(of: parent) }
  }
}

/// One level of an ``Effect/concatenate(_:)-(Effect...)``: the unit of work its current part
/// counts as, without the later parts themselves (see ``ConcatStage``).
///
/// Only the owning actomaton touches a stage. A stage holds one unit of its send's group, so the
/// send's task waits for every part; if the actomaton goes away first, the stage's release lets
/// the group go.
class ConcatUnit {
  let group: SendGroup?
  let priority: TaskPriority?
  let tracksFeedbacks: Bool
  /// The stage of an enclosing concatenation, in which this one counts as one unit of work.
  let parent: ConcatUnit?
  /// Effects (and inner stages) of the current part that are not over yet.
  var pending = 0
  private var isOver = false
  /// A child's `onStop`, whose later parts are orphaned when its running part is.
  let outlivesScopes: Bool
  /// The scope the `onStop` ran in ended: the later parts run orphaned (see `Effect.orphaned`).
  var isOrphaned = false

  init(context: SendContext, outlivesScopes: Bool = false) {
    self.outlivesScopes = outlivesScopes
    self.group = context.group
    self.priority = context.priority
    self.tracksFeedbacks = context.tracksFeedbacks
    self.parent = context.stage
  }

  /// Marks the stage over; returns `false` when it already was.
  func end() -> Bool {
    defer { isOver = true }
    return !isOver
  }

  deinit {
    if !isOver { group?.leave() }
  }
}

/// The later parts of a concatenation, waiting until the async work of the part before them is
/// over.
final class ConcatStage<Action: Sendable>: ConcatUnit {
  let rest: ArraySlice<Effect<Action>>

  init(rest: ArraySlice<Effect<Action>>, context: SendContext, outlivesScopes: Bool) {
    self.rest = rest
    super.init(context: context, outlivesScopes: outlivesScopes)
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
    // NOTE: one unit held while the first part runs, so a part that finishes synchronously does
    // not run the rest from inside itself.
    stage.pending += 1
    context.stage = stage
    run(first, in: &context)
    context.stage = stage.parent
    finishUnit(of: stage)
  }

  /// One unit of a stage's current part is over; the last one runs the stage's next parts.
  func finishUnit(of stage: ConcatUnit) {
    stage.pending -= 1
    guard stage.pending == 0, stage.end() else { return }
    if stage.group?.isCancelled != true {
      var context = SendContext(continuing: stage)
      // NOTE: every stage of this actomaton was made by `runConcatenation` with its `Action`;
      // the cast is checked.
      let rest = (stage as! ConcatStage<Action>).rest
      runConcatenation(
        stage.isOrphaned ? rest.map { $0.orphaned() }[...] : rest,
        outlivesScopes: stage.outlivesScopes, in: &context)
    }
    stage.group?.leave()
    if let parent = stage.parent { finishUnit(of: parent) }
  }
}

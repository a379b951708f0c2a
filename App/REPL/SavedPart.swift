/// The part of a host's state that is kept outside the program (the gallery's todo list, in a
/// file): what undo, quitting and `--strict` must know of it so that nothing typed is lost.
public struct SavedPart<Host: ShellHost>: Sendable {
  /// The name of the screen that shows it: the failures it shows are counted where they arise
  /// (``countFailures``), not when shown.
  public var screen: String
  /// Whether the part in `state` was loaded from outside.
  public var isLoaded: @Sendable (Host.State) -> Bool
  /// `state` with the part of `source` in place of its own.
  public var putting: @Sendable (_ source: Host.State, _ into: Host.State) -> Host.State
  /// The part of `restoring` as undo puts it back over `current`'s (keeping what `current`
  /// knows of the outside: what was saved).
  public var restored: @Sendable (_ restoring: Host.State, _ over: Host.State) -> Host.State
  /// Whether the part differs between two states, so that a restored one is saved again.
  public var differs: @Sendable (Host.State, Host.State) -> Bool
  /// The action that saves the part now.
  public var flush: Host.Action
  /// `state` without the copies only a comparison needs: undo's old states keep it so.
  public var forUndoOnly: @Sendable (Host.State) -> Host.State
  /// What would be lost when the program ends now: a message and the lines to keep by hand.
  public var lostAtQuit: @Sendable (Host.State) -> LostAtQuit?
  /// Counts the failures that arise off the prompt (a save that failed in the background):
  /// they count for `--strict` where they arise, not where they are shown.
  public var countFailures:
    @Sendable (Host.Action, _ old: Host.State, _ new: Host.State, inout FailureTally) -> Void

  /// What would be lost when the program ends.
  public struct LostAtQuit: Sendable {
    public let message: String
    public let lines: [String]
    public init(message: String, lines: [String]) { (self.message, self.lines) = (message, lines) }
  }

  public init(
    screen: String, isLoaded: @escaping @Sendable (Host.State) -> Bool,
    putting: @escaping @Sendable (Host.State, Host.State) -> Host.State,
    restored: @escaping @Sendable (Host.State, Host.State) -> Host.State,
    differs: @escaping @Sendable (Host.State, Host.State) -> Bool, flush: Host.Action,
    forUndoOnly: @escaping @Sendable (Host.State) -> Host.State,
    lostAtQuit: @escaping @Sendable (Host.State) -> LostAtQuit?,
    countFailures:
      @escaping @Sendable (Host.Action, Host.State, Host.State, inout FailureTally)
      -> Void
  ) {
    self.screen = screen
    (self.isLoaded, self.putting, self.restored, self.differs) = (
      isLoaded, putting, restored, differs
    )
    (self.flush, self.forUndoOnly, self.lostAtQuit) = (flush, forUndoOnly, lostAtQuit)
    self.countFailures = countFailures
  }
}

/// The failures counted where they arise, for `--strict`.
public struct FailureTally: Sendable {
  public private(set) var count = 0
  private var lasting: Set<String> = []

  /// Counts a failure.
  public mutating func add() { count += 1 }

  /// Counts the failure `name` once while it lasts, until it `ended`.
  public mutating func arose(_ name: String) {
    if lasting.insert(name).inserted { count += 1 }
  }

  public mutating func ended(_ name: String) { lasting.remove(name) }
}

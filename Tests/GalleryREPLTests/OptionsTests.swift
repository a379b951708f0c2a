import ActomatonREPL
import GalleryApp
import Testing

/// The command line's options: each once, and `--replay` alone.
@Suite struct OptionsTests {
  /// A repeated `--record` silently kept the last file, and `--replay F --offline` was taken
  /// while `--replay F --screen counter` was refused.
  @Test(arguments: [
    (["--record", "a", "--record", "b"], "--record is given twice; give it once"),
    (["--offline", "--offline"], "--offline is given twice; give it once"),
    (["--replay", "r", "--offline"], "--replay takes no other option but FILE"),
    (["--replay", "r", "--screen", "counter"], "--replay takes no other option but FILE"),
    (["--data-dir", "--offline"], "--data-dir needs a DIR"),
  ])
  func anOptionTwiceOrBesideReplayIsRefused(arguments: [String], message: String) {
    #expect {
      try Options.parse(arguments)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test func eachOptionOnceIsTaken() throws {
    let options = try Options.parse(["--offline", "--record", "r.jsonl", "--strict"])
    #expect(options.offline && options.strict && options.recordFile == "r.jsonl")
    #expect(try Options.parse(["--replay", "r.jsonl"]).replayFile == "r.jsonl")
  }
}

import Testing

@Suite struct GitHubSearchTranscriptTests {
  /// The fixture's first page for 'swift' sorted by stars, as the screen shows it.
  static let byStars = """
    'swift' sorted by stars: 13 result(s), page 1 of 2
      1. ambergate/tessera  ★6120  Swift
      2. tidewater/ferrule  ★4812  Swift
      3. kowalczyk-a/snapgrid  ★2675  Swift
      4. tidewater/quayside  ★1290  Swift
      5. grainfield/loamdb-swift  ★905  Swift
      6. ambergate/tessera-vapor  ★840  Swift
      7. kowalczyk-a/swift-decimal-money  ★734  Swift
      8. larkspur-dev/ferry-swift-bridge  ★380  Swift
      9. cobaltfinch/wren-audio-swift  ★211  Swift
      10. delphine-ruiz/swift-actor-playground  ★167  Swift
    """

  @Test func gitHubSearchScript() async {
    let transcript = await Harness().run(
      """
      github
      search swift
      wait
      open 1
      next
      wait
      sort stars
      wait
      open 99
      prev
      quit
      """)
    #expect(
      transcript == """
        > github
        no search yet: try 'search swift'
        > search swift
        searching 'swift'…
        > wait
        'swift' sorted by best-match: 13 result(s), page 1 of 2
          1. grainfield/loamdb-swift  ★905  Swift
          2. kowalczyk-a/swift-decimal-money  ★734  Swift
          3. larkspur-dev/ferry-swift-bridge  ★380  Swift
          4. cobaltfinch/wren-audio-swift  ★211  Swift
          5. delphine-ruiz/swift-actor-playground  ★167  Swift
          6. hollis-okafor/swift-parsing-notes  ★58  Swift
          7. ambergate/tessera  ★6120  Swift
          8. tidewater/ferrule  ★4812  Swift
          9. kowalczyk-a/snapgrid  ★2675  Swift
          10. tidewater/quayside  ★1290  Swift
        > open 1
        grainfield/loamdb-swift
          Swift bindings for loamdb
          language: Swift  stars: 905  forks: 47
          license: Apache-2.0  updated: 2026-04-30T11:25:19Z
          https://github.com/grainfield/loamdb-swift
        > next
        grainfield/loamdb-swift
          Swift bindings for loamdb
          language: Swift  stars: 905  forks: 47
          license: Apache-2.0  updated: 2026-04-30T11:25:19Z
          https://github.com/grainfield/loamdb-swift
        > wait
        'swift' sorted by best-match: 13 result(s), page 2
          1. ambergate/tessera-vapor  ★840  Swift
          2. tidewater/ferrule-examples  ★143  Swift
          3. delphine-ruiz/state-machines-talk  ★31
        > sort stars
        searching 'swift'…
        > wait
        \(Self.byStars)
        > open 99
        \(Self.byStars)
        ! There is no result 99 on this page; choose 1 to 10.
        > prev
        \(Self.byStars)
        ! There is no previous page.
        > quit

        """)
  }

  @Test func openAtTheExtremesOfIntIsRefusedNotATrap() async {
    let transcript = await Harness().run(
      """
      github
      search tessera
      wait
      open -9223372036854775808
      open 9223372036854775807
      quit
      """)
    #expect(
      transcript.contains(
        "! There is no result -9223372036854775808 on this page; choose 1 to 2."))
    #expect(
      transcript.contains("! There is no result 9223372036854775807 on this page; choose 1 to 2."))
  }
}

extension Repository {
  /// Invented repositories for the offline client and tests; any likeness to a real one is chance.
  public static let fixtures: [Repository] = [
    entry(
      1, "tidewater/ferrule", "Swift", 4_812, 231, "MIT",
      "2024-07-29T16:24:08Z", "A small, composable HTTP client for server-side Swift"),
    entry(
      2, "tidewater/ferrule-examples", "Swift", 143, 19, "MIT",
      "2026-07-29T19:26:12Z", "Sample apps for ferrule: a CLI, a daemon and a web hook receiver"),
    entry(
      3, "tidewater/quayside", "Swift", 1_290, 77, "Apache-2.0",
      "2026-01-26T10:45:00Z",
      "Structured logging with pluggable sinks for Swift on Linux and macOS"),
    entry(
      4, "marrowlabs/lintel", "Rust", 23_870, 1_104, "Apache-2.0",
      "2026-05-23T13:22:23Z",
      "A fast, incremental linter for configuration files (YAML, TOML, JSON)"),
    entry(
      5, "marrowlabs/lintel-vscode", "TypeScript", 612, 58, "Apache-2.0",
      "2025-06-25T23:15:40Z", "VS Code extension for the lintel configuration linter"),
    entry(
      6, "marrowlabs/bramble", "Rust", 7_411, 388, "MIT",
      "2024-08-23T11:15:43Z", "Content-defined chunking and deduplication library"),
    entry(
      7, "pennywhistle/kettle", "Go", 15_402, 960, "BSD-3-Clause",
      "2025-06-07T05:14:14Z", "Self-hosted job queue with a Postgres backend and a tiny web UI"),
    entry(
      8, "pennywhistle/kettle-client-py", "Python", 388, 41, "BSD-3-Clause",
      "2024-05-09T21:52:02Z", "Python client for the kettle job queue"),
    entry(9, "pennywhistle/dotconf", nil, 12, 2, nil, "2025-04-16T17:35:17Z", nil),
    entry(
      10, "orchard-sys/graftwood", "C++", 9_034, 702, "MPL-2.0",
      "2026-07-16T05:24:24Z", "Header-only persistent data structures for C++20"),
    entry(
      11, "orchard-sys/pipsqueak", "C", 2_107, 180, "BSD-2-Clause",
      "2025-04-01T12:07:09Z", "A minimal coroutine library for embedded C"),
    entry(
      12, "orchard-sys/sapling-bench", "C++", 96, 11, "MPL-2.0",
      "2024-10-04T02:56:18Z", "Benchmarks comparing persistent maps across C++ libraries"),
    entry(
      13, "hollis-okafor/notebook", nil, 7, 0, nil,
      "2024-07-19T15:10:17Z", "Personal notes, mostly about compilers"),
    entry(
      14, "hollis-okafor/tinyregex", "OCaml", 431, 27, "MIT",
      "2026-07-21T21:30:39Z",
      "A regular expression engine in 600 lines of OCaml, written to teach"),
    entry(
      15, "hollis-okafor/swift-parsing-notes", "Swift", 58, 4, "CC0-1.0",
      "2026-07-16T23:38:09Z", "Worked examples of parser combinators in Swift"),
    entry(
      16, "lumenforge/prism-ui", "TypeScript", 31_220, 2_876, "MIT",
      "2025-08-27T03:27:32Z", "Accessible, unstyled UI primitives for the web"),
    entry(
      17, "lumenforge/prism-icons", "TypeScript", 5_033, 412, "MIT",
      "2024-11-03T08:47:12Z",
      "An icon set designed on a 20 px grid, with React and Svelte bindings"),
    entry(
      18, "lumenforge/design-tokens", "JavaScript", 877, 93, "MIT",
      "2026-04-01T12:04:20Z", nil),
    entry(
      19, "quietcartographer/tessellate", "Python", 6_540, 505, "GPL-3.0",
      "2024-07-27T02:03:54Z", "Vector tile generation from OpenStreetMap extracts"),
    entry(
      20, "quietcartographer/routeboard", "Kotlin", 1_820, 144, "GPL-3.0",
      "2026-09-03T15:54:03Z", "Offline hiking route planner for Android"),
    entry(
      21, "quietcartographer/gpx-tools", "Python", 240, 30, "MIT",
      "2026-03-28T13:37:02Z", "Command-line tools to merge, trim and simplify GPX tracks"),
    entry(
      22, "fernandes-dev/chronik", "Elixir", 2_244, 130, "Apache-2.0",
      "2025-10-15T19:23:01Z", "Event sourcing toolkit for Elixir with snapshotting"),
    entry(23, "fernandes-dev/phx-presence-demo", "Elixir", 61, 9, nil, "2024-06-20T05:23:28Z", nil),
    entry(
      24, "bitternut/ziggurat", "Zig", 3_710, 160, "MIT",
      "2025-03-09T13:59:16Z", "A build-time asset packer written in Zig"),
    entry(
      25, "bitternut/zig-ring", "Zig", 505, 22, "MIT",
      "2024-07-17T18:48:02Z", "Lock-free ring buffers for Zig"),
    entry(
      26, "saltmarsh/heron", "Go", 11_893, 745, "Apache-2.0",
      "2026-09-20T14:22:37Z", "Lightweight service mesh sidecar focused on observability"),
    entry(
      27, "saltmarsh/heron-charts", nil, 320, 88, "Apache-2.0",
      "2026-02-11T15:27:33Z", "Helm charts for deploying heron"),
    entry(
      28, "saltmarsh/egret", "Go", 2_981, 203, "Apache-2.0",
      "2025-12-12T23:48:23Z", "Distributed tracing collector compatible with OpenTelemetry"),
    entry(
      29, "kowalczyk-a/snapgrid", "Swift", 2_675, 189, "MIT",
      "2026-06-20T08:56:28Z", "Snapshot testing for SwiftUI and AppKit views"),
    entry(
      30, "kowalczyk-a/swift-decimal-money", "Swift", 734, 36, "Apache-2.0",
      "2024-11-24T18:04:48Z", "Money and currency arithmetic for Swift without floating point"),
    entry(31, "kowalczyk-a/scratch", nil, 3, 0, nil, "2026-06-22T15:14:18Z", nil),
    entry(
      32, "brightwater-labs/estuary", "Java", 8_420, 1_311, "Apache-2.0",
      "2026-01-19T01:20:14Z", "Streaming ETL pipelines with exactly-once delivery"),
    entry(
      33, "brightwater-labs/estuary-connectors", "Java", 1_533, 402, "Apache-2.0",
      "2026-04-02T23:02:30Z", "Source and sink connectors for estuary"),
    entry(
      34, "nightjar-studio/dusklight", "C#", 4_106, 299, "MIT",
      "2026-03-06T07:17:22Z", "A 2D lighting system for Unity games"),
    entry(
      35, "nightjar-studio/pixelkiln", "C++", 2_890, 171, "Zlib",
      "2026-03-19T12:10:27Z", "Sprite atlas packer with palette quantisation"),
    entry(
      36, "grainfield/loamdb", "Rust", 18_012, 840, "Apache-2.0",
      "2026-10-08T05:33:11Z", "An embedded key-value store with MVCC transactions"),
    entry(
      37, "grainfield/loamdb-swift", "Swift", 905, 47, "Apache-2.0",
      "2026-04-30T11:25:19Z", "Swift bindings for loamdb"),
    entry(
      38, "grainfield/furrow", "Rust", 2_201, 97, "MIT",
      "2025-11-13T16:57:03Z", "Terminal dashboard for watching log files"),
    entry(
      39, "amaranth-ops/shepherd", "Shell", 1_444, 210, "MIT",
      "2024-12-01T14:49:21Z", "Bootstrap scripts for provisioning Debian servers"),
    entry(
      40, "amaranth-ops/ansible-role-wireguard", "Jinja", 673, 155, "MIT",
      "2025-12-10T23:12:36Z", "Ansible role to set up WireGuard tunnels"),
    entry(
      41, "moss-and-maple/leafpress", "Ruby", 5_230, 640, "MIT",
      "2025-04-27T22:42:42Z", "Static site generator with a focus on long-form writing"),
    entry(
      42, "moss-and-maple/leafpress-themes", "CSS", 412, 120, "MIT",
      "2026-06-12T12:49:29Z", nil),
    entry(
      43, "ibrahim-yusuf/haskell-tiny-http", "Haskell", 289, 14, "BSD-3-Clause",
      "2026-08-26T05:40:33Z", "An HTTP/1.1 server in Haskell for learning"),
    entry(
      44, "ibrahim-yusuf/typed-config", "Haskell", 1_120, 45, "BSD-3-Clause",
      "2025-02-18T22:25:54Z", "Type-safe configuration loading from env, files and flags"),
    entry(
      45, "cobaltfinch/wren-audio", "C", 3_398, 260, "BSD-3-Clause",
      "2025-07-26T03:37:09Z", "Portable audio I/O with a callback API"),
    entry(
      46, "cobaltfinch/wren-audio-swift", "Swift", 211, 13, "BSD-3-Clause",
      "2026-07-20T15:24:18Z", "Swift wrapper around wren-audio for macOS and Linux"),
    entry(47, "cobaltfinch/synth-experiments", "C++", 45, 3, nil, "2024-05-11T20:46:32Z", nil),
    entry(
      48, "larkspur-dev/ferry", "Kotlin", 6_789, 455, "Apache-2.0",
      "2024-08-08T23:01:10Z", "Kotlin multiplatform networking with typed endpoints"),
    entry(
      49, "larkspur-dev/ferry-swift-bridge", "Swift", 380, 26, "Apache-2.0",
      "2026-08-02T18:21:33Z", "Use ferry endpoints from Swift with async/await"),
    entry(
      50, "ravenstone/keystone-auth", "Go", 4_512, 318, "MPL-2.0",
      "2025-06-25T01:38:15Z", "OAuth 2.1 and OpenID Connect provider in a single binary"),
    entry(
      51, "ravenstone/pam-totp", "C", 602, 49, "GPL-2.0",
      "2024-07-05T22:02:55Z", "PAM module for time-based one-time passwords"),
    entry(
      52, "ottoline-berg/knit", "Lua", 2_011, 84, "MIT",
      "2026-04-06T12:46:43Z", "Neovim plugin for structural editing of Lisp code"),
    entry(
      53, "ottoline-berg/nvim-config", "Lua", 94, 12, nil,
      "2025-07-14T19:21:14Z", "My Neovim configuration"),
    entry(
      54, "sunspot-collective/helio", "Python", 12_780, 1_530, "BSD-3-Clause",
      "2024-08-09T06:07:59Z", "Solar irradiance modelling and PV yield forecasting"),
    entry(
      55, "sunspot-collective/helio-notebooks", "Jupyter Notebook", 655, 210, "CC-BY-4.0",
      "2026-09-27T17:38:53Z", "Tutorial notebooks for helio"),
    entry(
      56, "pinecone-forge/resin", "TypeScript", 9_240, 610, "MIT",
      "2026-02-04T15:52:09Z", "Type-safe SQL query builder for TypeScript"),
    entry(
      57, "pinecone-forge/resin-migrate", "TypeScript", 1_175, 88, "MIT",
      "2025-10-16T05:35:44Z", "Schema migrations for resin"),
    entry(
      58, "delphine-ruiz/swift-actor-playground", "Swift", 167, 9, "MIT",
      "2025-05-23T20:35:39Z", "Experiments with Swift actors, isolation and task groups"),
    entry(
      59, "delphine-ruiz/state-machines-talk", nil, 31, 2, "CC-BY-4.0",
      "2025-05-09T03:18:34Z", "Slides and code from a talk on state machines in Swift"),
    entry(
      60, "ironbark/anvil-ci", "Go", 7_025, 512, "Apache-2.0",
      "2024-05-02T21:36:21Z", "Container-native CI runner with reproducible caches"),
    entry(
      61, "ironbark/anvil-action", "TypeScript", 820, 71, "Apache-2.0",
      "2025-06-10T02:51:22Z", nil),
    entry(
      62, "tangerine-robotics/servo-kit", "C++", 1_980, 301, "BSD-3-Clause",
      "2025-06-20T13:35:30Z", "Motion control library for hobby robot arms"),
    entry(
      63, "tangerine-robotics/servo-kit-py", "Python", 540, 66, "BSD-3-Clause",
      "2025-06-04T07:08:14Z", "Python bindings for servo-kit"),
    entry(
      64, "whitlow-archive/markdown-lint-rules", "JavaScript", 330, 40, "MIT",
      "2025-09-28T19:02:41Z", "Extra rules for markdown linters"),
    entry(
      65, "ambergate/tessera", "Swift", 6_120, 344, "MIT",
      "2025-01-08T20:03:40Z", "A declarative layout engine for server-rendered Swift HTML"),
    entry(
      66, "ambergate/tessera-vapor", "Swift", 840, 52, "MIT",
      "2025-10-09T13:29:50Z", "Integrates tessera with web frameworks for server-side Swift"),
    entry(
      67, "ambergate/legacy-objc-utils", "Objective-C", 1_502, 260, "MIT",
      "2025-01-23T23:09:16Z", "Category helpers for older Objective-C codebases"),
    entry(
      68, "coralreef-data/reefql", "Scala", 3_205, 277, "Apache-2.0",
      "2025-02-10T02:55:40Z", "A query language over columnar data lakes"),
    entry(
      69, "coralreef-data/reef-benchmarks", nil, 77, 10, "Apache-2.0",
      "2024-12-27T22:24:29Z", nil),
    entry(
      70, "jun-takahashi/kanji-srs", "Dart", 2_430, 198, "GPL-3.0",
      "2024-10-04T06:36:01Z", "Spaced repetition flashcards for learning kanji"),
    entry(71, "jun-takahashi/dotfiles", "Shell", 25, 4, nil, "2024-06-25T02:04:25Z", nil),
    entry(
      72, "northwind-tools/csvkite", "Rust", 5_620, 233, "MIT",
      "2026-10-13T14:42:32Z", "Query CSV files with SQL from the command line"),
  ]

  private static func entry(
    _ index: Int64, _ fullName: String, _ language: String?, _ stars: Int, _ forks: Int,
    _ license: String?, _ updatedAt: String, _ description: String?
  ) -> Repository {
    Repository(
      id: 900_000_000 + index * 7_919, fullName: fullName,
      owner: String(fullName.prefix { $0 != "/" }), description: description,
      language: language, stars: stars, forks: forks, license: license,
      htmlURL: "https://github.com/" + fullName, updatedAt: updatedAt)
  }
}

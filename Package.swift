// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ActomatonGallery",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .library(name: "Actomaton", targets: ["Actomaton"]),
    .library(name: "ActomatonDebugging", targets: ["ActomatonDebugging"]),
    .library(name: "ActomatonObservation", targets: ["ActomatonObservation"]),
    .library(name: "ActomatonTesting", targets: ["ActomatonTesting"]),
    .library(name: "ActomatonRecording", targets: ["ActomatonRecording"]),
    .library(name: "FeatureSupport", targets: ["FeatureSupport"]),
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .library(name: "StateDiagramFeature", targets: ["StateDiagramFeature"]),
    .library(name: "StopwatchFeature", targets: ["StopwatchFeature"]),
    .library(name: "TodoFeature", targets: ["TodoFeature"]),
    .library(name: "GitHubSearchFeature", targets: ["GitHubSearchFeature"]),
    .library(name: "ClientSupport", targets: ["ClientSupport"]),
    .library(name: "AuthClient", targets: ["AuthClient"]),
    .library(name: "TodoStorage", targets: ["TodoStorage"]),
    .library(name: "GitHubClient", targets: ["GitHubClient"]),
    .library(name: "TodoStorageLive", targets: ["TodoStorageLive"]),
    .library(name: "GitHubClientLive", targets: ["GitHubClientLive"]),
    .library(name: "ActomatonREPL", targets: ["ActomatonREPL"]),
    .executable(name: "gallery", targets: ["gallery"]),
  ],
  targets: [
    // MARK: - Core

    // NOTE: the lock and the standard-error writer that every Core module shares.
    .target(name: "Locking", path: "Core/Locking"),

    // NOTE: the processor's time-stamp counter, which Swift cannot read by itself: a recorder
    // stamps each entry with it (10 ns) instead of the system clock (23 ns).
    .target(name: "TimeStampCounter", path: "Core/TimeStampCounter"),

    // NOTE: the one rule for text from outside on its way to a terminal or a log; below every
    // module that prints, so the debug log in Core uses it too.
    .target(name: "OutsideText", path: "Core/OutsideText"),
    .testTarget(
      name: "OutsideTextTests", dependencies: ["OutsideText"], path: "Tests/OutsideTextTests"),

    // NOTE: the files that hold a person's text: created 0600 in folders 0700, rewritten
    // keeping their mode and symlink, refused when they are not regular files.
    .target(name: "PrivateFiles", dependencies: ["OutsideText"], path: "Core/PrivateFiles"),
    .testTarget(
      name: "PrivateFilesTests", dependencies: ["PrivateFiles"], path: "Tests/PrivateFilesTests"),

    .target(name: "CasePaths", dependencies: ["Locking"], path: "Core/CasePaths"),
    .testTarget(name: "CasePathsTests", dependencies: ["CasePaths"], path: "Tests/CasePathsTests"),

    .target(name: "Actomaton", dependencies: ["CasePaths", "Locking"], path: "Core/Actomaton"),
    .testTarget(
      name: "ActomatonTests", dependencies: ["Actomaton", "ActomatonTesting", "TestTraits"],
      path: "Tests/ActomatonTests"),

    .target(
      name: "ActomatonDebugging", dependencies: ["Actomaton", "OutsideText"],
      path: "Core/ActomatonDebugging"),
    .testTarget(
      name: "ActomatonDebuggingTests", dependencies: ["ActomatonDebugging"],
      path: "Tests/ActomatonDebuggingTests"),

    .target(
      name: "ActomatonObservation", dependencies: ["Actomaton"], path: "Core/ActomatonObservation"),
    .testTarget(
      name: "ActomatonObservationTests",
      dependencies: ["Actomaton", "ActomatonObservation", "TestTraits"],
      path: "Tests/ActomatonObservationTests"),

    .target(
      name: "ActomatonTesting",
      dependencies: ["Actomaton", "ActomatonDebugging", "ActomatonRecording"],
      path: "Core/ActomatonTesting"),
    .testTarget(
      name: "ActomatonTestingTests", dependencies: ["ActomatonTesting"],
      path: "Tests/ActomatonTestingTests"),
    // NOTE: the toolkit's self-test: tables of wrong and right tests, run under Swift Testing and
    // XCTest; the stub server gives a right test real I/O.
    .testTarget(
      name: "ActomatonTestingSelfTests",
      dependencies: ["ActomatonTesting", "ChildTest", "StubHTTPServer"],
      path: "Tests/ActomatonTestingSelfTests"),

    .target(
      name: "ActomatonRecording",
      dependencies: [
        "Actomaton", "ActomatonDebugging", "Locking", "OutsideText", "PrivateFiles",
        "TimeStampCounter",
      ],
      path: "Core/ActomatonRecording"),
    .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests"),
    .testTarget(
      name: "ActomatonRecordingTests",
      dependencies: ["ActomatonRecording", "ActomatonTesting", "Locking", "TestTraits"],
      path: "Tests/ActomatonRecordingTests"),

    // MARK: - Clients: interfaces
    // A client is a struct of closures with its models, errors and test values. Features depend
    // on these only.

    .target(name: "ClientSupport", dependencies: ["Locking"], path: "Clients/ClientSupport"),
    .testTarget(
      name: "ClientSupportTests",
      dependencies: ["AuthClient", "ClientSupport", "GitHubClient", "TestSupport", "TodoStorage"],
      path: "Tests/ClientSupportTests"),

    .target(name: "AuthClient", dependencies: ["ClientSupport"], path: "Clients/AuthClient"),

    .target(
      name: "TodoStorage", dependencies: ["ClientSupport", "Locking"], path: "Clients/TodoStorage"),

    .target(name: "GitHubClient", dependencies: ["ClientSupport"], path: "Clients/GitHubClient"),

    // MARK: - Clients: live
    // What talks to the world, linked by the app only. A client's tests cover both halves.

    .target(
      name: "TodoStorageLive",
      dependencies: ["Locking", "OutsideText", "PrivateFiles", "TodoStorage"],
      path: "Clients/TodoStorageLive"),
    .testTarget(
      name: "TodoStorageTests",
      dependencies: ["ChildTest", "TestSupport", "TestTraits", "TodoStorage", "TodoStorageLive"],
      path: "Tests/TodoStorageTests"),

    .target(
      name: "GitHubClientLive", dependencies: ["ClientSupport", "GitHubClient", "Locking"],
      path: "Clients/GitHubClientLive"),
    .testTarget(
      name: "GitHubClientTests",
      dependencies: [
        "ChildTest", "GitHubClient", "GitHubClientLive", "StubHTTPServer", "TestTraits",
      ],
      path: "Tests/GitHubClientTests"),

    // MARK: - Features

    // NOTE: what features share (the confirmation question), as ClientSupport is for clients: not
    // a feature, so a feature may import it without importing another feature.
    .target(name: "FeatureSupport", path: "Features/FeatureSupport"),
    .testTarget(
      name: "FeatureSupportTests", dependencies: ["FeatureSupport"],
      path: "Tests/FeatureSupportTests"),

    .target(name: "CounterFeature", dependencies: ["Actomaton"], path: "Features/Counter"),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: ["ActomatonTesting", "CounterFeature", "TestSupport"],
      path: "Tests/CounterFeatureTests"),

    .target(
      name: "StateDiagramFeature",
      dependencies: ["Actomaton", "AuthClient", "FeatureSupport", "OutsideText"],
      path: "Features/StateDiagram"),
    .testTarget(
      name: "StateDiagramFeatureTests",
      dependencies: [
        "ActomatonTesting", "AuthClient", "OutsideText", "StateDiagramFeature", "TestSupport",
      ],
      path: "Tests/StateDiagramFeatureTests"),

    .target(name: "StopwatchFeature", dependencies: ["Actomaton"], path: "Features/Stopwatch"),
    .testTarget(
      name: "StopwatchFeatureTests",
      dependencies: ["ActomatonTesting", "StopwatchFeature", "TestSupport"],
      path: "Tests/StopwatchFeatureTests"),

    .target(
      name: "TodoFeature",
      dependencies: ["Actomaton", "ClientSupport", "FeatureSupport", "TodoStorage"],
      path: "Features/Todo"),
    .testTarget(
      name: "TodoFeatureTests",
      dependencies: [
        "ActomatonTesting", "TestSupport", "TodoFeature", "TodoStorage", "TodoStorageLive",
      ],
      path: "Tests/TodoFeatureTests"),

    .target(
      name: "GitHubSearchFeature", dependencies: ["Actomaton", "GitHubClient"],
      path: "Features/GitHubSearch"),
    .testTarget(
      name: "GitHubSearchFeatureTests",
      dependencies: ["ActomatonTesting", "GitHubClient", "GitHubSearchFeature", "TestSupport"],
      path: "Tests/GitHubSearchFeatureTests"),

    // MARK: - App

    .target(
      name: "AppRoot",
      dependencies: [
        "AuthClient", "CounterFeature", "GitHubClient", "GitHubSearchFeature",
        "StateDiagramFeature", "StopwatchFeature", "TodoFeature", "TodoStorage", "TodoStorageLive",
      ],
      path: "App/Root"),
    .testTarget(
      name: "AppRootTests", dependencies: ["ActomatonTesting", "AppRoot", "TestSupport"],
      path: "Tests/AppRootTests"),

    .target(
      name: "LineEditor", dependencies: ["Locking", "OutsideText", "PrivateFiles"],
      path: "App/LineEditor"),
    .testTarget(
      name: "LineEditorTests", dependencies: ["LineEditor", "OutsideText"],
      path: "Tests/LineEditorTests"),

    // NOTE: the shell's process, apart as the unsafe code it is: what it takes from the system
    // at start (its arguments and environment as bytes, the open-files limit) and its signal
    // handlers (the signals that ask to end, the report a crash leaves).
    .target(
      name: "ShellProcess", dependencies: ["ActomatonRecording", "Locking", "OutsideText"],
      path: "App/ShellProcess"),

    // NOTE: the shell, for any package's features: generic over its host (`ShellHost`), nothing
    // of the gallery's in it.
    .target(
      name: "ActomatonREPL",
      dependencies: [
        "Actomaton", "ActomatonDebugging", "ActomatonRecording", "ClientSupport", "ShellProcess",
        "FeatureSupport", "LineEditor", "Locking", "OutsideText", "PrivateFiles",
      ],
      path: "App/REPL"),

    // NOTE: the gallery as the shell's host: its root, its five screens, its options.
    .target(
      name: "GalleryApp",
      dependencies: [
        "ActomatonREPL", "AppRoot", "GitHubClient", "GitHubClientLive", "TodoStorage",
        "TodoStorageLive",
      ],
      path: "App/GalleryApp"),
    .testTarget(
      name: "GalleryREPLTests",
      dependencies: [
        "ActomatonRecording", "ActomatonREPL", "ActomatonTesting", "CasePaths", "ChildTest",
        "ClientSupport", "ShellProcess", "GalleryApp", "LineEditor", "OutsideText", "TestSupport",
        "TestTraits",
      ],
      path: "Tests/GalleryREPLTests"),

    .testTarget(
      name: "FailureInjectionTests",
      dependencies: [
        "ActomatonTesting", "ActomatonREPL", "GalleryApp", "GitHubClientLive", "StubHTTPServer",
        "TestSupport",
      ],
      path: "Tests/FailureInjectionTests"),

    .executableTarget(
      name: "gallery", dependencies: ["ActomatonREPL", "GalleryApp", "MallocTuning"],
      path: "App/gallery"),
    .systemLibrary(name: "MallocTuning", path: "App/MallocTuning"),
    .testTarget(
      name: "GalleryEndToEndTests",
      dependencies: [
        "ChildTest", "gallery", "OutsideText", "StubHTTPServer", "TestSupport", "TestTraits",
      ],
      path: "Tests/GalleryEndToEndTests"),

    // MARK: - Documentation

    .testTarget(
      name: "DocumentationExamplesTests",
      dependencies: [
        "ActomatonObservation", "ActomatonTesting", "AuthClient", "ClientSupport",
        "CounterFeature", "FeatureSupport", "GitHubClient", "GitHubSearchFeature",
        "StateDiagramFeature", "StopwatchFeature", "TestTraits", "TodoFeature", "TodoStorage",
      ],
      path: "Tests/DocumentationExamplesTests"),

    // MARK: - Test support

    .target(
      name: "TestSupport",
      dependencies: [
        "ActomatonTesting", "AppRoot", "AuthClient", "ClientSupport", "ActomatonREPL", "GalleryApp",
        "GitHubClient", "GitHubSearchFeature", "StateDiagramFeature", "StopwatchFeature",
        "TestTraits", "TodoFeature", "TodoStorage",
      ],
      path: "Tests/Support/TestSupport"),
    .target(
      name: "StubHTTPServer", dependencies: ["Locking", "TestTraits"],
      path: "Tests/Support/StubHTTPServer"),
    .target(name: "ChildTest", path: "Tests/Support/ChildTest"),
    .target(name: "TestTraits", path: "Tests/Support/TestTraits"),

    // MARK: - Benchmarks

    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "Actomaton", "ActomatonDebugging", "ActomatonRecording", "AppRoot", "CounterFeature",
        "ActomatonREPL", "GalleryApp", "TodoStorage", "TodoStorageLive",
      ],
      path: "Benchmarks", exclude: ["README.md"]),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}

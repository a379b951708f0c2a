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
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .library(name: "StateDiagramFeature", targets: ["StateDiagramFeature"]),
    .library(name: "StopwatchFeature", targets: ["StopwatchFeature"]),
    .library(name: "TodoFeature", targets: ["TodoFeature"]),
    .library(name: "GitHubSearchFeature", targets: ["GitHubSearchFeature"]),
    .library(name: "TodoStorage", targets: ["TodoStorage"]),
    .library(name: "GitHubClient", targets: ["GitHubClient"]),
    .executable(name: "gallery", targets: ["gallery"]),
  ],
  targets: [
    // MARK: - Core

    .target(name: "Locking", path: "Core/Locking"),

    .target(name: "CasePaths", path: "Core/CasePaths"),
    .testTarget(name: "CasePathsTests", dependencies: ["CasePaths"], path: "Tests/CasePathsTests"),

    .target(name: "Actomaton", dependencies: ["CasePaths", "Locking"], path: "Core/Actomaton"),
    .testTarget(name: "ActomatonTests", dependencies: ["Actomaton"], path: "Tests/ActomatonTests"),

    .target(
      name: "ActomatonDebugging", dependencies: ["Actomaton"], path: "Core/ActomatonDebugging"),
    .testTarget(
      name: "ActomatonDebuggingTests", dependencies: ["ActomatonDebugging"],
      path: "Tests/ActomatonDebuggingTests"),

    .target(
      name: "ActomatonObservation", dependencies: ["Actomaton"], path: "Core/ActomatonObservation"),
    .testTarget(
      name: "ActomatonObservationTests", dependencies: ["Actomaton", "ActomatonObservation"],
      path: "Tests/ActomatonObservationTests"),

    .target(
      name: "ActomatonTesting", dependencies: ["Actomaton", "ActomatonDebugging"],
      path: "Core/ActomatonTesting"),
    .testTarget(
      name: "ActomatonTestingTests", dependencies: ["ActomatonTesting"],
      path: "Tests/ActomatonTestingTests"),

    // MARK: - Clients

    .target(name: "TodoStorage", dependencies: ["Locking"], path: "Clients/TodoStorage"),
    .testTarget(
      name: "TodoStorageTests", dependencies: ["ChildTest", "TodoStorage"],
      path: "Tests/TodoStorageTests"),

    .target(name: "GitHubClient", dependencies: ["Locking"], path: "Clients/GitHubClient"),
    .testTarget(
      name: "GitHubClientTests", dependencies: ["GitHubClient", "StubHTTPServer"],
      path: "Tests/GitHubClientTests"),
    .target(
      name: "StubHTTPServer", dependencies: ["Locking"], path: "Tests/Support/StubHTTPServer"),
    .target(name: "ChildTest", path: "Tests/Support/ChildTest"),

    // MARK: - Features

    .target(name: "CounterFeature", dependencies: ["Actomaton"], path: "Features/Counter"),
    .testTarget(
      name: "CounterFeatureTests", dependencies: ["ActomatonTesting", "CounterFeature"],
      path: "Tests/CounterFeatureTests"),

    .target(
      name: "StateDiagramFeature", dependencies: ["Actomaton"], path: "Features/StateDiagram"),
    .testTarget(
      name: "StateDiagramFeatureTests", dependencies: ["ActomatonTesting", "StateDiagramFeature"],
      path: "Tests/StateDiagramFeatureTests"),

    .target(name: "StopwatchFeature", dependencies: ["Actomaton"], path: "Features/Stopwatch"),
    .testTarget(
      name: "StopwatchFeatureTests", dependencies: ["ActomatonTesting", "StopwatchFeature"],
      path: "Tests/StopwatchFeatureTests"),

    .target(
      name: "TodoFeature", dependencies: ["Actomaton", "TodoStorage"], path: "Features/Todo"),
    .testTarget(
      name: "TodoFeatureTests", dependencies: ["ActomatonTesting", "TodoFeature"],
      path: "Tests/TodoFeatureTests"),

    .target(
      name: "GitHubSearchFeature", dependencies: ["Actomaton", "GitHubClient"],
      path: "Features/GitHubSearch"),
    .testTarget(
      name: "GitHubSearchFeatureTests", dependencies: ["ActomatonTesting", "GitHubSearchFeature"],
      path: "Tests/GitHubSearchFeatureTests"),

    // MARK: - App

    .target(
      name: "AppRoot",
      dependencies: [
        "CounterFeature", "GitHubSearchFeature", "StateDiagramFeature", "StopwatchFeature",
        "TodoFeature",
      ],
      path: "App/Root"),
    .testTarget(
      name: "AppRootTests", dependencies: ["ActomatonTesting", "AppRoot"],
      path: "Tests/AppRootTests"),

    .target(
      name: "GalleryREPL", dependencies: ["ActomatonDebugging", "AppRoot"], path: "App/REPL"),
    .testTarget(
      name: "GalleryREPLTests", dependencies: ["ActomatonTesting", "ChildTest", "GalleryREPL"],
      path: "Tests/GalleryREPLTests"),

    .testTarget(
      name: "FailureInjectionTests",
      dependencies: ["ActomatonTesting", "GalleryREPL", "StubHTTPServer"],
      path: "Tests/FailureInjectionTests"),

    .executableTarget(
      name: "gallery", dependencies: ["AppRoot", "GalleryREPL"], path: "App/gallery"),
    .testTarget(
      name: "GalleryEndToEndTests", dependencies: ["ChildTest", "gallery", "StubHTTPServer"],
      path: "Tests/GalleryEndToEndTests"),

    // MARK: - Benchmarks

    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Actomaton", "AppRoot", "GalleryREPL"],
      path: "Benchmarks"),
  ]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}

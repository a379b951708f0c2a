// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ActomatonGallery",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .library(name: "Actomaton", targets: ["Actomaton"]),
    .library(name: "ActomatonDebugging", targets: ["ActomatonDebugging"]),
    .library(name: "ActomatonTesting", targets: ["ActomatonTesting"]),
  ],
  targets: [
    // MARK: - Core

    .target(name: "CasePaths", path: "Core/CasePaths"),
    .testTarget(name: "CasePathsTests", dependencies: ["CasePaths"], path: "Tests/CasePathsTests"),

    .target(name: "Actomaton", dependencies: ["CasePaths"], path: "Core/Actomaton"),
    .testTarget(name: "ActomatonTests", dependencies: ["Actomaton"], path: "Tests/ActomatonTests"),

    .target(
      name: "ActomatonDebugging", dependencies: ["Actomaton"], path: "Core/ActomatonDebugging"),
    .testTarget(
      name: "ActomatonDebuggingTests", dependencies: ["ActomatonDebugging"],
      path: "Tests/ActomatonDebuggingTests"),

    .target(
      name: "ActomatonTesting", dependencies: ["Actomaton", "ActomatonDebugging"],
      path: "Core/ActomatonTesting"),
    .testTarget(
      name: "ActomatonTestingTests", dependencies: ["ActomatonTesting"],
      path: "Tests/ActomatonTestingTests"),
  ]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
  ]
}

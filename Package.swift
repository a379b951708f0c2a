// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ActomatonGallery",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .library(name: "Actomaton", targets: ["Actomaton"]),
  ],
  targets: [
    // MARK: - Core

    .target(name: "CasePaths", path: "Core/CasePaths"),
    .testTarget(name: "CasePathsTests", dependencies: ["CasePaths"], path: "Tests/CasePathsTests"),

    .target(name: "Actomaton", dependencies: ["CasePaths"], path: "Core/Actomaton"),
    .testTarget(name: "ActomatonTests", dependencies: ["Actomaton"], path: "Tests/ActomatonTests"),
  ]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
  ]
}

// swift-tools-version:6.0
import Foundation
import PackageDescription

// NOTE: a package of its own that runs its feature in the shell of the repository two folders
// up. A path dependency is named by its folder, whatever the repository was cloned as.
let shell = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardizedFileURL
let shellPackage = shell.lastPathComponent

let package = Package(
  name: "Pomodoro",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: shell.path)],
  targets: [
    .target(
      name: "PomodoroFeature",
      dependencies: [
        .product(name: "Actomaton", package: shellPackage),
        .product(name: "FeatureSupport", package: shellPackage),
      ]),
    .executableTarget(
      name: "pomodoro",
      dependencies: [
        "PomodoroFeature",
        .product(name: "Actomaton", package: shellPackage),
        .product(name: "ActomatonREPL", package: shellPackage),
      ]),
  ]
)

for target in package.targets {
  target.swiftSettings = [.swiftLanguageMode(.v6)]
}

import Foundation
import Testing

/// Every Swift listing in the articles of `Core/Actomaton/Actomaton.docc` appears, line for line
/// (indentation aside), in this folder's sources, which compile and run as tests: a change that
/// breaks an article's example breaks a test, and an article edited alone fails here.
@Suite struct ArticleListingsTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let catalog = folder.appendingPathComponent("../../Core/Actomaton/Actomaton.docc")
    .standardizedFileURL

  /// The lines of `text`, trimmed, without blank ones.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: "\n")
  }

  /// The ```swift blocks of a Markdown text.
  static func listings(in markdown: String) -> [String] {
    var listings: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        listings.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return listings
  }

  @Test func theListingsParseFromMarkdown() {
    let markdown = "Text\n\n```swift\nlet a = 1\n  let b = 2\n```\n\n```sh\nls\n```\n"
    #expect(Self.listings(in: markdown) == ["let a = 1\n  let b = 2"])
  }

  @Test func everyArticleListingIsInATest() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    let sources = try files.filter { $0.hasSuffix("Examples.swift") }.map {
      Self.normalized(
        try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8))
    }
    let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path)
      .filter { $0.hasSuffix(".md") }
    #expect(articles.count >= 6, "articles in \(Self.catalog.path): \(articles)")
    for article in articles {
      let text = try String(
        contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
      for listing in Self.listings(in: text) {
        let wanted = Self.normalized(listing)
        #expect(
          sources.contains { $0.contains(wanted) },
          "\(article): this listing is in no *Examples.swift file:\n\(listing)")
      }
    }
  }
}

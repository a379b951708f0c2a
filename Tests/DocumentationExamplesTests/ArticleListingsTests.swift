import Foundation
import Testing

/// Every Swift listing in the articles of `Core/Actomaton/Actomaton.docc` and in the feature
/// modules' pages (`Features/*/*.docc/*.md`) appears, line for line (indentation aside), in this
/// folder's sources, which compile and run as tests: a change that breaks a page's example breaks
/// a test, and a page edited alone fails here.
@Suite struct ArticleListingsTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let root = folder.appendingPathComponent("../..").standardizedFileURL
  static let catalog = root.appendingPathComponent("Core/Actomaton/Actomaton.docc")
  static let features = root.appendingPathComponent("Features")

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

  /// A normalized listing split into its `import` lines and the rest: a listing written as a
  /// whole file (the imports, then the code) is found as the imports of a source file whose
  /// code holds the rest.
  static func split(_ listing: String) -> (imports: [Substring], body: String) {
    let lines = normalized(listing).split(separator: "\n")
    let imports = lines.prefix { $0.hasPrefix("import ") }
    return (Array(imports), lines.dropFirst(imports.count).joined(separator: "\n"))
  }

  /// Whether a normalized source holds `listing`: its imports as lines, the rest as a run.
  static func source(_ source: String, holds listing: String) -> Bool {
    let (imports, body) = split(listing)
    let lines = Set(source.split(separator: "\n"))
    return imports.allSatisfy(lines.contains) && (body.isEmpty || source.contains(body))
  }

  /// The Markdown pages directly in `catalog`, as paths from the repository's root.
  static func pages(in catalog: URL) throws -> [String] {
    let prefix = catalog.path.dropFirst(root.path.count + 1)
    return try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "\(prefix)/\($0)" }
  }

  /// The feature modules' pages: `Features/*/*.docc/*.md`.
  static func featurePages() throws -> [String] {
    let manager = FileManager.default
    return try manager.contentsOfDirectory(atPath: features.path).sorted().flatMap { module in
      let folder = features.appendingPathComponent(module)
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
      else { return [String]() }
      return try manager.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".docc") }.sorted()
        .flatMap { try pages(in: folder.appendingPathComponent($0)) }
    }
  }

  /// Expects every listing of `pages` (paths from the root) in a `*Examples.swift` source.
  static func expectListingsInSources(of pages: [String]) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let sources = try files.filter { $0.hasSuffix("Examples.swift") }.map {
      normalized(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
    for page in pages {
      let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      for listing in listings(in: text) {
        #expect(
          sources.contains { source($0, holds: listing) },
          "\(page): this listing is in no *Examples.swift file:\n\(listing)")
      }
    }
  }

  @Test func theListingsParseFromMarkdown() {
    let markdown = "Text\n\n```swift\nlet a = 1\n  let b = 2\n```\n\n```sh\nls\n```\n"
    #expect(Self.listings(in: markdown) == ["let a = 1\n  let b = 2"])
  }

  @Test func aListingsImportsAreFoundAsTheSourcesImports() {
    let listing = "import A\nimport B\n\nlet a = A()\nlet b = B(a)"
    let source = "import A\nimport B\nimport Testing\nfunc f() {\nlet a = A()\nlet b = B(a)\n}"
    #expect(Self.source(source, holds: listing))
    #expect(!Self.source(source.replacingOccurrences(of: "import B\n", with: ""), holds: listing))
    #expect(!Self.source(source.replacingOccurrences(of: "B(a)", with: "B()"), holds: listing))
    #expect(!Self.source("import AB\nimport B\nlet a = A()\nlet b = B(a)", holds: listing))
  }

  @Test func everyArticleListingIsInATest() throws {
    let articles = try Self.pages(in: Self.catalog)
    #expect(articles.count >= 6, "articles in \(Self.catalog.path): \(articles)")
    try Self.expectListingsInSources(of: articles)
  }

  @Test func everyFeaturePageListingIsInATest() throws {
    let pages = try Self.featurePages()
    #expect(pages.count >= 6, "feature pages in \(Self.features.path): \(pages)")
    try Self.expectListingsInSources(of: pages)
  }
}

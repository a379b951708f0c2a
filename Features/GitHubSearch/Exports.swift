@_exported import GitHubClient

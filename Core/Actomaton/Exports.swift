@_exported import CasePaths

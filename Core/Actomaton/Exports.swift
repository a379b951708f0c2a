@_exported import CasePaths
@_exported import Locking

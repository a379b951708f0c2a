/// The seeded generator and the hang limits every test target shares.
@_exported import TestTraits

import FeatureSupport
import TodoStorage

extension Todo.State {
  private enum CodingKeys: String, CodingKey {
    case items, filter, persistence, refusal, failure, confirmation, changedOnDisk, saveTimers
    case synced, syncedIsItems, own
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      items: try container.decode([TodoItem].self, forKey: .items),
      filter: try container.decode(Todo.Filter.self, forKey: .filter),
      persistence: try container.decode(Todo.Persistence.self, forKey: .persistence))
    refusal = try container.decodeIfPresent(String.self, forKey: .refusal)
    failure = try container.decodeIfPresent(Todo.Failure.self, forKey: .failure)
    confirmation = try container.decodeIfPresent(
      Confirmation<Todo.Action>.self, forKey: .confirmation)
    changedOnDisk = try container.decodeIfPresent(Todo.DiskChange.self, forKey: .changedOnDisk)
    saveTimers = try container.decode(SaveTimers.self, forKey: .saveTimers)
    synced = try container.decode(Synced.self, forKey: .synced)
    if try container.decodeIfPresent(Bool.self, forKey: .syncedIsItems) == true {
      synced.items = items
    }
    own = try container.decode(OwnChanges.self, forKey: .own)
  }

  // NOTE: the list as last saved is written only when it differs from the list: a checkpoint of
  // a long list held it twice, and passed what a report keeps of a line at half the length.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(filter, forKey: .filter)
    try container.encode(persistence, forKey: .persistence)
    try container.encodeIfPresent(refusal, forKey: .refusal)
    try container.encodeIfPresent(failure, forKey: .failure)
    try container.encodeIfPresent(confirmation, forKey: .confirmation)
    try container.encodeIfPresent(changedOnDisk, forKey: .changedOnDisk)
    try container.encode(saveTimers, forKey: .saveTimers)
    var synced = self.synced
    let syncedIsItems = synced.items == items
    if syncedIsItems { synced.items = [] }
    try container.encode(synced, forKey: .synced)
    if syncedIsItems { try container.encode(true, forKey: .syncedIsItems) }
    try container.encode(own, forKey: .own)
  }
}

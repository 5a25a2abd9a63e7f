"""What every layer shares: paths, config, the memory record, actors, file writing, scoring."""

"""The screens beside the game: rules, keys, hand-over, save and load, the replay viewer."""

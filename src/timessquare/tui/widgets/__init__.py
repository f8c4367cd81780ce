"""The widgets of the game screen: board, hand, status lines, choices and log."""

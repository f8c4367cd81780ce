"""Playing in a terminal line by line: the plain text game and its board drawing."""

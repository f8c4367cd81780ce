"""Making games: the one service every new game goes through (starter.py), and the seat tokens of accounts."""

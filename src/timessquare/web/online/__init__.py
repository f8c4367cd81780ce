"""Playing strangers online: accounts, ratings, clocks, the lobby and bots (docs/web-protocol.md, docs/rules.md R11).

Each module has one job; the online tables are storage's (web/storage/online_schema.py), a game is made by
web/games/starter.py, and the game server (rooms, tables, sockets)
is reached only through the few hooks `web/app.py` wires up.
"""

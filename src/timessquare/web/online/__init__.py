"""Playing strangers online: accounts, ratings, clocks, the lobby and bots (docs/web-protocol.md, docs/rules.md R11).

Each module has one job and its own tables (web/online/tables.py); the game server (rooms, tables, sockets)
is reached only through the few hooks `web/app.py` wires up.
"""

"""The HTTP JSON API (docs/web-protocol.md): games, records, replays, analyses, rematches, the tutorial."""

"""The web table's log documents are a projection of the game's events (history.py), not a list of their own: at
random versions of random games, in two languages, the `state` and `update` messages' log is each event's log line
made anew, and it follows a game changed without the table (as another process's change is applied)."""

from __future__ import annotations

import random
from typing import Any

from timessquare.session.game_session import GameSession
from timessquare.session.log import entries_of
from timessquare.variants import DEFAULT_RULES
from timessquare.web.sockets.table import Table, entry_document

LANGS = ("en", "fr")


def documents_anew(table: Table, lang: str) -> list[dict[str, Any]]:
    return [entry_document(entry, entry.text(lang), lang) for entry in entries_of(table.session.game.events)]


def test_the_log_sent_is_the_games_events_made_anew_at_every_version_asked() -> None:
    for seed in range(4):
        session = GameSession.new({"A": "you", "B": "friend"}, DEFAULT_RULES, deal=random.Random(seed))
        table = Table(f"g{seed:010d}", "friend", session)
        rng = random.Random(seed)
        while (seat := session.to_move) is not None:
            session.act(seat, rng.choice(sorted(session.legal_ids(seat))))
            if rng.random() < 0.3:  # asked now and then: the projection grows by several entries at once
                for lang in LANGS:
                    expected = documents_anew(table, lang)
                    assert table.log_documents(lang) == expected
                    assert table.state_message(seat, lang, None, None)["log"] == expected
                    since = rng.randrange(len(expected) + 1)
                    update = table.update_message(1 - seat, lang, None, None, since)
                    assert update["log_from"] == since and update["log"] == expected[since:]
        assert table.log_documents("fr") == documents_anew(table, "fr")
        lists = [name for name, value in vars(table).items() if isinstance(value, list)]
        kept = [
            name
            for name, value in vars(table).items()
            if isinstance(value, dict) and any(isinstance(item, list) for item in value.values())
        ]
        assert lists == [] and kept == []  # no log kept beside the game's events


def test_the_log_sent_follows_a_game_changed_without_the_table() -> None:
    session = GameSession.new({"A": "you", "B": "friend"}, DEFAULT_RULES, deal=random.Random(5))
    table = Table("g0000000005", "friend", session)
    first = table.log_documents("en")
    rng = random.Random(5)
    for _ in range(6):
        session.game.apply_checked(rng.choice(session.game.legal_actions()))
    assert len(table.log_documents("en")) > len(first)
    assert table.log_documents("en") == documents_anew(table, "en")

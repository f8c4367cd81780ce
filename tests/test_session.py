"""The game session: the one game loop behind every front end (turns, seats, versions, views, the log)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from timessquare.actions import ACTIONS, END_ID
from timessquare.cards import SEAT_NAMES
from timessquare.errors import GameOverError, IllegalActionError
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.record import replay, to_record
from timessquare.session import GameSession, LogEntry, NotYourTurnError, StaleVersionError
from timessquare.session.change import ACTION, TIME, Change
from timessquare.session.clock import Clock, TimeControl


def people(seed: int = 3) -> GameSession:
    return GameSession(Game.new(seed), {}, random.Random(0))


def test_a_person_acts_only_on_their_own_turn_and_on_the_current_version() -> None:
    session = people()
    seat = session.to_move
    assert seat is not None
    other = 1 - seat
    legal = session.legal_ids(seat)
    assert legal and session.legal_ids(other) == () and session.legal_ids(None) == ()
    version = session.version
    with pytest.raises(NotYourTurnError, match="turn"):
        session.act(other, legal[0])
    with pytest.raises(NotYourTurnError, match="spectator"):
        session.act(None, legal[0])
    with pytest.raises(StaleVersionError):
        session.act(seat, legal[0], version=version - 1)
    assert session.version == version and session.game.moves == []  # nothing changed
    change = session.act(seat, legal[0], version=version)
    assert session.version == version + 1 == change.after and change.before == version
    assert change.log and change.log[0].notation == ACTIONS[legal[0]].notation


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing() -> None:
    session = people()
    seat = session.to_move
    assert seat is not None
    with pytest.raises(IllegalActionError, match=r"R5\.4"):
        session.act(seat, "end")  # a turn cannot end before it began (R5.4)
    assert session.game.moves == [] and "R5.4" in session.why_not(seat, "end")


def test_the_computer_seat_cannot_be_played_by_a_person() -> None:
    session = GameSession(Game.new(3), {0: make_player("random"), 1: make_player("random")}, random.Random(0))
    seat = session.to_move
    assert seat is not None
    with pytest.raises(NotYourTurnError, match="computer"):
        session.act(seat, session.legal_ids(seat)[0])


def test_updates_carry_only_what_each_seat_may_see() -> None:
    session = GameSession(Game.new(8), {1: make_player("random")}, random.Random(1))
    session.start()
    for _ in range(40):
        if session.is_over:
            break
        if session.computer_to_move:
            session.play_computer_action()
        else:
            session.act(0, session.legal_ids(0)[0])
    for seat in (0, 1, None):
        update = session.update(seat)
        assert update.view == session.game.view(seat) and update.version == session.version
        assert update.log == tuple(session.log)
    assert session.update(None).view.hand is None
    assert (session.update(0).view.seat, session.update(1).view.seat) == (0, 1)
    to_move = session.to_move
    if to_move is not None:  # only the seat to move is offered actions
        assert session.update(to_move).legal and session.update(1 - to_move).legal == ()


def test_a_whole_game_between_computers_is_a_valid_record_with_a_log_in_words() -> None:
    heard: list[LogEntry] = []
    changes: list[Change] = []
    session = GameSession(Game.new(11), {0: make_player("heuristic"), 1: make_player("random")}, random.Random(2))
    session.listeners.append(changes.append)
    session.run_computers()
    heard = [entry for change in changes for entry in change.log]
    assert session.is_over and session.to_move is None
    # one counter: each change follows on from the last, and its record entries are the record's from there
    assert [c.before for c in changes] == [0] + [c.after for c in changes[:-1]] and changes[-1].after == session.version
    assert [m for c in changes for m in c.moves] == session.game.moves
    assert changes[-1].outcome == session.outcome and all(c.outcome is None for c in changes[:-1])
    assert replay(to_record(session.game)).result == session.game.result
    assert heard == session.log and session.log[-1].words.startswith("Game over")
    actions = [e for e in session.log if e.notation]
    assert [e.notation for e in actions] == [m for m in session.game.moves if not m.startswith("shuffle")]
    with pytest.raises(GameOverError):
        session.act(0, "end")


def test_resigning_ends_the_game_for_the_other_seat_and_tells_the_players() -> None:
    calls: list[tuple[str | None, str]] = []

    class Listener(type(make_player("random"))):  # type: ignore[misc]
        def end_game(self, result: str | None, end: str) -> None:
            calls.append((result, end))

    session = GameSession(Game.new(5), {1: Listener()}, random.Random(0))
    session.start()
    session.resign(0, "resigned")
    assert session.game.result == "B" and session.is_over
    assert calls == [("B", "A forfeited: resigned")]
    assert to_record(session.game)["forfeit"] == {"seat": "A", "reason": "resigned"}
    session.close()
    assert len(calls) == 1  # told once


def test_the_log_speaks_french_too_without_a_word_of_english() -> None:
    english = ("moves", "toward", "draws", "ends the turn", "lures", "discards", "Game over", "wins", "to move")
    for seed in range(6):
        computers = {0: make_player("random"), 1: make_player("heuristic")}
        session = GameSession(Game.new(seed), computers, random.Random(seed))
        session.run_computers()
        kinds = {e.kind for e in session.log}
        assert {"move", "draw", "charlie", "to_move", "over"} <= kinds
        for entry in session.log:
            french = entry.text("fr")
            assert french and not any(word in french for word in english), (entry, french)
            assert entry.text("en") == entry.words and entry.text("xx") == entry.words
        assert session.log[-1].text("fr").startswith("Partie terminée : ")


def test_a_resignation_is_told_in_french() -> None:
    session = people(5)
    session.resign(1, "resigned")
    assert session.log[-1].text("fr") == "Partie terminée : B perd par forfait (abandon). A gagne."


def test_a_clock_that_ran_out_makes_the_late_change_the_loss_on_time_before_anything_is_applied() -> None:
    start = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
    moment = [start]
    session = people()
    mover = session.to_move
    assert mover is not None
    session.clock = Clock.start(TimeControl.parse("1+2"), SEAT_NAMES[mover], start)
    session.now = lambda: moment[0]
    moment[0] = start + timedelta(seconds=10)
    while session.to_move == mover:  # the turn passes at 10 s: 50 s left, and 2 s more
        change = session.act(mover, "end" if END_ID in session.legal_ids(mover) else session.legal_ids(mover)[0])
    assert change.kind == ACTION and change.clock is session.clock
    assert session.clock.left[SEAT_NAMES[mover]] == 52_000 and session.clock.running == SEAT_NAMES[1 - mover]
    other, moves = 1 - mover, list(session.game.moves)
    moment[0] = start + timedelta(seconds=70)  # the other seat's minute ran out at 10 + 60 s
    late = session.act(other, session.legal_ids(other)[0])
    assert late.kind == TIME and session.game.moves == moves and late.moves == ()  # the action was not applied
    assert late.outcome is not None and late.outcome.winner == SEAT_NAMES[mover] and late.clock is not None
    assert late.clock.running is None and late.clock.left[SEAT_NAMES[other]] == 0
    assert late.before == len(moves) and late.after == session.version == len(moves) + 1

"""The game session as the one door: made from a new deal or a record, each refusal its own error, one update
per seat and change shared by every listener, one path for a computer's turn, and endings as data."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from timessquare import view as view_module
from timessquare.actions import ACTIONS, END_ID
from timessquare.cards import MIDDLE, SEAT_NAMES
from timessquare.errors import GameOverError, InvalidActionError
from timessquare.game import Game
from timessquare.outcome import Outcome, Termination
from timessquare.players import make_player
from timessquare.players.base import Forfeit
from timessquare.record import to_record
from timessquare.session import (
    ComputerSeatError,
    GameSession,
    NotYourTurnError,
    RuleError,
    SeatUpdate,
    SpectatorError,
    StaleVersionError,
)
from timessquare.session.log import ending_words
from timessquare.state import entrance_owner


def people(seed: int) -> GameSession:
    return GameSession.new({"A": "you", "B": "friend"}, deal=random.Random(seed))


def play_randomly(session: GameSession, rng: random.Random, actions: int = 10_000) -> None:
    for _ in range(actions):
        seat = session.to_move
        if seat is None:
            return
        if session.computer_to_move:
            session.play_computer_action()
        else:
            session.act(seat, rng.choice(session.legal_ids(seat)))


# ----------------------------------------------------------------------------- making one


def test_a_new_deal_seats_people_and_computers_by_their_record_names() -> None:
    session = GameSession.new({"A": "you", "B": "random"}, deal=random.Random(4), make_player=make_player)
    assert session.seats == {"A": "you", "B": "random"} and session.is_person(0) and not session.is_person(1)
    assert session.computers == {1: "random"} and set(session.players) == {1}
    again = GameSession.new({"A": "you", "B": "random"}, deal=random.Random(4), make_player=make_player)
    assert again.game.start == session.game.start  # the deal comes from `deal` alone


def test_from_record_continues_the_game_with_its_log_and_version() -> None:
    live = people(6)
    play_randomly(live, random.Random(1), actions=60)
    stored = GameSession.from_record(to_record(live.game))
    assert stored.version == live.version and stored.to_move == live.to_move
    assert stored.log == live.log and stored.update(0) == live.update(0)
    seat = stored.to_move
    assert seat is not None
    stored.act(seat, stored.legal_ids(seat)[0])  # and it goes on
    assert stored.version == live.version + 1


def test_from_record_closes_a_forfeited_games_log_and_may_seat_another_computer() -> None:
    live = people(2)
    live.resign(1)
    stored = GameSession.from_record(to_record(live.game))
    assert stored.log[-1] == live.log[-1] and stored.log[-1].outcome == live.outcome
    running = people(3)
    record = to_record(running.game)
    continued = GameSession.from_record(record, seats={"A": "you", "B": "random"}, make_player=make_player)
    assert continued.computers == {1: "random"} and continued.game.moves == running.game.moves


# ----------------------------------------------------------------------------- refusals


def test_each_refusal_is_its_own_error_and_changes_nothing() -> None:
    session = GameSession.new({"A": "you", "B": "random"}, deal=random.Random(9), make_player=make_player)
    session.run_computers()
    seat = session.to_move
    assert seat == 0
    legal = session.legal_ids(0)
    version, moves = session.version, list(session.game.moves)
    with pytest.raises(SpectatorError):
        session.act(None, legal[0])
    with pytest.raises(NotYourTurnError) as not_yours:
        session.act(1, legal[0])
    assert type(not_yours.value) is ComputerSeatError or "turn" in str(not_yours.value)
    with pytest.raises(StaleVersionError):
        session.act(0, legal[0], version=version - 1)
    with pytest.raises(InvalidActionError):
        session.act(0, "S sue+7", version=version)
    with pytest.raises(RuleError) as broken:
        session.act(0, END_ID)  # nothing played yet (R5.4)
    assert broken.value.reason.rule == "R5.4"
    assert session.version == version and session.game.moves == moves


def test_a_computers_seat_is_refused_to_a_person_and_a_stale_answer_to_the_computer() -> None:
    session = GameSession.new({"A": "random", "B": "you"}, deal=random.Random(3), make_player=make_player)
    session.start()
    if session.to_move == 1:  # let the person move until the computer is to move
        while session.to_move == 1:
            session.act(1, session.legal_ids(1)[0])
    turn = session.computer_turn()
    with pytest.raises(ComputerSeatError):
        session.act(0, turn.legal[0])
    session.resign(1)  # the game changes while the computer thinks
    with pytest.raises(StaleVersionError):
        session.computer_played(turn, turn.legal[0])
    with pytest.raises(GameOverError):
        session.act(1, "end")
    with pytest.raises(GameOverError):
        session.resign(0)


def test_a_computer_that_thinks_elsewhere_has_one_path_too() -> None:
    session = GameSession.new({"A": "medium", "B": "medium"}, deal=random.Random(5))  # the web's way: no players
    turn = session.computer_turn()
    assert (turn.name, turn.view.seat, turn.version) == ("medium", turn.seat, session.version)
    with pytest.raises(Exception, match="thinks outside this process"):
        session.think(turn)
    session.computer_played(turn, turn.legal[0])
    assert session.version == turn.version + 1
    session.computer_played(session.computer_turn(), Forfeit("the worker failed"))
    outcome = session.outcome
    assert outcome is not None and outcome.termination is Termination.FORFEIT and outcome.reason == "the worker failed"


# ----------------------------------------------------------------------------- updates


def test_one_update_per_seat_and_change_is_shared_by_every_listener() -> None:
    session = people(8)
    heard: dict[str, list[SeatUpdate]] = {"one": [], "two": [], "french": []}
    session.watch(0, "en", heard["one"].append)
    session.watch(0, "en", heard["two"].append)
    session.watch(0, "fr", heard["french"].append)
    play_randomly(session, random.Random(2), actions=5)
    assert len(heard["one"]) == 5 and all(a is b for a, b in zip(heard["one"], heard["two"], strict=True))
    assert heard["one"][-1] is session.update(0, "en") and heard["french"][-1] is session.update(0, "fr")
    assert heard["one"][-1].view is heard["french"][-1].view  # the view is built once for both languages
    assert (
        heard["french"][-1].log == heard["one"][-1].log and heard["french"][-1].log_words != heard["one"][-1].log_words
    )


def test_the_update_holds_the_whole_turn_for_the_seat_to_move() -> None:
    session = people(11)
    seat = session.to_move
    assert seat is not None
    update = session.update(seat, "fr")
    assert sorted(a.id for a in update.legal) == sorted(session.legal_ids(seat))
    assert [a.notation for a in update.legal] == sorted(ACTIONS[a].notation for a in update.legal_ids)
    assert all(a.words and a.notation == ACTIONS[a.id].notation for a in update.legal)
    assert any(a.destinations for a in update.legal) and session.update(1 - seat).legal == ()
    assert update.outcome is None and update.ending == "" and update.result is None


def test_a_move_builds_each_view_once(monkeypatch: pytest.MonkeyPatch) -> None:
    session = people(12)
    for seat in (0, 1, None):
        for lang in ("en", "fr"):
            session.watch(seat, lang, lambda update: None)
    built: list[int | None] = []
    original = view_module.PlayerView.of.__func__  # type: ignore[attr-defined]

    def counting(cls: type, state: object, seat: int | None, moves: object = (), public: bool = False) -> object:
        built.append(seat)
        return original(cls, state, seat, moves, public)

    monkeypatch.setattr(view_module.PlayerView, "of", classmethod(counting))
    seat = session.to_move
    assert seat is not None
    session.update(None)  # the view before the move is there already
    built.clear()
    session.act(seat, session.legal_ids(seat)[0])
    assert sorted(built, key=str) == sorted([0, 1, None], key=str)  # once each, whatever the listeners


# ----------------------------------------------------------------------------- endings as data


def finished_games() -> Iterator[Game]:
    for seed in range(60):
        session = people(seed)
        play_randomly(session, random.Random(seed))
        yield session.game


def test_every_way_a_game_ends_is_an_outcome_and_its_words_are_made_from_it() -> None:
    seen: set[Termination] = set()
    for game in finished_games():
        outcome = game.outcome
        assert outcome is not None and outcome.result == game.result
        pos = game.view(None).figures
        if outcome.termination in (Termination.SUE, Termination.CHARLIE):
            owner = entrance_owner(pos[outcome.termination.value])
            assert owner is not None and SEAT_NAMES[owner] == outcome.seat == outcome.result
        else:
            assert outcome.termination is Termination.SUPPLY and game.state.supply == []
            deciding = outcome.deciding
            assert deciding in ("sue", "charlie", "none")
            if deciding == "none":
                assert pos["sue"] == pos["charlie"] == MIDDLE and outcome.result == "draw"
        assert to_record(game)["end"] == outcome.words() == ending_words(outcome, "en")
        seen.add(outcome.termination)
    assert {Termination.SUE, Termination.CHARLIE, Termination.SUPPLY} <= seen


@pytest.mark.parametrize(
    ("reason", "termination", "english", "french"),
    [
        ("resigned", Termination.RESIGNATION, "A forfeited: resigned", "A perd par forfait (abandon)"),
        ("timed out", Termination.FORFEIT, "A forfeited: timed out", "A perd par forfait (timed out)"),
    ],
)
def test_a_resignation_and_a_forfeit_are_outcomes_too(
    reason: str, termination: Termination, english: str, french: str
) -> None:
    session = people(1)
    session.forfeit(0, reason)
    assert session.outcome == Outcome("B", termination, seat="A", reason=reason)
    assert session.update(None, "fr").ending == french and session.update(None).ending == english
    assert session.log[-1].outcome == session.outcome and to_record(session.game)["end"] == english

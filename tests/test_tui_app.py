"""The full-screen game driven by Textual's headless pilot with real key presses (R5 turns, R8 ends)."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import OptionList

from test_tui_support import (
    make_position,
    new_app,
    press_action,
    press_trade,
    random_trade,
    screen_text,
    session_of,
    settle,
    wait_for_person,
)
from timessquare.actions import ACTIONS, DISCARD, END_ID, action_id
from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_CODES, CARD_INDEX
from timessquare.game import Game
from timessquare.players.base import BasePlayer
from timessquare.record import replay, to_record
from timessquare.session.timeline import walk
from timessquare.tui.app import ReplayApp
from timessquare.tui.preview import moved_figures
from timessquare.tui.session import Session
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView


def pick_toward_a(session: Session, rng: random.Random) -> int:
    """Mostly a legal action that brings Sue nearest A's club (games stay short), sometimes any legal one."""
    legal = session.legal_ids()
    if rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    figures = session.view().figures

    def sue_after(aid: int) -> int:
        moved = {name: new for name, _, new in moved_figures(figures, aid)}
        return moved.get("sue", figures["sue"])

    return min(legal, key=lambda aid: (sue_after(aid), rng.random()))


def test_a_complete_game_against_the_computer_by_key_presses() -> None:
    """Every person action goes through the keys (cards, lures, trades, ends); the game ends (R8) and its
    record replays to the same result."""

    async def main() -> None:
        session = Session.new(DEFAULT_RULES, seed=11, seat_choice="A", opponent="random")
        app = new_app(session)
        rng = random.Random(3)
        async with app.run_test(size=(80, 24)) as pilot:
            played = 0
            while True:
                await wait_for_person(pilot, app)
                if session.is_over:
                    break
                game = session.game
                before = len(game.moves)
                aid = pick_toward_a(session, rng)
                if ACTIONS[aid].kind == DISCARD and game.state.turn_key == 0:
                    cards = random_trade(app, rng)
                    await press_trade(pilot, app, cards)
                    expected = [f"discard {CARD_CODES[c]}" for c in cards]
                    assert game.moves[before : before + len(cards) + 1] == [*expected, "end"]
                elif ACTIONS[aid].kind == DISCARD:
                    await press_action(pilot, app, action_id("end"))  # a trade in progress: finish it
                    assert game.moves[before] == "end"
                else:
                    await press_action(pilot, app, aid)
                    assert game.moves[before] == ACTIONS[aid].notation, app.message
                played += 1
            assert session.game.result in ("A", "B", "draw")
            assert played > 5
            assert "Game over" in app.message
            assert "New game" in screen_text(app)
            again = replay(to_record(session.game))
            assert again.result == session.game.result and again.moves == session.game.moves

    asyncio.run(main())


def test_r5_3_a_trade_marks_cards_then_discards_them_and_draws() -> None:
    async def main() -> None:
        state = make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])
        session = session_of(state)
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            assert "Trade" in app.message
            await pilot.press("c")  # nothing marked yet: explained, nothing happens
            assert "at least one card" in app.message and session.game.moves == []
            await pilot.press("1", "1", "4")  # two S (group 1) and H2 (group 4: S G1 G2 H2 …)
            assert "[S] [S]" in screen_text(app) and "[H2]" in screen_text(app)
            await pilot.press("c")
            assert session.game.moves[:4] == ["discard S", "discard S", "discard H2", "end"]
            assert session.game.state.hand_sizes[0] == 8
            assert any(e.words == "A discards H2" for e in session.log)
            assert any(e.words == "A draws 3 cards" for e in session.log)

    asyncio.run(main())


def test_r5_2_a_lure_by_keys_ends_the_turn_without_a_draw() -> None:
    async def main() -> None:
        state = make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])
        session = session_of(state)
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("l")
            assert "lure sue        sue 8→7" in screen_text(app)  # Hal stands on 7
            await press_action(pilot, app, action_id("lure sue"))
            assert session.game.moves[0] == "lure sue"
            assert session.game.state.pos[0] == 7  # Sue now stands on Hal's space
            assert session.game.state.hand_sizes[0] == 8  # R6.1: no draw after a lure
            words = [e.words for e in session.log]
            assert "A lures Sue to Hal" in words and "Charlie stays" in words

    asyncio.run(main())


def test_r9_a_joker_by_keys_then_the_lock_is_explained() -> None:
    """R9.1: Deb (4) between Sue (8) and A's end lets a D3 move a bodyguard; R9.2 then binds the next D3."""

    async def main() -> None:
        state = make_position(["D3", "D3", "S", "S", "G2", "H2", "DM", "G1"], figures={"deb": 4, "hal": 9})
        session = session_of(state)
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_action(pilot, app, action_id("D3 low-3"))
            assert session.game.moves == ["D3 low-3"]
            assert session.game.state.pos[1] == 3
            assert "Deb moves the A-side bodyguard 3 toward A" in [e.words for e in session.log]
            await pilot.press("5")  # the D3 again (hand: S S G1 G2 H2 D3 DM → groups S G1 G2 H2 D3 DM)
            blocked = action_id("D3 deb+3")
            line = next(c for c in app.choices.choices if c.action == blocked)
            assert not line.legal and "R9.2" in line.reason
            index = app.choices.choices.index(line)
            app.choices.highlighted = index
            await pilot.press("enter")
            assert "Not allowed" in app.message and "R9.2" in app.message
            assert session.game.moves == ["D3 low-3"]
            await pilot.press("e")
            assert session.game.moves[1] == "end"

    asyncio.run(main())


def test_a_save_by_keys_writes_a_record_that_loads_and_continues(tmp_path: Path) -> None:
    async def main() -> None:
        state = make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])
        session = session_of(state)
        app = new_app(session, save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_action(pilot, app, action_id("S sue+1"))
            await pilot.press("s")
            await pilot.press("enter")  # the proposed file name in save_dir
            assert app.message.startswith("Saved.")
        saved = list(tmp_path.glob("*.json"))
        assert len(saved) == 1
        record = json.loads(saved[0].read_text())
        assert record["moves"] == ["S sue+1"] and record["players"] == {"A": "you", "B": "random"}

        other = session_of(make_position(["S"] * 8, seed=9))
        app2 = new_app(other, save_dir=tmp_path)
        async with app2.run_test(size=(80, 24)) as pilot:
            await pilot.press("o")
            await pilot.press(*saved[0].name, "enter")
            assert "Loaded" in app2.message, app2.message
            loaded = app2.session
            assert loaded.game.moves == ["S sue+1"] and loaded.person_to_move
            assert "S sue+1" in screen_text(app2)  # the log is rebuilt from the record
            await press_action(pilot, app2, action_id("end"))
            assert loaded.game.moves[:2] == ["S sue+1", "end"]
            await wait_for_person(pilot, app2)  # the computer (random, from the record) answers

    asyncio.run(main())


def test_a_bad_file_to_load_is_explained_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "times-square/game/9"}')

    async def main() -> None:
        session = session_of(make_position(["S"] * 8))
        app = new_app(session, save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("o", *"bad.json", "enter")
            assert "Not loaded" in app.message and app.session is session

    asyncio.run(main())


def test_r5_4_ending_before_acting_is_explained_not_silently_refused() -> None:
    async def main() -> None:
        session = session_of(make_position(["S"] * 8))
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("e")
            assert "R5.4" in app.message and session.game.moves == []
            await pilot.press("9")
            assert "keys 1-1" in app.message

    asyncio.run(main())


def test_clicking_a_card_and_an_effect_plays_it() -> None:
    async def main() -> None:
        session = session_of(make_position(["H2", "S", "S", "G2", "D3", "D3", "DM", "G1"]))
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            hand = app.query_one("#hand")
            column = str(hand.render()).index("H2")
            await pilot.click("#hand", offset=(column, 0))
            assert app.card == CARD_INDEX["H2"]
            target = action_id("H2 hal+2")
            index = next(i for i, c in enumerate(app.choices.choices) if c.action == target)
            await pilot.click("#choices", offset=(6, 1 + index))  # inside the border, on that line
            await pilot.click("#choices", offset=(6, 1 + index))  # OptionList: highlight, then select
            assert session.game.moves == ["H2 hal+2"], app.message

    asyncio.run(main())


def test_hot_seat_hides_both_hands_until_the_next_person_takes_the_screen() -> None:
    async def main() -> None:
        session = Session.new(DEFAULT_RULES, seed=2, seat_choice="random", opponent="random", hotseat=True)
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            first = session.to_move
            name = "AB"[first]
            assert f"Hand the screen to player {name}" in screen_text(app)
            assert session.screen_seat is None and session.view().hand is None
            assert "Your hand" not in app.query_one("#hand").render().plain  # nothing behind the cover either
            await pilot.press("enter")
            assert session.screen_seat == first and f"Your hand ({name})" in screen_text(app)
            await pilot.press("1")  # a look at a card: the message names it …
            assert app.message
            await pilot.press("escape", "t", "1", "c")  # … then a trade of one card ends the turn
            assert session.to_move == 1 - first
            assert app.message == ""  # … and nothing said during that turn stays for the next person
            assert f"Hand the screen to player {'AB'[1 - first]}" in screen_text(app)
            assert session.screen_seat is None and "Your hand" not in app.query_one("#hand").render().plain
            await pilot.press("enter")
            assert session.screen_seat == 1 - first and f"Your hand ({'AB'[1 - first]})" in screen_text(app)

    asyncio.run(main())


def test_r10_the_screen_is_the_same_whatever_the_hidden_cards_are() -> None:
    """Two deals that differ only in B's hand and the supply order look the same to A, key after key."""
    hand_a = ["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]
    one = session_of(make_position(hand_a, ["S", "S", "S", "S", "G2", "G2", "H2", "H2"], seed=1))
    two = session_of(make_position(hand_a, ["D5", "D4", "D4", "H3", "GA", "GA", "D1", "DM"], seed=2))
    assert one.game.state.supply != two.game.state.supply

    async def screens(session: Session) -> list[str]:
        app = new_app(session)
        shots = []
        async with app.run_test(size=(80, 24)) as pilot:
            for keys in ((), ("1",), ("down", "down"), ("escape", "l"), ("escape", "t", "2", "4")):
                await pilot.press(*keys)
                shots.append(screen_text(app))
        return shots

    assert asyncio.run(screens(one)) == asyncio.run(screens(two))


class BlockingPlayer(BasePlayer):
    """A computer player that thinks until the test lets it answer (the first legal `end`, else the first)."""

    name = "blocking"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.views: list[PlayerView] = []
        self.answers: list[int] = []

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        self.views.append(view)
        assert self.go.wait(timeout=30)
        answer = END_ID if END_ID in legal else legal[0]
        self.answers.append(answer)
        return answer

    def close(self) -> None:
        self.go.set()


def test_the_screen_answers_while_the_computer_thinks_in_its_thread() -> None:
    async def main() -> None:
        b_first = make_position(["S"] * 8, figures={"hal": 9, "deb": 7}, to_move="B")  # R2.4: Hal on B's side
        player = BlockingPlayer()
        session = Session(Game(b_first, {"A": "you", "B": "blocking"}), (True, False), {1: player}, random.Random(1))
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda: bool(player.views), "the computer to start thinking")
            assert "thinking" in screen_text(app)
            await pilot.press("1")
            assert "Please wait" in app.message
            await pilot.press("r")
            assert "Times Square in short" in screen_text(app)  # the rules screen opens meanwhile
            await pilot.press("escape")
            assert player.views[0].seat == 1 and player.views[0].hand is not None  # B's own view only (R10)
            player.go.set()
            await wait_for_person(pilot, app)
            assert session.game.moves == [ACTIONS[a].notation for a in player.answers]
            assert session.game.moves[-1] == "end" and len(player.answers) == 2
            assert "B played:" in app.message and "Your turn" in app.message

    asyncio.run(main())


def test_without_colour_every_piece_still_has_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def main() -> None:
        app = new_app(session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])))
        assert app.no_color  # Textual drops the colours (NO_COLOR)
        async with app.run_test(size=(80, 24)):
            text = screen_text(app)
            for label in ("Sue", "Grd", "Hal", "Deb", "Cha", "A's club", "B's club", "Your hand (A)"):
                assert label in text

    asyncio.run(main())


def test_a_hint_needs_the_hint_service_and_says_so_when_it_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "timessquare.players.hints", None)  # importing it fails

    async def main() -> None:
        session = session_of(make_position(["S"] * 8))
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h")
            assert app.message.startswith("No hint: hints are not available")
            assert session.game.moves == []

    asyncio.run(main())


def test_a_hint_shows_the_advice_and_picks_it_on_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[PlayerView] = []

    def suggest(view: PlayerView, rules: object, seconds: float = 1.0, rng: object = None) -> object:
        asked.append(view)
        return SimpleNamespace(action=action_id("S sue-1"), turn=(action_id("S sue-1"), END_ID), win_probability=0.62)

    monkeypatch.setitem(sys.modules, "timessquare.players.hints", SimpleNamespace(suggest=suggest))

    async def main() -> None:
        session = session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]))
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h")
            await settle(pilot, lambda: app.message.startswith("Hint"), "the hint")
            assert app.message == "Hint: S sue-1 (Sue moves 1 toward A), then end. Chance to win about 62%."
            assert asked[0].seat == 0 and asked[0].hand == tuple(sorted(asked[0].hand or ()))
            assert app.choices.current is not None and app.choices.current.action == action_id("S sue-1")
            await pilot.press("enter")
            assert session.game.moves == ["S sue-1"]

    asyncio.run(main())


def test_r8_1_winning_then_replaying_the_game_and_dealing_a_new_one() -> None:
    async def main() -> None:
        near = make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"], figures={"sue": 2, "low": 0, "high": 3})
        session = session_of(near)
        fresh = Session.new(DEFAULT_RULES, 5, "A", "random")
        app = new_app(session, new_session=lambda: fresh)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_action(pilot, app, action_id("S sue-1"))
            assert session.game.result == "A"
            assert "Game over: Sue reached A's entrance. A wins." in app.message
            await pilot.press("1")
            assert "Game over" in app.message and session.game.moves == ["S sue-1"]
            await pilot.press("p")
            assert "Replay: step 0 of 1" in screen_text(app)
            await pilot.press("right")
            assert "Replay: step 1 of 1" in screen_text(app) and "A wins" in screen_text(app)
            await pilot.press("escape", "n")
            assert app.session is fresh

    asyncio.run(main())


def test_the_replay_viewer_steps_both_ways_and_switches_views(tmp_path: Path) -> None:
    (played,) = play_games(1, 8, DEFAULT_RULES, "random", "random")

    async def main() -> None:
        app = ReplayApp(to_record(played))
        async with app.run_test(size=(80, 24)) as pilot:
            assert "Replay: step 0 of" in screen_text(app) and "spectator" in screen_text(app)
            assert "Your hand" not in screen_text(app) and "Hand (" not in screen_text(app)
            await pilot.press("right", "right", "right", "left")
            assert "Replay: step 2 of" in screen_text(app)
            assert app.screen.query_one(OptionList).highlighted == 2
            await pilot.press("v")
            assert "A's view" in screen_text(app) and "Hand (A)" in screen_text(app)
            await pilot.press("end")
            last = len(walk(to_record(played)).steps)
            assert f"Replay: step {last} of {last}" in screen_text(app)
            assert "Game over" in screen_text(app)
            await pilot.press("home")
            assert "Replay: step 0 of" in screen_text(app)

    asyncio.run(main())


def test_the_rules_and_keys_screens_open_and_close() -> None:
    async def main() -> None:
        app = new_app(session_of(make_position(["S"] * 8)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            assert "Times Square in short" in screen_text(app)
            await pilot.press("escape", "question_mark")
            assert "Keys and mouse" in screen_text(app)
            await pilot.press("escape")
            assert "Your hand (A)" in screen_text(app)

    asyncio.run(main())

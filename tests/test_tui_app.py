"""The full-screen game driven by Textual's headless pilot with real key presses (R5 turns, R8 ends)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

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

from timessquare.actions import ACTIONS, DISCARD, action_id
from timessquare.cards import CARD_INDEX
from timessquare.game import replay
from timessquare.tui.preview import moved_figures
from timessquare.tui.session import Session
from timessquare.variants import DEFAULT_RULES


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
                    expected = [f"discard {ACTIONS[action_id('discard S') + c].notation[8:]}" for c in cards]
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
            again = replay(session.game.to_record())
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
            assert "lure sue: Lure Sue to Hal" in screen_text(app)
            await press_action_lure_sue(pilot, app)
            assert session.game.moves[0] == "lure sue"
            assert session.game.state.pos[0] == 7  # Sue now stands on Hal's space
            assert session.game.state.hand_sizes[0] == 8  # R6.1: no draw after a lure
            words = [e.words for e in session.log]
            assert "A lures Sue to Hal" in words and "Charlie stays" in words

    async def press_action_lure_sue(pilot, app):  # type: ignore[no-untyped-def]
        await press_action(pilot, app, action_id("lure sue"))

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
            assert "Saved to" in app.message
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

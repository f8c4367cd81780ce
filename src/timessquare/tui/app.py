"""The full-screen terminal game (`timessquare play`): the layout, and what each key and click does.

The app only shows and asks; the `Session` holds the game. Everything on the screen is drawn from
`session.view()`, the view of the seat at the screen (R10). The computer thinks in a worker thread, so
the screen never freezes; its answer is applied back on the app's own thread.
"""

from __future__ import annotations

import os
import random
import shlex
import time
from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, OptionList, Static

from ..actions import ACTION_IDS, ACTIONS, DISCARD, END_ID, LURE, PLAY
from ..cards import CARD_CODES, SEAT_NAMES
from ..catalog import counted
from ..errors import IllegalActionError, TimesSquareError
from ..players.base import Forfeit
from ..session import ComputerTurn
from ..session.describe import describe
from ..session.log import LogEntry, result_words
from ..session.timeline import walk
from ..variants import Rules
from ..view import PlayerView
from . import menu
from .hint import Hint, ask, hint_words, load_suggest
from .menu import Choice, Kind
from .screens.files import PathDialog
from .screens.handover import HandOverScreen
from .screens.replay import ReplayScreen
from .screens.text import TextScreen
from .session import Session
from .widgets.board import Board
from .widgets.choices import ChoiceList
from .widgets.hand import HandBar
from .widgets.log import MoveLog
from .widgets.size import BOARD_SCREEN, HEIGHT_BREAKPOINTS, SIZE_CSS, WIDTH_BREAKPOINTS, SizeNotice
from .widgets.status import InfoLine, header_parts, status_parts
from .words import ENGLISH, localize_bindings, tui_words

HINT_SECONDS = 1.0
LAUNCHER_ENV = "TIMESSQUARE_LAUNCHER"  # ./play sets it to how it was called


def play_command() -> str:
    """How the person started the game (`./play`, `path/to/play`), for messages that say what to type."""
    return os.environ.get(LAUNCHER_ENV) or "timessquare play"


class Mode(Enum):
    MAIN = "main"  # the start of a choice: cards, lure, trade, end
    CARD = "card"  # one card's effects
    LURE = "lure"
    TRADE = "trade"  # marking cards to discard
    WAIT = "wait"  # not the person's turn
    OVER = "over"


class GameApp(App[None]):
    """A game against the computer, or between two people at one screen (hot seat)."""

    TITLE = "Times Square"  # the game's name, in every language
    ENABLE_COMMAND_PALETTE = False
    CSS = (
        """
    #header { height: auto; background: $panel; }
    #status { height: auto; }
    #hand { height: 1; }
    #middle { height: 1fr; }
    #choices { width: 1fr; min-width: 42; max-width: 56; border: round $accent; }
    #log { width: 1fr; border: round $primary; }
    #message { height: auto; min-height: 2; color: $text; }
    """
        + SIZE_CSS
    )
    HORIZONTAL_BREAKPOINTS = WIDTH_BREAKPOINTS
    VERTICAL_BREAKPOINTS = HEIGHT_BREAKPOINTS
    BINDINGS = [  # each description is a `tui.key.*` name (localize_bindings)
        *(Binding(str(n), f"pick({n})", "card", show=False) for n in range(1, 10)),
        Binding("l", "lure", "lure"),
        Binding("t", "trade", "trade"),
        Binding("e", "end_turn", "end"),
        Binding("c", "confirm", "confirm", show=False),
        Binding("escape", "cancel", "back", show=False),
        Binding("h", "hint", "hint"),
        Binding("r", "rules", "rules"),
        Binding("s", "save", "save"),
        Binding("o", "load", "load"),
        Binding("question_mark", "keys", "keys"),
        Binding("q", "quit_game", "quit"),
        Binding("n", "new_game", "newGame", show=False),
        Binding("p", "replay", "replay", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        new_session: Callable[[], Session] | None = None,
        load_options: dict[str, Any] | None = None,
        pace: float = 0.5,
        save_dir: Path | None = None,
        lang: str = ENGLISH,
    ) -> None:
        """`new_session` deals the next game (`n`); `load_options` go to `Session.load`; `pace` is the pause
        in seconds before each computer action, so a person can follow it; `lang`: the language of every
        word on the screen (the catalogs')."""
        super().__init__()
        self.lang = lang
        localize_bindings(self, lang)
        self.session = session
        self.new_session = new_session
        self.load_options = load_options or {}
        self.pace = pace
        self.save_dir = save_dir or Path.cwd()
        self.mode = Mode.MAIN
        self.card: int | None = None
        self.marked: set[int] = set()
        self.generation = 0  # a new game makes older computer and hint answers stale
        self.thinking = False
        self.quit_armed = False
        self.load_armed = False  # `o` once more loads over a game with unsaved moves
        self.saved_version = session.version  # the game as last saved or loaded: nothing to lose yet
        self.last_path = ""
        self.message = ""  # what the message line says now
        self.computer_moves: list[str] = []  # the computer's actions this turn, said when it is done
        self.hint: tuple[int, str] | None = None  # the hinted action and the hint's words, until the next action

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        yield InfoLine(id="header")
        yield Board(id="board", lang=self.lang)
        yield InfoLine(id="status")
        yield HandBar(id="hand")
        with Horizontal(id="middle"):
            yield ChoiceList(id="choices")
            yield MoveLog(id="log", lang=self.lang)
        yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)
        yield SizeNotice(self.lang)

    def on_mount(self) -> None:
        self.screen.add_class(BOARD_SCREEN)
        self.query_one("#choices", ChoiceList).border_title = self.words("choicesTitle")
        self.query_one("#log", MoveLog).border_title = self.words("logTitle")
        self.query_one(MoveLog).reset(self.session.log)
        self.query_one(ChoiceList).focus()
        self.advance()

    def on_unmount(self) -> None:
        self.session.close()

    # ----------------------------------------------------------------- drawing

    @property
    def choices(self) -> ChoiceList:
        return self.query_one("#choices", ChoiceList)

    def words(self, key: str, /, **params: object) -> str:
        """The screen's words: `tui.<key>` in the app's language."""
        return tui_words(key, self.lang, **params)

    def why_not(self, aid: int) -> str:
        return self.session.why_not(aid, self.lang)

    def seat_name(self, seat: int) -> str:
        return self.session.seat_name(seat, self.lang)

    def result_words(self) -> str:
        return result_words(self.session.update().outcome, self.lang)

    def say(self, text: str) -> None:
        """The message line: what just happened, or why a choice is not allowed."""
        self.message = text
        self.query_one("#message", Static).update(text)

    def menu_for(self, view: PlayerView) -> list[Choice]:
        s = self.session
        if s.is_over:
            return menu.over_menu(self.lang)
        if not s.person_to_move:
            seat = SEAT_NAMES[s.to_move]
            if s.computer_to_move:
                return menu.note_menu(self.words("thinking", who=self.seat_name(s.to_move), seat=seat))
            return menu.note_menu(self.words("screenGoes", seat=seat))
        legal = set(s.legal_ids())
        if self.mode == Mode.CARD and self.card is not None:
            return menu.effect_menu(view, legal, self.card, self.why_not, self.lang)
        if self.mode == Mode.LURE:
            return menu.lure_menu(view, legal, self.why_not, self.lang)
        if self.mode == Mode.TRADE:
            return menu.trade_menu(view, self.marked, self.lang)
        return menu.main_menu(view, legal, self.why_not, self.lang)

    def redraw(self, highlight: int | None = None) -> None:
        """Draw everything from the view of the seat at the screen."""
        s = self.session
        view = s.view()
        names = (self.seat_name(0), self.seat_name(1))
        note = self.words("thinkingNote") if self.thinking else ""
        self.query_one("#header", InfoLine).show(header_parts(view, names, note, self.lang))
        self.query_one("#status", InfoLine).show(status_parts(view, lang=self.lang))
        hidden = self.words("handsHidden") if s.hotseat and view.seat is None else ""
        selected = self.card if self.mode == Mode.CARD else None
        marked = self.marked if self.mode == Mode.TRADE else ()
        self.query_one(HandBar).show(view, marked, selected, hidden, lang=self.lang)
        self.choices.show(self.menu_for(view), highlight)
        self.show_preview()

    def show_preview(self) -> None:
        """The board, with the highlighted choice's moves and the picked card's reachable spaces."""
        view = self.session.view()
        choice = self.choices.current
        preview = choice.action if choice and choice.kind in (Kind.EFFECT, Kind.LURE) else None
        targets: set[int] = set()
        if self.mode == Mode.CARD and self.card is not None and self.session.person_to_move:
            legal = set(self.session.legal_ids())
            targets = menu.effect_targets(view, [a for a in menu.card_actions(self.card) if a in legal])
        you = self.session.screen_seat
        self.query_one(Board).show(view, preview, targets, you)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is not self.choices:
            return
        self.show_preview()
        choice = self.choices.choice_at(event.option_index)
        if choice is None or choice.kind not in (Kind.EFFECT, Kind.LURE):
            return
        notation = ACTIONS[choice.action].notation
        if self.hint is not None and choice.action == self.hint[0]:
            self.say(self.hint[1])  # the hinted choice keeps the hint's words
        elif choice.legal:
            self.say(self.words("playIt", action=notation, words=describe(notation, self.session.to_move, self.lang)))
        else:
            self.say(f"✗ {notation}: {choice.reason}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is self.choices:
            choice = self.choices.choice_at(event.option_index)
            if choice is not None:
                self.choose(choice)

    def on_hand_bar_picked(self, event: HandBar.Picked) -> None:
        if self.mode == Mode.TRADE:
            self.toggle(event.index)
            return
        cards = menu.hand_cards(self.session.view())
        if event.index < len(cards):
            self.open_card(cards[event.index])

    # ----------------------------------------------------------------- the flow of the game

    def advance(self) -> None:
        """After every change: the computer's move, the hand-over, the end, or the person's choice."""
        s = self.session
        if s.is_over:
            self.mode = Mode.OVER
            self.redraw()
            self.say(self.words("overKeys", result=self.result_words()))
            return
        if s.computer_to_move:
            self.mode = Mode.WAIT
            if not self.thinking:
                self.thinking = True
                start = partial(self.start_thinking, self.generation)
                if self.pace > 0:
                    self.set_timer(self.pace, start)
                else:
                    self.call_later(start)
            self.redraw()
            return
        if s.needs_hand_over:
            s.take_screen(None)  # nothing of either hand shows while the screen changes hands
            self.say("")  # the last turn's messages may name cards of the hand that just left
            self.hint = None
            self.mode = Mode.WAIT
            self.redraw()
            seat = s.to_move
            name = self.words("handover.player", seat=SEAT_NAMES[seat])
            self.push_screen(HandOverScreen(name, lang=self.lang), partial(self.taken_over, self.generation, seat))
            return
        if self.mode in (Mode.WAIT, Mode.OVER):
            self.mode = Mode.MAIN
        self.redraw()
        if not self.message:
            self.say(self.words("prompt"))

    def taken_over(self, generation: int, seat: int, _: None = None) -> None:
        if generation != self.generation:
            return
        self.session.take_screen(seat)
        self.mode = Mode.MAIN
        self.redraw()
        self.say(self.words("yourTurnPlayer", seat=SEAT_NAMES[seat]))

    def start_thinking(self, generation: int) -> None:
        if generation != self.generation or not self.session.computer_to_move:
            return
        self.think(self.session, self.session.computer_turn(), generation)

    @work(thread=True, exclusive=True, group="computer")
    def think(self, session: Session, turn: ComputerTurn, generation: int) -> None:
        """The computer's choice, off the app's thread; only the computer's own view goes in (R10)."""
        try:
            choice = session.think(turn)
        except Exception as e:  # a computer player's failure loses it the game, it does not crash the screen
            self.call_from_thread(self.computer_failed, generation, f"{type(e).__name__}: {e}")
        else:
            self.call_from_thread(self.computer_chose, generation, turn, choice)

    def computer_chose(self, generation: int, turn: ComputerTurn, choice: int | Forfeit) -> None:
        if generation != self.generation:
            return
        self.thinking = False
        seat = turn.seat
        entries = self.session.computer_played(choice, turn)
        self.add_log(entries)
        if not isinstance(choice, Forfeit):
            self.computer_moves.append(ACTIONS[choice].notation)
        self.advance()
        if self.session.person_to_move:
            played = ", ".join(self.computer_moves)
            self.computer_moves.clear()
            self.say(self.words("computerPlayed", seat=SEAT_NAMES[seat], actions=played))

    def computer_failed(self, generation: int, reason: str) -> None:
        if generation != self.generation:
            return
        self.thinking = False
        self.add_log(self.session.forfeit(self.session.to_move, reason))
        self.advance()

    def add_log(self, entries: list[LogEntry]) -> None:
        self.query_one(MoveLog).add(entries)

    # ----------------------------------------------------------------- the person's choices

    def choose(self, choice: Choice) -> None:
        match choice.kind:
            case Kind.CARD:
                self.open_card(choice.card)
            case Kind.EFFECT | Kind.LURE | Kind.END:
                self.act(choice.action)
            case Kind.LURE_MENU:
                self.action_lure()
            case Kind.TRADE_MENU:
                self.action_trade()
            case Kind.TOGGLE:
                self.toggle(choice.index)
            case Kind.CONFIRM:
                self.action_confirm()
            case Kind.BACK:
                self.action_cancel()
            case Kind.NEW_GAME:
                self.action_new_game()
            case Kind.REPLAY:
                self.action_replay()
            case Kind.SAVE:
                self.action_save()
            case Kind.QUIT:
                self.exit()
            case Kind.NOTE:
                pass

    def not_now(self) -> bool:
        """True (and says why) when the person may not act now."""
        s = self.session
        if s.is_over:
            self.say(self.words("overKeysQuit", result=self.result_words()))
            return True
        if not s.person_to_move:
            self.say(self.words("wait", seat=SEAT_NAMES[s.to_move], who=self.seat_name(s.to_move)))
            return True
        return False

    def open_card(self, card: int) -> None:
        if self.not_now():
            return
        self.mode, self.card = Mode.CARD, card
        self.redraw()
        legal = set(self.session.legal_ids())
        actions = menu.card_actions(card)
        if not any(a in legal for a in actions):
            self.say(self.words("cardNotNow", card=CARD_CODES[card], why=self.why_not(actions[0])))
        else:
            self.say(self.words("cardHow", card=CARD_CODES[card]))

    def act(self, aid: int) -> bool:
        """Take an action for the person; a refusal is explained on the message line."""
        if self.not_now():
            return False
        try:
            entries = self.session.play(aid)
        except IllegalActionError:
            self.say(self.words("notAllowedAction", action=ACTIONS[aid].notation, why=self.why_not(aid)))
            return False
        except TimesSquareError as e:
            self.say(self.words("notAllowed", why=e))
            return False
        self.quit_armed = self.load_armed = False
        self.hint = None
        self.add_log(entries)
        self.say(" · ".join(e.text(self.lang) for e in entries[:3]))
        if self.session.person_to_move:  # the same turn goes on
            keep = self.mode == Mode.CARD and self.card is not None
            legal = set(self.session.legal_ids())
            if not (keep and any(a in legal for a in menu.card_actions(self.card or 0))):
                self.mode, self.card = Mode.MAIN, None
            self.redraw()
        else:
            self.mode, self.card = Mode.MAIN, None
            self.marked.clear()
            self.advance()
        return True

    def toggle(self, index: int) -> None:
        if self.not_now():
            return
        if self.mode != Mode.TRADE:
            self.action_trade()
        self.marked ^= {index}
        current = self.choices.highlighted
        self.redraw(highlight=current)
        self.say(counted("tui.marked", len(self.marked), self.lang))

    # ----------------------------------------------------------------- keys

    def action_pick(self, number: int) -> None:
        if self.not_now():
            return
        view = self.session.view()
        groups = menu.hand_groups(view)
        if not 1 <= number <= len(groups):
            self.say(self.words("handKinds", n=len(groups)))
            return
        card = groups[number - 1][0]
        if self.mode == Mode.TRADE:
            # A card type's key marks one more card of it, or unmarks them all once all are marked.
            places = [i for i, c in enumerate(menu.hand_cards(view)) if c == card]
            free = [i for i in places if i not in self.marked]
            if free:
                self.toggle(free[0])
            else:
                self.marked -= set(places)
                self.redraw(highlight=self.choices.highlighted)
            return
        self.open_card(card)

    def choose_by_menu(self, mode: Mode) -> bool:
        """Opens the lure or the trade menu, its marks cleared; False (and nothing changes) when it is not
        the player's turn."""
        if self.not_now():
            return False
        self.mode, self.card = mode, None
        self.marked.clear()
        self.redraw()
        return True

    def action_lure(self) -> None:
        if not self.choose_by_menu(Mode.LURE):
            return
        legal = set(self.session.legal_ids())
        lures = [a.id for a in ACTIONS if a.kind == LURE]
        if not any(a in legal for a in lures):
            self.say(self.words("noLure", why=self.why_not(lures[0])))
        else:
            self.say(self.words("lureHow"))

    def action_trade(self) -> None:
        if not self.choose_by_menu(Mode.TRADE):
            return
        view = self.session.view()
        legal = set(self.session.legal_ids())
        if not any(ACTIONS[a].kind == DISCARD for a in legal):
            first = menu.hand_cards(view)[0] if view.hand else 0
            self.say(self.words("noTrade", why=self.why_not(ACTION_IDS["discard " + CARD_CODES[first]])))
        else:
            self.say(self.words("tradeHow"))

    def action_confirm(self) -> None:
        if self.not_now():
            return
        if self.mode != Mode.TRADE:
            self.say(self.words("confirmWhat"))
            return
        view = self.session.view()
        if not self.marked and view.turn["mode"] != "trade":
            self.say(self.words("markFirst"))
            return
        cards = [menu.hand_cards(view)[i] for i in sorted(self.marked)]
        for card in cards:
            discard = ACTION_IDS["discard " + CARD_CODES[card]]
            try:
                self.add_log(self.session.play(discard))
            except TimesSquareError as e:
                why = self.why_not(discard) if isinstance(e, IllegalActionError) else e
                self.say(self.words("notAllowed", why=why))
                self.marked.clear()
                self.redraw()
                return
        self.marked.clear()
        self.act(END_ID)

    def action_end_turn(self) -> None:
        if self.mode == Mode.TRADE and self.marked:
            self.action_confirm()
        else:
            self.act(END_ID)

    def action_cancel(self) -> None:
        if self.session.person_to_move:
            self.mode, self.card = Mode.MAIN, None
            self.marked.clear()
            self.redraw()
            self.say("")

    def action_hint(self) -> None:
        if self.not_now():
            return
        suggest = load_suggest(self.lang)
        if isinstance(suggest, str):
            self.say(self.words("noHint", why=suggest))
            return
        self.say(self.words("hintThinking"))
        self.find_hint(suggest, self.session.view(), self.session.rules, self.generation)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, suggest: Callable[..., Any], view: PlayerView, rules: Rules, generation: int) -> None:
        try:
            hint = ask(suggest, view, rules, HINT_SECONDS, random.Random())
        except Exception as e:  # the hint service is optional: its failure is only a message
            self.call_from_thread(self.say, self.words("hintFailed", why=f"{type(e).__name__}: {e}"))
        else:
            self.call_from_thread(self.show_hint, generation, len(view.moves), hint)

    def show_hint(self, generation: int, moves: int, hint: Hint) -> None:
        if generation != self.generation or self.session.moves_so_far < moves or not self.session.person_to_move:
            return
        if len(self.session.view().moves) != moves:
            return  # the person moved meanwhile: the hint is for a position that has gone
        self.hint = (hint.action, hint_words(hint, self.lang))
        self.say(self.hint[1])
        action = ACTIONS[hint.action]
        if action.kind == PLAY:
            self.mode, self.card = Mode.CARD, action.card
            self.redraw()
            self.highlight_action(hint.action)
        elif action.kind == LURE:
            self.mode = Mode.LURE
            self.redraw()
            self.highlight_action(hint.action)

    def highlight_action(self, aid: int) -> None:
        for index, choice in enumerate(self.choices.choices):
            if choice.action == aid:
                self.choices.highlighted = index

    def action_rules(self) -> None:
        self.push_screen(TextScreen(self.words("rules"), self.lang))

    def action_keys(self) -> None:
        self.push_screen(TextScreen(self.words("keys"), self.lang))

    def action_save(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        default = self.last_path or str(self.save_dir / f"times-square-{stamp}.json")
        hint = self.words("save.help", folder=self.save_dir)
        self.push_screen(PathDialog(self.words("save.title"), default, hint, self.lang), self.save_to)

    def resolve(self, path: str) -> Path:
        """A typed file name: relative names are in the save folder (the dialogs say which)."""
        target = Path(path).expanduser()
        return target if target.is_absolute() else self.save_dir / target

    def save_to(self, path: str | None) -> None:
        if not path:
            self.say(self.words("save.none"))
            return
        try:
            written = self.session.save(self.resolve(path), self.lang)
        except TimesSquareError as e:
            self.say(self.words("save.failed", why=e))
            return
        self.last_path = str(written)
        self.saved_version = self.session.version
        # The path once, inside the command: at 80 columns the message has two lines, and a sentence is not cut.
        where = shlex.quote(str(written))
        if self.session.is_over:
            self.say(self.words("save.doneOver", command=f"{play_command()} --replay {where}"))
        else:
            self.say(self.words("save.done", command=f"{play_command()} --load {where}"))

    @property
    def unsaved(self) -> bool:
        """Whether the game has changed since it was dealt, loaded or last saved."""
        return self.session.version != self.saved_version

    def action_load(self) -> None:
        if self.unsaved and not self.load_armed:
            self.load_armed = True
            self.say(self.words("load.unsaved"))
            return
        self.load_armed = False
        hint = self.words("load.help", folder=self.save_dir)
        self.push_screen(PathDialog(self.words("load.title"), self.last_path, hint, self.lang), self.load_from)

    def load_from(self, path: str | None) -> None:
        if not path:
            self.say(self.words("load.none"))
            return
        try:
            session = Session.load(self.resolve(path), **self.load_options)
        except TimesSquareError as e:
            self.say(self.words("load.failed", why=e))
            return
        self.last_path = path
        self.replace_session(session)
        self.saved_version = session.version
        self.say(counted("tui.load.done", session.moves_so_far, self.lang, path=path))

    def replace_session(self, session: Session) -> None:
        self.session.close()
        self.session = session
        self.generation += 1
        self.thinking = False
        self.mode, self.card = Mode.MAIN, None
        self.marked.clear()
        self.query_one(MoveLog).reset(session.log)
        self.advance()

    def action_new_game(self) -> None:
        if not self.session.is_over:
            self.say(self.words("newGameLater"))
            return
        if self.new_session is None:
            self.say(self.words("noNewGame", command=play_command()))
            return
        self.say("")
        self.replace_session(self.new_session())

    def action_replay(self) -> None:
        s = self.session
        if not s.is_over:
            self.say(self.words("replayLater", command=play_command()))
            return
        self.push_screen(ReplayScreen(s.core.timeline(), lang=self.lang))

    def action_quit_game(self) -> None:
        if self.session.is_over or self.quit_armed:
            self.exit()
            return
        self.quit_armed = True
        self.say(self.words("quitAgain"))


class ReplayApp(App[None]):
    """`timessquare play --replay RECORD`: only the replay viewer."""

    ENABLE_COMMAND_PALETTE = False
    CSS = SIZE_CSS
    HORIZONTAL_BREAKPOINTS = WIDTH_BREAKPOINTS
    VERTICAL_BREAKPOINTS = HEIGHT_BREAKPOINTS

    def __init__(self, record: dict[str, Any], rules: Rules | None = None, lang: str = ENGLISH) -> None:
        super().__init__()
        self.timeline = walk(record, rules)
        self.lang = lang
        self.title = tui_words("replayTitle", lang)

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.timeline, lang=self.lang), lambda _: self.exit())

// The table a player sits at, shared by the game page and the tutorial: the last state document (the socket's
// `state`; the tutorial's lesson carries the same fields, docs/web-protocol.md) and what the player has made
// of it so far: a picked card, the moves one ghost stands for, cards marked to discard, an action on its way,
// a hint. Its methods are what the player does; where an action goes is the page's business (`send`), and
// what is drawn is the views' (`render`), each a function of this object.

import { pageWords, t } from "./i18n.js";
import { planHolds } from "./hint-plan.js";
import { actionsOfCard, cardOfAction, parseAction } from "./notation.js";
import { applyMessage } from "./page-state.js";

const ANSWER_TIMEOUT_MS = 10000; // no answer by then: the page lets the player try again

export class Table {
  /**
   * page: {send(actions, version) → false when it could not go, render(table, first), and where it has them
   * explain(action), askHint(), say(text, kind), hush(), notNow() (a click while it is not this seat's
   * turn), moved() (the game went on: a prompt about the last choice is answered)}.
   * markToTrade: a card clicked in a trade is marked (discarded with the others by `confirmTrade`); without
   * it, the click discards that card at once. sortChoices: a card's moves are listed jokers last, else in
   * the order the server sent them (the tutorial's, as it always showed them).
   */
  constructor(page, { markToTrade = true, sortChoices = true } = {}) {
    this.page = { explain() {}, askHint() {}, say() {}, hush() {}, notNow() {}, moved() {}, ...page };
    this.markToTrade = markToTrade;
    this.sortChoices = sortChoices;
    this.board = null; // the page's Board: the choices' ghosts are drawn on it
    this.state = null; // the last state document
    this.destinations = new Map(); // each legal action -> where it puts the figures it moves (the server's)
    this.choiceWords = new Map(); // ... and what it does, in words (the server's: the page phrases no move)
    this.selected = null; // the card code whose moves are shown
    this.selectedIndex = null; // where in the hand the player picked it (twins look alike, yet one was tapped)
    this.candidates = null; // the moves that put a clicked ghost's figure on its space, when several do
    this.trading = false;
    this.marked = new Set(); // indices into the hand
    this.busy = false; // an action is on its way: wait for the answer
    this.busyTimer = null;
    this.hint = null; // {version, action, turn, words, win_probability, before}: kept until the turn ends (hint-plan.js)
    this.hintPending = false;
  }

  get seat() {
    return this.state ? this.state.seat : null;
  }

  myTurn() {
    const state = this.state;
    return Boolean(state && state.seat && !state.over && state.view.to_move === state.seat && state.legal.length);
  }

  isLegal(action) {
    return Boolean(this.state && this.state.legal.includes(action));
  }

  /** The legal plays of one card. */
  legalOfCard(code) {
    if (!this.state) return [];
    const plays = this.state.legal.filter((a) => cardOfAction(a) === code && parseAction(a).kind === "play");
    if (!this.sortChoices) return plays;
    return plays.sort((x, y) => Number(parseAction(x).joker) - Number(parseAction(y).joker) || x.localeCompare(y));
  }

  /** Where a legal action puts the figures it moves, as the server said ({} for others). */
  destinationsOf(action) {
    return this.destinations.get(action) || {};
  }

  wordsOf(action) {
    return this.choiceWords.get(action);
  }

  // ---- what comes from the server ----------------------------------------------------------------------

  /** A message of the game (`state` or `change`) through the page's one reducer (page-state.js), worded
   * in the page's language; false when it does not follow on from the state the table has (the page then asks
   * for the whole state). */
  apply(message) {
    const next = applyMessage(this.state, message, pageWords());
    if (next === null) return false;
    if (next !== this.state) this.feed(next);
    return true;
  }

  /** A new state document: what was picked on the one before stays where it still makes sense. */
  feed(state) {
    const previous = this.state;
    this.state = state;
    this.destinations = new Map(state.legal.map((action, i) => [action, state.destinations[i]]));
    this.choiceWords = new Map(state.legal.map((action, i) => [action, state.words[i]]));
    this.setBusy(false);
    if (previous && previous.version !== state.version) {
      this.page.moved();
      this.candidates = null;
      this.selected = null; // a card played puts nothing in the hand's place: never its twin (issue 33)
    }
    if (this.selected && !this.legalOfCard(this.selected).length) this.selected = null;
    if (!this.myTurn()) this.stopTrading();
    const turnCards = state.view.turn.cards;
    if (this.hint && this.hint.version !== state.version && !(this.myTurn() && planHolds(this.hint, turnCards))) {
      this.hint = null;
    }
    if (state.view.turn.mode === "trade" && this.myTurn()) this.trading = true; // cards were discarded: it goes on
    this.render(previous === null);
  }

  /** A step of the tutorial went through: it starts afresh, in a trade only while discarding. */
  forgetChoice(keepTrading) {
    this.selected = null;
    this.candidates = null;
    if (!keepTrading) this.stopTrading();
  }

  /** The server's suggestion for this turn: its card is picked. */
  takeHint(message) {
    this.hintPending = false;
    if (this.state && message.version === this.state.version) {
      this.hint = { ...message, before: this.state.view.turn.cards.length };
      const card = cardOfAction(message.action);
      if (card && !this.trading) this.selected = card;
    }
    this.render();
  }

  /** The server refused what was sent (or there was no answer): the player may try again. */
  refused(code) {
    this.setBusy(false);
    if (code === "busy") this.hintPending = false;
  }

  forgetHint() {
    this.hint = null; // its words are in the old language
  }

  setBusy(value) {
    this.busy = value;
    clearTimeout(this.busyTimer);
    if (value) {
      this.busyTimer = setTimeout(() => {
        this.busy = false;
        this.render();
      }, ANSWER_TIMEOUT_MS);
    }
    document.body.classList.toggle("busy", value);
  }

  // ---- what the player does ----------------------------------------------------------------------------

  /** One action, or several of one turn at once (a trade: its discards and `end`), taken all or none. */
  send(actions) {
    if (this.busy || !this.myTurn()) return;
    if (!this.page.send(actions, this.state.version)) {
      this.page.say(t("msg.offline"));
      return;
    }
    this.candidates = null;
    this.setBusy(true);
    this.render();
  }

  /** Why `action` is not legal now (the server says). */
  explain(action) {
    if (this.myTurn()) this.page.explain(action);
    else this.page.notNow();
  }

  selectCard(code, index) {
    this.page.hush();
    if (this.trading) {
      this.mark(code, index);
      return;
    }
    if (!this.myTurn()) {
      this.page.notNow();
      return;
    }
    this.candidates = null;
    if (!this.legalOfCard(code).length) {
      this.selected = null;
      this.render();
      this.explain(actionsOfCard(code)[0]);
      return;
    }
    // the tapped card itself is picked (of two twins, the one tapped), and tapping it again puts it down
    const same = this.selected === code && this.selectedIndex === index;
    this.selected = same ? null : code;
    this.selectedIndex = same ? null : index;
    this.render();
  }

  mark(code, index) {
    if (!this.markToTrade) {
      this.send([`discard ${code}`]);
      return;
    }
    if (this.marked.has(index)) this.marked.delete(index);
    else this.marked.add(index);
    this.render();
  }

  choose(action) {
    this.send([action]);
  }

  /** A ghost on the board was clicked: `actions` are the moves it stands for (board.js). */
  target(figure, space, actions) {
    if (!this.selected || this.busy) return;
    const matching = this.legalOfCard(this.selected).filter((a) => actions.includes(a));
    if (matching.length === 1) {
      this.choose(matching[0]);
    } else if (matching.length > 1) {
      this.candidates = matching;
      this.render();
      this.page.say(t("msg.severalMoves"), "info");
      const first = document.querySelector("#choices .candidate");
      if (first) first.focus();
    }
  }

  /** The trade button: trading starts (or, where it stays on screen, stops). */
  toggleTrade() {
    this.page.hush();
    if (!this.state) return;
    if (!this.state.legal.some((a) => a.startsWith("discard "))) {
      this.explain(`discard ${this.state.view.hand[0] || "S"}`);
      return;
    }
    if (this.trading) {
      this.cancelTrade();
      return;
    }
    this.trading = true;
    this.selected = null;
    this.marked = new Set();
    this.render();
    const first = document.querySelector("#hand .card");
    if (first && this.markToTrade) first.focus();
  }

  cancelTrade() {
    this.stopTrading();
    this.render();
  }

  stopTrading() {
    this.trading = false;
    this.marked = new Set();
  }

  confirmTrade() {
    const codes = [...this.marked].sort((x, y) => x - y).map((i) => this.state.view.hand[i]);
    if (!codes.length && this.state.view.turn.mode !== "trade") {
      this.page.say(t("msg.markCards"), "info");
      return;
    }
    const actions = [...codes.map((c) => `discard ${c}`), "end"];
    const illegal = actions.find((action) => !this.isLegal(action) && action !== "end");
    if (illegal) {
      this.explain(illegal);
      return;
    }
    this.stopTrading();
    this.send(actions);
  }

  end() {
    if (this.isLegal("end")) this.send(["end"]);
    else this.explain("end");
  }

  lure(figure) {
    const action = `lure ${figure}`;
    if (this.isLegal(action)) this.send([action]);
    else this.explain(action);
  }

  askHint() {
    if (!this.myTurn() || this.hintPending) return;
    this.hintPending = true;
    this.hint = null;
    this.page.askHint();
    this.render();
  }

  /** Escape: the picked card (and a trade not yet begun) is put down. */
  escape() {
    if (!(this.selected || this.trading) || document.querySelector("dialog[open]")) return;
    this.selected = null;
    this.candidates = null;
    if (this.trading && this.state.view.turn.mode !== "trade") this.stopTrading();
    this.render();
  }

  render(first = false) {
    if (this.state) this.page.render(this, first);
  }
}

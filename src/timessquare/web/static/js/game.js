// The game page: one player's seat (token in localStorage) or a spectator. It draws what the server's
// `state` messages say and sends actions carrying the version they were chosen on; the server checks
// everything (docs/web-protocol.md).

import { rematch as askRematch, recordDownloadUrl } from "./api.js";
import { Board } from "./board.js";
import { nextStep, planHolds, planRow } from "./hint-plan.js";
import { resultHeadline } from "./results.js";
import { renderSocial, setupSocial, socialMessage } from "./social.js";
import { Connection } from "./connection.js";
import { currentLang, t, tn, tTouch } from "./i18n.js";
import { cardBack, cardButton } from "./hand.js";
import { actionsOfCard, cardOfAction, parseAction } from "./notation.js";
import { accountSeatToken, renderOnline } from "./online-game.js";
import { clear, el, initPage, markReady } from "./page.js";
import { bringTurnIntoView } from "./phone-turn.js";
import { Playback } from "./playback.js";
import { clubLabel as clubLabelOf, playerLabel as playerLabelOf } from "./seat-labels.js";
import { actionCount, appendLog, showDiscard } from "./table-words.js";
import { keepTokenOfUrl, takeTokenFromUrl } from "./tokens.js";
import { boardWords, capital, figureName, sentence, supplyWords } from "./words.js";

const ANSWER_TIMEOUT_MS = 10000;

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

let token = null;
let connection = null;
let board = null;
let state = null; // the last `state` message
let moved = new Map(); // each legal action of that state -> where it puts the figures it moves (the server's)
let choiceWords = new Map(); // ... and what it does, in words (the server's: the page phrases no move)
let selected = null; // the card code whose effects are shown
let trading = false; // marking cards to discard
let marked = new Set(); // indices into the hand
let busy = false; // an action is on its way; wait for the answer
let busyTimer = null;
let hint = null; // {version, action, turn, words, win_probability, before}: kept until the turn ends (hint-plan.js)
let hintPending = false;
let candidates = null; // actions that put a clicked ghost's figure on its space, when several do
let overShown = false;
let rematchOffered = false; // this seat offered an online rematch: go into it once accepted
let logCount = 0;
let logLang = null;
let playback = null; // another seat's actions, shown one after the other (playback.js)
let queuedState = null; // the last state handed to it and not yet known to be shown
let focusKey = null; // the data-focus of the control that last had the focus, to give it back after a redraw

function me() {
  return state ? state.seat : null;
}

function myTurn() {
  return Boolean(state && state.seat && !state.over && state.view.to_move === state.seat && state.legal.length);
}

/** Where a legal action puts the figures it moves, as the server said ({} for others). */
function destinationsOf(action) {
  return moved.get(action) || {};
}

function legalOfCard(code) {
  if (!state) return [];
  return state.legal
    .filter((a) => cardOfAction(a) === code && parseAction(a).kind === "play")
    .sort((x, y) => Number(parseAction(x).joker) - Number(parseAction(y).joker) || x.localeCompare(y));
}

/** The account name of the other seat in an online game (docs/web-protocol.md), else null. */
function accountName(seat) {
  const account = state.online && state.online.accounts[seat];
  return account && seat !== me() ? account.name : null;
}

function playerLabel(seat) {
  return accountName(seat) && seat !== me() ? accountName(seat) : playerLabelOf(state.players, seat, me());
}

/** A player's name inside a sentence: "Waiting for your friend to play." */
function playerInSentence(seat) {
  const label = playerLabel(seat);
  return label === t("player.friend") ? t("player.friendInSentence") : label;
}

/** The short name written on a club's wall. */
function clubLabel(seat) {
  return accountName(seat) && seat !== me() ? accountName(seat) : clubLabelOf(state.players, seat, me());
}

// ---- sending -----------------------------------------------------------------------------------------

function setBusy(value) {
  busy = value;
  clearTimeout(busyTimer);
  if (value) {
    busyTimer = setTimeout(() => {
      busy = false;
      render();
    }, ANSWER_TIMEOUT_MS);
  }
  document.body.classList.toggle("busy", value);
}

/** One action, or several of one turn at once (a trade: its discards and `end`), which the server takes all or none. */
function sendAction(action, more = []) {
  if (busy || !myTurn()) return;
  const message = more.length
    ? { type: "actions", version: state.version, actions: [action, ...more] }
    : { type: "action", version: state.version, action };
  if (!connection.send(message)) {
    showMessage(t("msg.offline"));
    return;
  }
  candidates = null;
  setBusy(true);
  render();
}

function explain(action) {
  if (!myTurn()) {
    showMessage(state && state.over ? t("msg.over") : t("msg.notYourTurn"));
    return;
  }
  connection.send({ type: "explain", action });
}

// ---- what the player does ----------------------------------------------------------------------------

function onCard(code, index) {
  hideMessage();
  if (trading) {
    if (marked.has(index)) marked.delete(index);
    else marked.add(index);
    render();
    return;
  }
  if (!myTurn()) {
    showMessage(state && state.over ? t("msg.over") : t("msg.notYourTurn"));
    return;
  }
  if (!legalOfCard(code).length) {
    selected = null;
    candidates = null;
    render();
    explain(actionsOfCard(code)[0]);
    return;
  }
  selected = selected === code ? null : code;
  candidates = null;
  render();
}

/** A ghost on the board was clicked: `actions` are the moves it stands for (board.js). */
function onTarget(figure, space, actions) {
  if (!selected || busy) return;
  const matching = legalOfCard(selected).filter((a) => actions.includes(a));
  if (matching.length === 1) {
    sendAction(matching[0]);
  } else if (matching.length > 1) {
    candidates = matching;
    render();
    showMessage(t("msg.severalMoves"), "info");
    const first = document.querySelector("#choices .candidate");
    if (first) first.focus();
  }
}

function startTrade() {
  hideMessage();
  if (!state.legal.some((a) => a.startsWith("discard "))) {
    explain(`discard ${state.view.hand[0] || "S"}`);
    return;
  }
  trading = true;
  selected = null;
  marked = new Set();
  render();
  const first = document.querySelector("#hand .card");
  if (first) first.focus();
}

function cancelTrade() {
  trading = false;
  marked = new Set();
  render();
}

function confirmTrade() {
  const codes = [...marked].sort((x, y) => x - y).map((i) => state.view.hand[i]);
  if (!codes.length && state.view.turn.mode !== "trade") {
    showMessage(t("msg.markCards"), "info");
    return;
  }
  const actions = [...codes.map((c) => `discard ${c}`), "end"];
  if (!actions.every((action) => state.legal.includes(action) || action === "end")) {
    explain(actions.find((action) => !state.legal.includes(action)));
    return;
  }
  trading = false;
  marked = new Set();
  sendAction(actions[0], actions.slice(1));
}

function onEnd() {
  if (state.legal.includes("end")) sendAction("end");
  else explain("end");
}

function onLure(figure) {
  const action = `lure ${figure}`;
  if (state.legal.includes(action)) sendAction(action);
  else explain(action);
}

function onHint() {
  if (!myTurn() || hintPending) return;
  hintPending = true;
  hint = null;
  connection.send({ type: "hint" });
  render();
}

function onResign() {
  $("resign-dialog").showModal();
}

async function onRematch() {
  const button = $("rematch");
  button.disabled = true;
  try {
    const answer = await askRematch(gameId, token);
    if (answer.offered) {
      rematchOffered = true; // an online game's rematch waits for the other account (its state tells us)
      $("over-message").textContent = t("over.rematchOffered");
      return;
    }
    location.assign(keepTokenOfUrl(answer.url));
  } catch (error) {
    button.disabled = false;
    $("over-message").textContent = error.message || t("msg.serverDown");
  }
}

// ---- messages from the server ------------------------------------------------------------------------

/** The actions `message` adds to `before` (none when it is no later, or in another language). */
function actedSince(message, before) {
  if (!before || message.version <= before.version || message.lang !== before.lang) return [];
  return message.log.slice(before.log.length).filter((entry) => entry.notation);
}

/** Is `message` another seat's action after `before` (for a spectator: anyone's), to be played out in turn? */
function playsOut(message, before) {
  const acted = actedSince(message, before);
  return acted.length > 0 && acted.every((entry) => entry.seat !== me());
}

function onMessage(message) {
  if (socialMessage(message)) return; // presence, chat, offers: beside the game, never played out
  if (message.type === "state" && playsOut(message, queuedState || state)) {
    queuedState = message;
    playback.push(message);
    return;
  }
  const othersActed =
    message.type === "state" && actedSince(message, queuedState || state).some((entry) => entry.seat !== me());
  queuedState = null;
  playback.show(message, othersActed);
}

function handleMessage(message) {
  if (message.type === "state") {
    const first = state === null;
    const previous = state;
    state = message;
    moved = new Map(message.legal.map((action, i) => [action, message.destinations[i]]));
    choiceWords = new Map(message.legal.map((action, i) => [action, message.words[i]]));
    setBusy(false);
    if (previous && previous.version !== message.version) {
      // a prompt about the last choice ("several moves put the figure there") is answered once the game moved
      if ($("message").dataset.kind === "info") hideMessage();
      candidates = null;
      if (!message.legal.length) selected = null;
    }
    if (selected && !legalOfCard(selected).length) selected = null;
    if (!myTurn()) {
      trading = false;
      marked = new Set();
    }
    if (hint && hint.version !== message.version && !(myTurn() && planHolds(hint, message.view.turn.cards))) hint = null;
    if (message.view.turn.mode === "trade" && myTurn() && !trading) trading = true;
    render(first);
    renderSocial(state);
    if (first) markReady();
  } else if (message.type === "explain") {
    if (message.legal) hideMessage();
    else showMessage(t("msg.notAllowed", { reason: message.reason }));
  } else if (message.type === "hint") {
    hintPending = false;
    if (state && message.version === state.version) {
      hint = { ...message, before: state.view.turn.cards.length };
      const card = cardOfAction(message.action);
      if (card && !trading) selected = card;
    }
    render();
    // the suggestion sits under the hand: on a short screen it would be below the fold, unseen
    // (at once: a smooth scroll is cut short by the next redraw giving the focus back to its button)
    if (hint) $("hint-text").scrollIntoView({ block: "nearest" });
  } else if (message.type === "error") {
    onError(message);
  }
}

function onError(message) {
  setBusy(false);
  if (message.code === "busy") hintPending = false;
  if (message.code === "not_found") return; // the socket closes next (4404) and the page says so
  if (message.code === "forbidden" && !state) {
    // a token this server does not know (an old game, another server): watch instead
    token = null;
    showMessage(t("msg.tokenRefused"));
    connection.send(joinMessage());
    return;
  }
  const known = {
    stale: "msg.stale",
    not_your_turn: "msg.notYourTurn",
    game_over: "msg.over",
    rate_limited: "msg.slowDown",
    busy: "msg.busy",
    not_found: "msg.noGame",
  };
  const text = message.code === "illegal"
    ? t("msg.notAllowed", { reason: message.message })
    : known[message.code] ? t(known[message.code]) : message.message;
  showMessage(text);
  render();
}

function onStatus(status) {
  const line = $("connection");
  line.dataset.status = status;
  line.textContent = status === "open" ? "" : t(`conn.${status}`);
  if (status === "gone") {
    $("main").classList.add("gone");
    $("turn").textContent = t("msg.noGame");
    $("turn").dataset.kind = "gone";
    line.textContent = "";
    markReady();
  }
  document.body.classList.toggle("offline", status !== "open");
  if (status !== "open") setBusy(false);
}

function joinMessage() {
  return { type: "join", token, lang: currentLang(), updates: true };
}

function showMessage(text, kind = "error") {
  const box = $("message");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
}

function hideMessage() {
  const box = $("message");
  box.textContent = "";
  box.hidden = true;
}

// ---- drawing -----------------------------------------------------------------------------------------

function render(first = false) {
  if (!state) return;
  const view = state.view;
  board.update(view.figures, !first);
  board.setClubLabels({ A: clubLabel("A"), B: clubLabel("B") });
  $("board-words").textContent = boardWords(view.figures);
  renderStatus();
  renderHand();
  renderChoices();
  renderActions();
  renderHint();
  renderLog();
  showDiscard(state.view.discard);
  renderOver();
  document.title = myTurn() ? t("title.yourTurn") : state.over ? t("title.over") : t("title.game");
  renderOnline(state, gameId); // names, ratings and clocks of an online game (after the title: it adds the clock)
  const turnBegins = myTurn() && document.body.dataset.myTurn !== "true";
  const turnEnds = !myTurn() && document.body.dataset.myTurn === "true";
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.version = String(state.version);
  if (focusKey) restoreFocus(focusKey);
  if (turnBegins) bringTurnIntoView();
  if (turnEnds) focusTheStatus();
}

/** The turn is over: the focus leaves the buttons that no longer do anything for the line that says what
 * happens now (it stays where the player put it outside the hand and its buttons). */
function focusTheStatus() {
  const at = document.activeElement;
  if (document.querySelector("dialog[open]")) return;
  if (at && at !== document.body && !$("hand-section").contains(at)) return;
  $("turn").focus({ preventScroll: true });
}

/** A redraw replaces the buttons: give the focus back to the same control, or to the next sensible one. */
function restoreFocus(key) {
  if (document.activeElement && document.activeElement !== document.body) return;
  if (document.querySelector("dialog[open]")) return;
  const same = document.querySelector(`[data-focus="${key}"]:not([hidden])`);
  const fallback = same || document.querySelector("#choices button") || document.querySelector("#hand .card.selected")
    || document.querySelector("#hand .card.playable") || document.querySelector("#actions button:not([hidden])");
  if (fallback) fallback.focus();
}

function renderStatus() {
  const view = state.view;
  const turn = $("turn");
  let text;
  let kind;
  if (state.over) {
    text = resultWords();
    kind = "over";
  } else if (state.thinking && state.thinking !== me()) {
    text = t("turn.thinking", { who: playerLabel(state.thinking) });
    kind = "thinking";
  } else if (myTurn()) {
    text = t(view.turn.mode === "start" ? "turn.yours" : view.turn.mode === "trade" ? "turn.yoursTrade" : "turn.yoursPlay");
    kind = "mine";
  } else if (me()) {
    text = t("turn.waiting", { who: playerInSentence(view.to_move) });
    kind = "waiting";
  } else {
    text = t("turn.spectator", { seat: view.to_move });
    kind = "watching";
  }
  if (turn.textContent !== text) turn.textContent = text;
  turn.dataset.kind = kind;
  $("players").textContent = t("players.line", { a: playerLabel("A"), b: playerLabel("B") });
  $("supply").textContent = supplyWords(view);
  $("supply").dataset.supply = `${view.supply_number}:${view.supply_size}`;
  const hands = $("hand-sizes");
  if (me()) {
    const other = me() === "A" ? "B" : "A";
    hands.textContent = tn("hands.opponent", view.opponent_hand_size, { who: playerLabel(other) });
  } else {
    hands.textContent = t("hands.both", { a: view.hand_sizes.A, b: view.hand_sizes.B });
  }
  const played = view.turn.cards;
  $("this-turn").textContent = played.length
    ? t(view.turn.mode === "trade" ? "turn.discardedSoFar" : "turn.playedSoFar", { cards: played.join(" ") })
    : "";
}

function resultWords() {
  const over = state.over;
  const head = resultHeadline(over.result, me());
  if (over.result === "aborted") return head; // its reason says the same
  return over.reason ? `${head} ${sentence(over.reason)}` : head;
}

function renderHand() {
  const hand = $("hand");
  clear(hand);
  const view = state.view;
  $("hand-heading").textContent = me() ? t("hand.mine") : t("hand.spectator");
  if (!me()) {
    for (const seat of ["A", "B"]) {
      const row = el("div", { class: "backs", role: "img", "aria-label": tn("hands.seat", view.hand_sizes[seat], { seat }) });
      row.append(el("span", { class: "backs-label" }, `${seat}:`));
      for (let i = 0; i < view.hand_sizes[seat]; i += 1) row.append(cardBack());
      hand.append(row);
    }
    return;
  }
  const mine = myTurn();
  const roving = rovingIndex(view.hand);
  view.hand.forEach((code, index) => {
    const playable = mine && !busy && (trading ? true : legalOfCard(code).length > 0);
    const button = cardButton(code, index, {
      playable,
      selected: !trading && selected === code && index === view.hand.indexOf(code),
      marked: trading && marked.has(index),
      trading: trading && mine,
    });
    button.tabIndex = index === roving ? 0 : -1;
    button.addEventListener("click", () => onCard(code, index));
    hand.append(button);
  });
  if (!view.hand.length) hand.append(el("p", { class: "empty" }, t("hand.empty")));
}

/** The hand is one stop for Tab (arrow keys move inside it): the card that keeps that stop. */
function rovingIndex(hand) {
  const focused = focusKey && focusKey.startsWith("card-") ? Number(focusKey.slice(5)) : -1;
  if (focused >= 0 && focused < hand.length) return focused;
  const picked = selected ? hand.indexOf(selected) : -1;
  if (picked >= 0) return picked;
  const playable = hand.findIndex((code) => legalOfCard(code).length > 0);
  return Math.max(playable, 0);
}

function moveInHand(event) {
  const cards = [...$("hand").querySelectorAll(".card")];
  const at = cards.indexOf(document.activeElement);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (at < 0 || (step === undefined && event.key !== "Home" && event.key !== "End")) return;
  event.preventDefault();
  let next = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : at + step;
  next = Math.max(0, Math.min(cards.length - 1, next));
  for (const card of cards) card.tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
}

function renderChoices() {
  const box = $("choices");
  clear(box);
  const targets = [];
  const suggested = hint ? nextStep(hint, state.view.turn.cards) : null;
  if (selected && myTurn() && !trading) {
    const actions = candidates || legalOfCard(selected);
    box.append(el("p", { class: "choices-title" }, tTouch(candidates ? "choices.several" : "choices.title", { card: selected })));
    const list = el("div", { class: "choice-list" });
    actions.forEach((action, i) => {
      const words = choiceWords.get(action);
      const button = el("button", {
        type: "button",
        class: `choice${candidates ? " candidate" : ""}${action === suggested ? " suggested" : ""}`,
        "data-action": action,
        "data-focus": `choice-${i}`,
        "aria-disabled": busy ? "true" : null,
      }, words);
      button.addEventListener("click", () => sendAction(action));
      list.append(button);
      for (const [figure, space] of Object.entries(destinationsOf(action))) {
        targets.push({ figure, space, action, label: words });
      }
    });
    box.append(list);
  }
  board.showTargets(targets, suggested);
}

function renderActions() {
  const view = state.view;
  const mine = myTurn() && !busy;
  const show = (id, visible) => {
    $(id).hidden = !visible;
  };
  const playing = Boolean(me()) && !state.over;
  show("actions", playing);
  if (!playing) return;
  const mode = view.turn.mode;
  const endButton = $("end-turn");
  endButton.textContent = mode === "trade"
    ? tn("actions.endTrade", state.draws_at_end)
    : mode === "play" ? tn("actions.endPlay", state.draws_at_end) : t("actions.end");
  endButton.setAttribute("aria-disabled", String(!mine || !state.legal.includes("end")));
  show("end-turn", !trading);
  show("trade", !trading && mode !== "play");
  $("trade").setAttribute("aria-disabled", String(!mine || !state.legal.some((a) => a.startsWith("discard "))));
  show("trade-confirm", trading);
  show("trade-cancel", trading && mode !== "trade");
  // nothing marked: nothing to confirm yet (once cards were discarded this turn, it draws: "Done discarding")
  const nothing = marked.size === 0;
  $("trade-confirm").textContent = !nothing ? tn("actions.discardMarked", marked.size)
    : mode === "trade" ? tn("actions.endTrade", 8 - view.hand.length) : t("actions.markToDiscard");
  $("trade-confirm").setAttribute("aria-disabled", String(!mine || (nothing && mode !== "trade")));
  $("trade-help").hidden = !trading;
  const lures = $("lures");
  lures.hidden = trading || mode !== "start";
  for (const button of lures.querySelectorAll("button")) {
    const action = `lure ${button.dataset.figure}`;
    const legal = mine && state.legal.includes(action);
    button.setAttribute("aria-disabled", String(!legal));
    button.textContent = capital(figureName(button.dataset.figure));
    // a legal lure says what it would do; another is named by its figure, in the group "Lure to Hal"
    if (legal) button.setAttribute("aria-label", choiceWords.get(action));
    else button.removeAttribute("aria-label");
    button.classList.toggle("suggested", hint !== null && hint.action === action);
  }
  $("hint").setAttribute("aria-disabled", String(!mine || hintPending));
  $("resign").disabled = false;
}

function renderHint() {
  const box = $("hint-text");
  if (hintPending) {
    box.textContent = t("hint.thinking");
    box.hidden = false;
    return;
  }
  if (!hint) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.textContent = t("hint.text", {
    turn: hint.words, // the server's, each step on the board the steps before it leave
    p: Math.round(100 * hint.win_probability),
  });
  const row = planRow(hint, state.view.turn.cards);
  if (row) box.append(" ", row);
  box.hidden = false;
}

function renderLog() {
  const list = $("log");
  const entries = state.log;
  // after a switch of language the server sends the whole log again in the new words: all of it is redrawn
  if (logLang !== state.lang || entries.length < logCount) {
    clear(list);
    logCount = 0;
    logLang = state.lang;
  }
  appendLog(list, entries, logCount);
  logCount = entries.length;
  $("log-count").textContent = String(actionCount(entries));
  list.scrollTop = list.scrollHeight;
}

function renderOver() {
  const over = state.over;
  const banner = $("over-banner");
  banner.hidden = !over;
  if (!over) return;
  $("over-banner-text").textContent = resultWords();
  for (const link of document.querySelectorAll("[data-replay-link]")) link.href = `/replay/${gameId}`;
  for (const link of document.querySelectorAll("[data-record-link]")) link.href = recordDownloadUrl(gameId);
  const rematchButtons = [$("rematch"), $("banner-rematch")];
  const offer = state.online ? state.online.rematch_offer : null;
  const theyOffered = offer && offer !== me();
  for (const button of rematchButtons) {
    button.hidden = !me();
    button.disabled = Boolean(offer && offer === me());
    button.textContent = state.rematch ? t("over.joinRematch") : theyOffered ? t("over.acceptRematch") : t("over.rematch");
  }
  $("rematch-note").hidden = !(me() && (state.rematch || theyOffered));
  if (state.rematch && rematchOffered) {
    rematchOffered = false;
    onRematch(); // the other account accepted our offer: into the rematch
  }
  const dialog = $("over-dialog");
  $("over-title").textContent = resultHeadline(over.result, me());
  $("over-reason").textContent = over.reason ? sentence(over.reason) : "";
  if (!overShown) {
    overShown = true;
    if (!dialog.open) dialog.showModal();
  }
}

// ---- start -------------------------------------------------------------------------------------------

function wire() {
  board = new Board($("board"), onTarget);
  $("hand").addEventListener("keydown", moveInHand);
  $("end-turn").addEventListener("click", onEnd);
  $("trade").addEventListener("click", startTrade);
  $("trade-cancel").addEventListener("click", cancelTrade);
  $("trade-confirm").addEventListener("click", confirmTrade);
  $("hint").addEventListener("click", onHint);
  $("resign").addEventListener("click", onResign);
  for (const button of $("lures").querySelectorAll("button")) {
    button.addEventListener("click", () => onLure(button.dataset.figure));
  }
  $("resign-yes").addEventListener("click", () => {
    connection.send({ type: "resign" });
    $("resign-dialog").close();
  });
  $("resign-no").addEventListener("click", () => $("resign-dialog").close());
  $("rematch").addEventListener("click", onRematch);
  $("banner-rematch").addEventListener("click", onRematch);
  $("over-close").addEventListener("click", () => $("over-dialog").close());
  document.addEventListener("focusin", (event) => {
    focusKey = event.target && event.target.dataset ? event.target.dataset.focus || null : null;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (selected || trading) && !document.querySelector("dialog[open]")) {
      selected = null;
      candidates = null;
      if (trading && state.view.turn.mode !== "trade") trading = false;
      render();
    }
  });
  // A seat link (#t=…) opened in a tab already on this game: take that seat, and the token out of the bar.
  window.addEventListener("hashchange", () => {
    const fresh = takeTokenFromUrl(gameId);
    if (fresh && fresh !== token) {
      token = fresh;
      connection.send(joinMessage());
    }
  });
  document.addEventListener("ts:lang", () => {
    logCount = 0;
    hint = null; // its words are in the old language
    if (state) render();
    connection.send(joinMessage());
  });
}

async function main() {
  await initPage();
  token = takeTokenFromUrl(gameId) || (await accountSeatToken(gameId)); // an account's seat, from any device
  wire();
  playback = new Playback(handleMessage);
  connection = new Connection(`/ws/games/${encodeURIComponent(gameId)}`, { join: joinMessage, onMessage, onStatus });
  setupSocial((message) => connection.send(message));
  connection.open();
}

main();

// The "Learn to play" page: a guided game on a fixed deal (docs/web-protocol.md, POST /api/learn). The server
// keeps nothing: the page sends how many steps are done and the action chosen; the answer says whether it was
// this step's (if not, why: the rule it breaks, or "not now") and gives the lesson as it stands. B's scripted
// turn comes as frames, played out one after the other (playback.js). The board, the hand's cards and the
// words of figures and the supply are the game page's modules.

import { call, createGame } from "./api.js";
import { Board } from "./board.js";
import { cardButton } from "./hand.js";
import { currentLang, t, tn, tTouch } from "./i18n.js";
import { actionsOfCard, cardOfAction, parseAction } from "./notation.js";
import { clear, el, initPage, markReady } from "./page.js";
import { Playback } from "./playback.js";
import { actionCount, appendLog, showDiscard } from "./table-words.js";
import { keepTokenOfUrl } from "./tokens.js";
import { boardWords, capital, figureName, supplyWords } from "./words.js";

const $ = (id) => document.getElementById(id);
const STEP_KEY = "ts:learn-step"; // a reload goes on where the learner was (this tab only)

let lesson = null; // the server's last lesson document
let selected = null; // the card code whose moves are shown
let trading = false; // a click on a card discards it
let busy = false; // a request is on its way
let playback = null;

function legalOf(notation) {
  return lesson.legal.find((action) => action.notation === notation) || null;
}

function legalOfCard(code) {
  return lesson.legal.filter((a) => cardOfAction(a.notation) === code && parseAction(a.notation).kind === "play");
}

function playing() {
  return Boolean(lesson && !lesson.over);
}

// ---- talking to the server -------------------------------------------------------------------------------

/** Send `action` (none: only the lesson) chosen at the lesson's step (or `at`, before any lesson came). */
async function ask(action, at = 0) {
  if (busy) return;
  busy = true;
  const from = lesson ? lesson.step : at;
  try {
    const answer = await call("POST", "/api/learn", { step: from, action, lang: currentLang() });
    busy = false;
    if (answer.refusal) {
      lesson = answer.lesson;
      render();
      showRefusal(answer.refusal.text);
      return;
    }
    selected = null;
    if (action && !action.startsWith("discard ")) trading = false;
    const before = lesson;
    lesson = answer.lesson;
    if (before && lesson.frames.length) {
      for (const frame of lesson.frames) playback.push({ frame });
      playback.push({ done: true });
    } else {
      render();
    }
    if (before) showLesson();
  } catch (error) {
    busy = false;
    showRefusal(error && error.message ? error.message : t("msg.serverDown"));
  }
}

/** After a step: the focus goes to the lesson (what just happened, then what to do; the control that was
 * used is gone with the redraw), and on a small screen, where the lesson sits above the board, it comes into
 * view. */
function showLesson() {
  const lessonBox = $("lesson");
  lessonBox.focus({ preventScroll: true });
  if (lessonBox.getBoundingClientRect().top < 0) {
    lessonBox.scrollIntoView({ block: "start", behavior: Playback.reduced() ? "auto" : "smooth" });
  }
}

function showRefusal(text) {
  const box = $("refusal");
  box.textContent = text;
  box.hidden = false;
}

function hideRefusal() {
  $("refusal").hidden = true;
}

/** One message of B's turn played out: a frame of the board and the log, or the whole lesson at the end. */
function showPlayback(message) {
  if (message.frame) {
    board.update(message.frame.figures);
    renderLog(message.frame.log);
  } else {
    render();
  }
}

// ---- what the learner does -------------------------------------------------------------------------------

function onCard(code) {
  hideRefusal();
  if (!playing() || busy) return;
  if (trading) {
    ask(`discard ${code}`);
    return;
  }
  if (!legalOfCard(code).length) {
    selected = null;
    render();
    ask(actionsOfCard(code)[0]); // the server says which rule forbids it
    return;
  }
  selected = selected === code ? null : code;
  render();
}

function onTarget(figure, space, actions) {
  if (!selected || busy) return;
  // a ghost stands for the actions (notations) that put a figure on its spot (board.js groups them)
  const matching = legalOfCard(selected).filter((a) => actions.includes(a.notation));
  if (matching.length === 1) ask(matching[0].notation);
  else if (matching.length > 1) showRefusal(t("msg.severalMoves"));
}

function onTrade() {
  hideRefusal();
  if (!playing()) return;
  selected = null;
  if (!lesson.legal.some((a) => a.notation.startsWith("discard "))) {
    ask(`discard ${lesson.view.hand[0] || "S"}`);
    return;
  }
  trading = !trading;
  render();
}

// ---- drawing it ------------------------------------------------------------------------------------------

let board = null;

/** Draw the lesson; the control that had the focus keeps it where it is drawn again (a card, a choice). */
function render() {
  const focused = document.activeElement;
  const focusKey = focused && focused !== document.body ? focused.dataset.focus || focused.id : null;
  draw();
  const again = focusKey && (document.querySelector(`[data-focus="${focusKey}"]`) || document.getElementById(focusKey));
  if (again && again !== document.activeElement) again.focus({ preventScroll: true });
}

/** What the tutorial says (the server's words), or on a touch screen its words for one where the catalog has
 * them ("Tap a green S card"). */
function saying(part) {
  const key = lesson.say_keys && lesson.say_keys[part];
  return key && tTouch(key) !== t(key) ? tTouch(key) : lesson.say[part];
}

/** "Rules: R1, R2, R4", each a link to its section of the rules page (in a new tab: the lesson stays). */
function showRules(rules) {
  const line = $("said-rules");
  clear(line);
  if (!rules.length) return;
  const [before, after] = t("tutorial.rules", { rules: "\u0000" }).split("\u0000");
  line.append(before);
  rules.forEach((rule, i) => {
    if (i) line.append(", ");
    line.append(el("a", { href: `/rules#${rule.split(".")[0]}`, target: "_blank", rel: "noopener" }, rule));
  });
  line.append(after || "");
}

function draw() {
  const view = lesson.view;
  document.title = t("tutorial.title");
  document.body.dataset.step = String(lesson.step); // for the browser tests
  document.body.dataset.over = String(Boolean(lesson.over));
  board.setClubLabels({ A: t("tutorial.you"), B: t("tutorial.opponent") });
  board.update(view.figures);
  $("board-words").textContent = boardWords(view.figures);
  $("step-count").textContent = lesson.over ? "" : t("tutorial.stepOf", { n: lesson.step + 1, count: lesson.steps });
  $("said-done").textContent = saying("done");
  $("said-reply").textContent = saying("reply");
  $("said-reply").hidden = !lesson.say.reply;
  $("said-do").textContent = saying("do");
  showRules(lesson.rules);
  $("play-easy").hidden = !lesson.over;
  keepStep(lesson.step);
  $("supply").textContent = supplyWords(view);
  $("hand-sizes").textContent = tn("hands.seat", view.opponent_hand_size, { seat: "B" });
  renderHand();
  renderChoices();
  renderActions();
  renderLog(lesson.log.length);
}

function renderHand() {
  const hand = $("hand");
  clear(hand);
  lesson.view.hand.forEach((code, index) => {
    const playable = playing() && (trading || legalOfCard(code).length > 0);
    const button = cardButton(code, index, {
      playable,
      selected: !trading && selected === code && index === lesson.view.hand.indexOf(code),
      marked: false,
      trading: trading && playing(),
    });
    button.addEventListener("click", () => onCard(code));
    hand.append(button);
  });
}

function renderChoices() {
  const box = $("choices");
  clear(box);
  const targets = [];
  if (selected && playing() && !trading) {
    box.append(el("p", { class: "choices-title" }, tTouch("choices.title", { card: selected })));
    const list = el("div", { class: "choice-list" });
    for (const action of legalOfCard(selected)) {
      const button = el("button", {
        type: "button", class: "choice", "data-action": action.notation, "data-focus": `choice-${action.notation}`,
      }, action.words);
      button.addEventListener("click", () => {
        hideRefusal();
        ask(action.notation);
      });
      list.append(button);
      for (const [figure, space] of Object.entries(action.destinations)) {
        targets.push({ figure, space, action: action.notation, label: action.words });
      }
    }
    box.append(list);
  }
  board.showTargets(targets);
}

function renderActions() {
  $("actions").hidden = !playing();
  $("trade-help").hidden = !trading;
  if (!playing()) return;
  const mode = lesson.view.turn.mode;
  const end = $("end-turn");
  end.textContent = mode === "trade" ? tn("actions.endTrade", lesson.draws_at_end)
    : mode === "play" ? tn("actions.endPlay", lesson.draws_at_end) : t("actions.end");
  end.setAttribute("aria-disabled", String(!legalOf("end")));
  if (mode === "trade") trading = true; // cards were discarded: the turn can only go on trading
  $("trade").hidden = mode !== "start";
  $("trade").setAttribute("aria-pressed", String(trading));
  $("lures").hidden = mode !== "start" || trading;
  for (const button of $("lures").querySelectorAll("button")) {
    const action = legalOf(`lure ${button.dataset.figure}`);
    button.textContent = capital(figureName(button.dataset.figure));
    button.setAttribute("aria-disabled", String(!action));
    if (action) button.setAttribute("aria-label", action.words);
    else button.removeAttribute("aria-label");
  }
}

function renderLog(length) {
  const log = $("log");
  clear(log);
  const shown = lesson.log.slice(0, length);
  $("log-count").textContent = String(actionCount(shown));
  appendLog(log, shown);
  log.scrollTop = log.scrollHeight;
  showDiscard(lesson.view.discard);
}

function keepStep(step) {
  try {
    sessionStorage.setItem(STEP_KEY, String(step));
  } catch {
    // private mode: a reload starts again
  }
}

function keptStep() {
  try {
    return Number(sessionStorage.getItem(STEP_KEY)) || 0;
  } catch {
    return 0;
  }
}

// ---- the start -------------------------------------------------------------------------------------------

async function playEasy() {
  const button = $("play-easy");
  button.disabled = true;
  try {
    const answer = await createGame({ mode: "computer", level: "easy", seat: "A" });
    location.assign(keepTokenOfUrl(answer.url));
  } catch (error) {
    button.disabled = false;
    showRefusal(error && error.message ? error.message : t("msg.serverDown"));
  }
}

function wire() {
  $("end-turn").addEventListener("click", () => {
    hideRefusal();
    if (playing()) ask("end");
  });
  $("trade").addEventListener("click", onTrade);
  for (const button of $("lures").querySelectorAll("button")) {
    button.addEventListener("click", () => {
      hideRefusal();
      if (playing()) ask(`lure ${button.dataset.figure}`);
    });
  }
  $("play-easy").addEventListener("click", playEasy);
  $("again").addEventListener("click", () => {
    keepStep(0);
    lesson = null;
    trading = false;
    selected = null;
    hideRefusal();
    ask(undefined);
  });
  // the lesson's words come from the server: ask again in the new language (nothing changes in the game)
  document.addEventListener("ts:lang", () => {
    if (lesson) {
      const step = lesson.step;
      call("POST", "/api/learn", { step, lang: currentLang() }).then((answer) => {
        lesson = answer.lesson;
        render();
      }, () => showRefusal(t("msg.serverDown")));
    }
  });
}

async function main() {
  await initPage();
  board = new Board($("board"), onTarget);
  playback = new Playback(showPlayback);
  wire();
  await ask(undefined, keptStep());
  if (!lesson) await ask(undefined, 0); // a kept step the server does not know (the tutorial changed)
  markReady();
}

main();

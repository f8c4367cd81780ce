// The "Learn to play" page: a guided game on a fixed deal (docs/web-protocol.md, POST /api/learn). The server
// keeps nothing: the page sends how many steps are done and the action chosen; the answer says whether it was
// this step's (if not, why: the rule it breaks, or "not now") and gives the lesson as it stands. B's scripted
// turn comes as frames, played out one after the other (playback.js). The lesson has the fields of the game's
// `state`, so the game page's table (table.js) and its views draw it and take the learner's clicks.

import { renderActions } from "./actions-view.js";
import { call, createGame } from "./api.js";
import { Board } from "./board.js";
import { renderChoices } from "./choices-view.js";
import { renderHand } from "./hand-view.js";
import { currentLang, t, tn, tTouch } from "./i18n.js";
import { renderLog } from "./log-view.js";
import { clear, el, initPage, markReady } from "./page.js";
import { COMPACT, bringTurnIntoView } from "./phone-turn.js";
import { Playback } from "./playback.js";
import { Table } from "./table.js";
import { showDiscard } from "./table-words.js";
import { keepTokenOfUrl } from "./tokens.js";
import { boardWords, supplyWords } from "./words.js";

const $ = (id) => document.getElementById(id);
const STEP_KEY = "ts:learn-step"; // a reload goes on where the learner was (this tab only)
const LESSON_PARTS = ["lesson", "board", "hand", "end-turn"]; // one screen on a phone

/** The tutorial page: its table and playback are made here, and everything that uses them (the module keeps
 * nothing). */
async function main() {
  // a card clicked in a trade is discarded at once: the tutorial asks for one action per step
  const table = new Table({
    send: (actions) => {
      ask(actions[0]);
      return true;
    },
    explain: (action) => ask(action), // the server says which rule forbids it
    say: showRefusal,
    hush: hideRefusal,
    render: draw,
  }, { markToTrade: false, sortChoices: false });
  const playback = new Playback(showPlayback);

  // ---- talking to the server -------------------------------------------------------------------------------

  /** Send `action` (none: only the lesson) chosen at the lesson's step, or at `from`: the lesson begins there
   * (a reload, "again"). */
  async function ask(action, from = undefined) {
    if (table.busy) return;
    table.setBusy(true);
    hideRefusal();
    const fresh = from !== undefined;
    try {
      const step = fresh ? from : table.state.version;
      const answer = await call("POST", "/api/learn", { step, action, lang: currentLang() });
      const lesson = answer.lesson;
      if (answer.refusal) {
        table.feed(lesson);
        showRefusal(answer.refusal.text);
        return;
      }
      table.forgetChoice(!fresh && (!action || action.startsWith("discard ")));
      if (!fresh && lesson.frames.length) {
        for (const frame of lesson.frames) playback.push({ frame, lesson });
        playback.push({ lesson });
      } else {
        table.feed(lesson);
      }
      if (!fresh) showLesson();
    } catch (error) {
      table.setBusy(false);
      showRefusal(error && error.message ? error.message : t("msg.serverDown"));
    }
  }

  /** After a step: the focus goes to the lesson (what just happened, then what to do; the control that was
   * used is gone with the redraw). On a phone the lesson folds to what to do and the step's parts come on the
   * screen together, so B's moves play out in view; on a wider screen, where the lesson may sit above the
   * board, it comes into view. */
  function showLesson() {
    const lessonBox = $("lesson");
    lessonBox.focus({ preventScroll: true });
    if (COMPACT.matches) {
      setFold(false);
      bringTurnIntoView(LESSON_PARTS, { orTheBottom: true });
    } else if (lessonBox.getBoundingClientRect().top < 0) {
      lessonBox.scrollIntoView({ block: "start", behavior: Playback.reduced() ? "auto" : "smooth" });
    }
  }

  /** On a phone the lesson is a card over the board: unfolded, what happened lies over the board. */
  function setFold(open) {
    $("lesson").dataset.fold = open ? "open" : "shut";
    $("lesson-fold").setAttribute("aria-expanded", String(open));
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
  function showPlayback({ frame, lesson }) {
    if (!frame) {
      table.feed(lesson);
      return;
    }
    table.board.update(frame.figures);
    renderLog(lesson.log.slice(0, frame.log), lesson.lang);
    showDiscard(lesson.view.discard);
  }

  // ---- drawing it ------------------------------------------------------------------------------------------

  /** Draw the lesson; the control that had the focus keeps it where it is drawn again (a card, a choice). */
  function draw(table) {
    const focused = document.activeElement;
    const focusKey = focused && focused !== document.body ? focused.dataset.focus || focused.id : null;
    drawLesson(table);
    const again = focusKey && (document.querySelector(`[data-focus="${focusKey}"]`) || document.getElementById(focusKey));
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }

  /** What the tutorial says (the server's words), or on a touch screen its words for one where the catalog has
   * them ("Tap a green S card"). */
  function saying(lesson, part) {
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

  function drawLesson(table) {
    const lesson = table.state;
    const view = lesson.view;
    document.title = t("tutorial.title");
    document.body.dataset.step = String(lesson.step); // for the browser tests
    document.body.dataset.over = String(Boolean(lesson.over));
    table.board.setClubLabels({ A: t("tutorial.you"), B: t("tutorial.opponent") });
    // a redraw for a picked card or a step on its way leaves the board be: B's turn is played out from it
    if (JSON.stringify(view.figures) !== JSON.stringify(table.board.figures)) table.board.update(view.figures);
    $("board-words").textContent = boardWords(view.figures);
    $("step-count").textContent = lesson.over ? "" : t("tutorial.stepOf", { n: lesson.step + 1, count: lesson.steps });
    $("said-done").textContent = saying(lesson, "done");
    $("said-reply").textContent = saying(lesson, "reply");
    $("said-reply").hidden = !lesson.say.reply;
    $("said-do").textContent = saying(lesson, "do");
    showRules(lesson.rules);
    $("play-easy").hidden = !lesson.over;
    keepStep(lesson.step);
    $("supply").textContent = supplyWords(view);
    $("hand-sizes").textContent = tn("hands.seat", view.opponent_hand_size, { seat: "B" });
    renderHand(table);
    renderChoices(table);
    renderActions(table);
    renderLog(lesson.log, lesson.lang);
    showDiscard(view.discard);
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
    $("end-turn").addEventListener("click", () => table.end());
    $("trade").addEventListener("click", () => table.toggleTrade());
    for (const button of $("lures").querySelectorAll("button")) {
      button.addEventListener("click", () => table.lure(button.dataset.figure));
    }
    $("play-easy").addEventListener("click", playEasy);
    $("lesson-fold").addEventListener("click", () => setFold($("lesson").dataset.fold === "shut"));
    $("again").addEventListener("click", () => {
      keepStep(0);
      hideRefusal();
      setFold(true); // the welcome again
      ask(undefined, 0);
    });
    // the lesson's words come from the server: ask again in the new language (nothing changes in the game)
    document.addEventListener("ts:lang", () => {
      if (!table.state) return;
      call("POST", "/api/learn", { step: table.state.step, lang: currentLang() })
        .then((answer) => table.feed(answer.lesson), () => showRefusal(t("msg.serverDown")));
    });
  }

  async function start() {
    await initPage();
    table.board = new Board($("board"), (figure, space, actions) => table.target(figure, space, actions));
    wire();
    await ask(undefined, keptStep());
    if (!table.state) await ask(undefined, 0); // a kept step the server does not know (the tutorial changed)
    setFold(!table.state || table.state.step === 0); // the welcome is read unfolded; later steps open folded
    bringTurnIntoView(LESSON_PARTS, { orTheBottom: true });
    markReady();
  }

  await start();
}

main();

// The game page: one player's seat (token in localStorage) or a spectator. Its table (table.js) follows the
// server's `state` and `change` messages (`table.apply`, the page's one reducer: page-state.js) and sends actions
// on this page's socket, carrying the version they were chosen on; the server checks everything
// (docs/web-protocol.md). Around it: the online parts, the end of the game and the rematch.

import { renderActions } from "./actions-view.js";
import { Board } from "./board.js";
import { renderChoices } from "./choices-view.js";
import { FocusKeeper } from "./focus-keeper.js";
import { GameOver } from "./game-over.js";
import { GameSocket } from "./game-socket.js";
import { renderStatus } from "./game-status.js";
import { moveInHand, renderHand } from "./hand-view.js";
import { renderHint } from "./hint-view.js";
import { t } from "./i18n.js";
import { renderLog } from "./log-view.js";
import { accountSeatToken, renderOnline } from "./online-game.js";
import { initPage, markReady } from "./page.js";
import { newGamePage } from "./page-state.js";
import { bringHintIntoView, bringTurnIntoView } from "./phone-turn.js";
import { stateNames } from "./seat-labels.js";
import { renderSocial, setupSocial, socialMessage } from "./social.js";
import { StateFeed } from "./state-feed.js";
import { Table } from "./table.js";
import { showDiscard } from "./table-words.js";
import { takeTokenFromUrl } from "./tokens.js";
import { boardWords } from "./words.js";

const $ = (id) => document.getElementById(id);

const ERROR_WORDS = {
  stale: "msg.stale",
  not_your_turn: "msg.notYourTurn",
  game_over: "msg.over",
  rate_limited: "msg.slowDown",
  busy: "msg.busy",
};

/** The page, made once: its parts and its state (`page`, page-state.js) live in here, none in the module. */
async function main() {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

  const table = new Table({
    send: (actions, version) => socket.send(actions.length === 1
      ? { type: "action", version, action: actions[0] }
      : { type: "actions", version, actions }),
    explain: (action) => socket.send({ type: "explain", action }),
    askHint: () => socket.send({ type: "hint" }),
    say: showMessage,
    hush: hideMessage,
    notNow: () => showMessage(table.state && table.state.over ? t("msg.over") : t("msg.notYourTurn")),
    // a prompt about the last choice ("several moves put the figure there") is answered once the game moved
    moved: () => {
      if ($("message").dataset.kind === "info") hideMessage();
    },
    render: draw,
  });
  const socket = new GameSocket(gameId, { onMessage, onStatus });
  const page = newGamePage(gameId, table); // what the page knows, in one place (page-state.js)
  page.send = (message) => socket.send(message);
  const feed = new StateFeed(handleMessage, () => table.state);
  const focus = new FocusKeeper();
  const over = new GameOver(gameId, () => socket.token);

  // ---- messages from the server ------------------------------------------------------------------------

  function onMessage(message) {
    if (!socialMessage(page, message)) feed.receive(message); // presence, chat, offers: beside the game, never played out
  }

  function handleMessage(message) {
    if (message.type === "state" || message.type === "change") {
      const first = table.state === null;
      if (!table.apply(message)) {
        socket.send({ type: "sync" }); // it does not follow on from what the page has: the whole state comes
        return;
      }
      renderSocial(page);
      if (first) markReady();
    } else if (message.type === "explain") {
      if (message.legal) hideMessage();
      else showMessage(t("msg.notAllowed", { reason: message.reason }));
    } else if (message.type === "hint") {
      table.takeHint(message);
      if (table.hint) bringHintIntoView(); // never so far that the board leaves the screen (phone-turn.js)
    } else if (message.type === "error") {
      onError(message);
    }
  }


  function onError(message) {
    table.refused(message.code);
    if (message.code === "not_found" && !table.state) return; // no such game: the socket closes next (4404)
    if (message.code === "forbidden" && !table.state) {
      // a token this server does not know (an old game, another server): watch instead
      showMessage(t("msg.tokenRefused"));
      socket.join(null);
      return;
    }
    const text = message.code === "illegal"
      ? t("msg.notAllowed", { reason: message.message })
      : ERROR_WORDS[message.code] ? t(ERROR_WORDS[message.code]) : message.message;
    showMessage(text);
    table.render();
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
    if (status !== "open") table.setBusy(false);
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

  function draw(table, first) {
    const state = table.state;
    const names = stateNames(state);
    table.board.update(state.view.figures, !first);
    table.board.setClubLabels({ A: names.club("A"), B: names.club("B") });
    $("board-words").textContent = boardWords(state.view.figures);
    renderStatus(table);
    renderHand(table, focus.key);
    renderChoices(table);
    renderActions(table);
    renderHint(table);
    $("resign").disabled = false;
    renderLog(state.log, state.lang);
    showDiscard(state.view.discard);
    over.render(state);
    const mine = table.myTurn();
    renderOnline(page, state, mine); // the tab's title; the names, ratings and clocks of an online game
    const turnBegins = mine && !page.drawn.mine;
    const turnEnds = !mine && page.drawn.mine;
    page.drawn = { mine };
    document.body.dataset.myTurn = String(mine); // shown for the browser tests, never read back
    document.body.dataset.version = String(state.version);
    focus.restore();
    // a player's page opens where a turn is played, so that the turn's coming moves nothing (phone-turn.js)
    if (turnBegins || (first && table.seat && !state.over)) bringTurnIntoView();
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

  // ---- start -------------------------------------------------------------------------------------------

  function wire() {
    table.board = new Board($("board"), (figure, space, actions) => table.target(figure, space, actions));
    $("hand").addEventListener("keydown", moveInHand);
    $("end-turn").addEventListener("click", () => table.end());
    $("trade").addEventListener("click", () => table.toggleTrade());
    $("trade-cancel").addEventListener("click", () => table.cancelTrade());
    $("trade-confirm").addEventListener("click", () => table.confirmTrade());
    $("hint").addEventListener("click", () => table.askHint());
    $("resign").addEventListener("click", () => $("resign-dialog").showModal());
    for (const button of $("lures").querySelectorAll("button")) {
      button.addEventListener("click", () => table.lure(button.dataset.figure));
    }
    $("resign-yes").addEventListener("click", () => {
      socket.send({ type: "resign" });
      $("resign-dialog").close();
    });
    $("resign-no").addEventListener("click", () => $("resign-dialog").close());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") table.escape();
    });
    // A seat link (#t=…) opened in a tab already on this game: take that seat, and the token out of the bar.
    window.addEventListener("hashchange", () => {
      const fresh = takeTokenFromUrl(gameId);
      if (fresh && fresh !== socket.token) socket.join(fresh);
    });
    document.addEventListener("ts:lang", () => {
      table.forgetHint();
      table.render();
      socket.join();
    });
  }

  async function start() {
    await initPage();
    socket.token = takeTokenFromUrl(gameId) || (await accountSeatToken(gameId)); // an account's seat, from any device
    wire();
    setupSocial(page);
    socket.open();
  }

  await start();
}

main();

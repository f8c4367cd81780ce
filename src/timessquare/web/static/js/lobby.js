// The lobby page: the account box (sign up, log in and out, password, deletion), open challenges, quick
// pairing and the computer levels, kept live by the lobby socket (/ws/lobby). A game that starts for this
// account opens at once.

import { showAccount } from "./header-account.js";
import * as online from "./online-api.js";
import { ratingText } from "./online-api.js";
import { challengesTo, newChallengeNews, setupAlerts } from "./alerts.js";
import { lobbyChatMessage, setLobbyChatAccount, setupLobbyChat } from "./lobby-chat.js";
import { t } from "./i18n.js";
import { clear, el, initPage, markReady } from "./page.js";
import { watchLobby } from "./game-started.js";
import { keepTokenOfUrl } from "./tokens.js";

const $ = (id) => document.getElementById(id);

// the others: the server's words
const TRANSLATED = ["bad_login", "name_taken", "rate_limited", "not_logged_in", "busy", "banned", "muted"];
const NAME = /^[A-Za-z][A-Za-z0-9_-]{2,19}$/;

/** The lobby page: what it knows (the account, the lobby as last told, its socket) lives in here, none in the
 * module. */
async function main() {
  let account = null;
  let lobbyState = null;
  let followingShown = false; // asked once the lobby is drawn (and again when the account changes)
  let lobbySocket = null; // watchLobby's: send and reopen
  const challengeNews = newChallengeNews(); // the challenges seen: a new one to me rings
  let chat = null; // the lobby chat (lobby-chat.js)

  function words(error) {
    if (typeof error === "string") return error;
    if (error && TRANSLATED.includes(error.code)) return t(`account.error.${error.code}`);
    return error && error.message ? error.message : t("msg.serverDown");
  }

  function showMessage(error, kind = "error") {
    const box = $("lobby-message");
    box.textContent = words(error);
    box.dataset.kind = kind;
    box.hidden = false;
  }

  function hideMessage() {
    $("lobby-message").hidden = true;
  }

  function openGame(game) {
    location.assign(keepTokenOfUrl(game.url));
  }

  // ---- the account ----------------------------------------------------------------------------------------

  function renderAccount() {
    showAccount(account); // the header's account part too
    $("logged-out").hidden = Boolean(account);
    $("logged-in").hidden = !account;
    $("challenge-form").hidden = !account;
    if (account) {
      const kind = account.bot ? ` · ${t("online.bot")}` : "";
      $("whoami").textContent = t("account.whoami", { name: account.name, rating: ratingText(account) }) + kind;
      $("my-page").href = `/players/${encodeURIComponent(account.name)}`;
    }
    followingShown = false; // another account follows others
    setLobbyChatAccount(chat, account ? account.name : null);
  }

  async function withAccount(work) {
    hideMessage();
    try {
      const answer = await work();
      account = answer && answer.account !== undefined ? answer.account : account;
      renderAccount();
      renderLobby(); // the quick buttons open (or close) with the account, not when the new socket's lobby comes
      if (lobbySocket !== null) lobbySocket.reopen(); // the socket of the new login (or of none)
      return true;
    } catch (error) {
      showMessage(error);
      return false;
    }
  }

  function credentials() {
    return [$("login-name").value.trim(), $("login-password").value];
  }

  // ---- the lobby --------------------------------------------------------------------------------------------

  function challengeItem(challenge) {
    const mine = account && challenge.by === account.name;
    const who = el("a", { href: `/players/${encodeURIComponent(challenge.by)}` }, challenge.by);
    const bits = [ratingText(challenge), challenge.control, t(challenge.rated ? "lobby.rated" : "lobby.casual")];
    if (challenge.bot) bits.push(t("online.bot"));
    if (challenge.to) bits.push(t("lobby.forPlayer", { name: challenge.to }));
    const buttons = [];
    if (mine) {
      buttons.push(el("button", { type: "button", onclick: () => act(() => online.cancelChallenge(challenge.id)) }, t("lobby.cancel")));
    } else if (account) {
      buttons.push(el("button", { type: "button", class: "primary", onclick: () => accept(challenge.id) }, t("lobby.accept")));
      if (challenge.to === account.name) { // addressed to me: I may turn it down (its author's list says so)
        buttons.push(el("button", { type: "button", onclick: () => act(() => online.cancelChallenge(challenge.id)) }, t("lobby.decline")));
      }
    }
    return el("li", {}, el("span", {}, who, " ", el("span", { class: "meta" }, bits.join(" · "))), ...buttons);
  }

  function renderLobby() {
    if (!lobbyState) return;
    const list = $("challenges");
    clear(list);
    const open = lobbyState.challenges.filter((c) => !c.quick);
    for (const challenge of open) list.append(challengeItem(challenge));
    if (!open.length) list.append(el("li", { class: "meta" }, t("lobby.none")));
    const select = $("control");
    if (!select.options.length) {
      for (const control of lobbyState.controls) select.append(el("option", { value: control }, control));
      select.value = "5+3";
    }
    const quick = $("quick");
    clear(quick);
    const waiting = lobbyState.challenges.find((c) => c.quick);
    // quick pairing is for real-time games: the kind of each control comes from the server, never from its name
    for (const control of lobbyState.controls.filter((c) => lobbyState.control_kinds[c] === "realtime")) {
      quick.append(el("button", { type: "button", disabled: !account || Boolean(waiting), onclick: () => seek(control) }, control));
    }
    $("quick-status").textContent = waiting
      ? t("lobby.waiting", { control: waiting.control })
      : account
        ? ""
        : t("lobby.logInFirst");
    if (waiting) {
      $("quick-status").append(" ", el("button", { type: "button", onclick: () => act(() => online.cancelChallenge(waiting.id)) }, t("lobby.cancel")));
    }
    renderPresent();
    if (!followingShown) {
      followingShown = true;
      renderFollowing();
    }
    const levels = $("levels");
    clear(levels);
    for (const level of lobbyState.computer) {
      const name = t(`level.${level.level}`);
      levels.append(
        el(
          "li",
          {},
          el("span", {}, name, " ", el("span", { class: "meta" }, level.rating)),
          el("button", { type: "button", disabled: !account, onclick: () => playLevel(level.level), "aria-label": t("lobby.playLevel", { level: name }) }, t("lobby.play")),
        ),
      );
    }
  }

  /** The players this account follows, each with its latest game (to watch while it runs, else its replay). */
  async function renderFollowing() {
    const list = $("following");
    clear(list);
    let people = [];
    if (account) {
      try {
        people = (await online.following()).players;
      } catch {
        people = [];
      }
    }
    for (const p of people) {
      const who = el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name);
      const game = p.game
        ? el("a", { href: p.game.live ? `/game/${p.game.id}` : `/replay/${p.game.id}` }, t(p.game.live ? "profile.watch" : "profile.replay"))
        : null;
      const live = p.game && p.game.live ? el("span", { class: "meta" }, t("people.live")) : null;
      list.append(el("li", {}, el("span", {}, who, " ", live), game));
    }
    if (!people.length) list.append(el("li", { class: "meta" }, t(account ? "people.nobody" : "lobby.logInFirst")));
  }

  /** Who is online: people, then bots with their owner and description; a challenge to any of them. */
  function renderPresent() {
    for (const [id, bots] of [["present-people", false], ["present-bots", true]]) {
      const list = $(id);
      clear(list);
      const here = lobbyState.present.filter((p) => p.bot === bots);
      for (const p of here) {
        const who = el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name);
        const bits = [ratingText(p)];
        if (p.owner) bits.push(t("bots.ownedBy", { name: p.owner }));
        const about = p.description ? el("span", { class: "help" }, p.description) : null;
        const me = account && account.name === p.name;
        const challenge = account && !me
          ? el("button", { type: "button", onclick: () => challengePlayer(p.name) }, t("presence.challenge"))
          : null;
        list.append(el("li", {}, el("span", {}, who, " ", el("span", { class: "meta" }, bits.join(" · ")), about ? [el("br"), about] : null), challenge));
      }
      if (!here.length) list.append(el("li", { class: "meta" }, t(bots ? "presence.noBots" : "presence.nobody")));
    }
  }

  async function challengePlayer(name) {
    if (await act(() => online.postChallenge({ control: $("control").value, rated: $("rated").checked, to: name }))) {
      showMessage(t("presence.challenged", { name }), "info");
    }
  }

  async function makeBot(event) {
    event.preventDefault();
    const body = { name: $("bot-name").value.trim(), password: $("bot-password").value, description: $("bot-description").value.trim() };
    const made = await act(() => online.makeBot(body));
    if (!made) return;
    event.target.reset();
    const note = $("bot-made");
    note.textContent = t("bots.made", { name: made.account.name, server: location.origin });
    note.hidden = false;
  }

  /** Do a request; its answer (true when it has none), or null after showing what went wrong. */
  async function act(work) {
    hideMessage();
    try {
      return (await work()) ?? true;
    } catch (error) {
      showMessage(error);
      return null;
    }
  }

  async function accept(id) {
    await act(async () => openGame(await online.acceptChallenge(id)));
  }

  async function seek(control) {
    await act(async () => {
      const answer = await online.quickPairing(control);
      if (answer.url) openGame(answer);
    });
  }

  async function playLevel(level) {
    await act(async () => openGame(await online.playComputer(level)));
  }

  async function postChallenge(event) {
    event.preventDefault();
    const body = { control: $("control").value, rated: $("rated").checked };
    const to = $("opponent").value.trim();
    if (to) body.to = to;
    await act(async () => {
      await online.postChallenge(body);
      $("opponent").value = "";
      showMessage(t("lobby.posted"), "info");
    });
  }

  // ---- the lobby socket -----------------------------------------------------------------------------------

  function watch() {
    lobbySocket = watchLobby({
      onMessage: (message) => {
        if (lobbyChatMessage(chat, message) || message.type !== "lobby") return;
        lobbyState = message;
        challengesTo(challengeNews, account ? account.name : null, message.challenges);
        renderLobby();
        markReady();
      },
    });
  }

  // ---- wiring ----------------------------------------------------------------------------------------------

  async function start() {
    await initPage();
    setupAlerts();
    chat = setupLobbyChat((message) => lobbySocket !== null && lobbySocket.send(message));
    $("login-form").addEventListener("submit", (event) => {
      event.preventDefault();
      withAccount(() => online.logIn(...credentials()));
    });
    $("sign-up").addEventListener("click", () => {
      const [name, password] = credentials();
      if (!NAME.test(name)) showMessage(t("account.badName"));
      else if ($("login-form").reportValidity()) withAccount(() => online.signUp(name, password));
    });
    $("log-out").addEventListener("click", () => withAccount(async () => (await online.logOut(), { account: null })));
    $("password-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (await withAccount(() => online.changePassword($("old-password").value, $("new-password").value))) {
        event.target.reset();
        showMessage(t("account.changed"), "info");
      }
    });
    $("bot-form").addEventListener("submit", makeBot);
    $("delete-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!window.confirm(t("account.deleteSure"))) return;
      if (await withAccount(async () => (await online.deleteAccount($("delete-password").value), { account: null }))) {
        showMessage(t("account.deleted"), "info");
      }
    });
    $("challenge-form").addEventListener("submit", postChallenge);
    document.addEventListener("ts:lang", () => {
      renderAccount();
      renderLobby();
    });
    try {
      account = (await online.whoAmI()).account;
    } catch (error) {
      showMessage(error);
    }
    renderAccount();
    watch();
  }

  await start();
}

main();

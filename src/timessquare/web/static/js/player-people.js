// On a player's page: follow or unfollow, challenge (a challenge only for this player, at the lobby's
// time control), and the player's whole history a page at a time with filters (docs/web-protocol.md "People").

import { call } from "./api.js";
import { t } from "./i18n.js";
import { whoAmI } from "./online-api.js";
import { clear, el } from "./page.js";
import { gameItem } from "./player-games.js";

const $ = (id) => document.getElementById(id);
let name = "";
let following = false;
let offset = 0;
let page = null;

function say(text) {
  $("people-message").textContent = text;
  $("people-message").hidden = !text;
}

function renderFollow() {
  $("follow").textContent = t(following ? "people.unfollow" : "people.follow", { name });
  $("follow").setAttribute("aria-pressed", String(following));
}

async function toggleFollow() {
  try {
    const path = `/api/players/${encodeURIComponent(name)}/follow`;
    following = (await call(following ? "DELETE" : "POST", path, following ? undefined : {})).following;
    renderFollow();
  } catch (error) {
    say(error.message || t("msg.serverDown"));
  }
}

async function challenge() {
  try {
    await call("POST", "/api/lobby", { control: "5+3", rated: true, to: name });
    say(t("presence.challenged", { name }));
  } catch (error) {
    say(error.message || t("msg.serverDown"));
  }
}

function query() {
  const params = new URLSearchParams({ offset: String(offset) });
  if ($("filter-rated").value) params.set("rated", $("filter-rated").value);
  if ($("filter-result").value) params.set("result", $("filter-result").value);
  if ($("filter-opponent").value.trim()) params.set("opponent", $("filter-opponent").value.trim());
  return params;
}

function renderGames() {
  const list = $("all-games");
  clear(list);
  if (!page) {
    $("all-games-count").textContent = "";
    return;
  }
  for (const game of page.games) list.append(gameItem(game));
  if (!page.games.length) list.append(el("li", { class: "empty" }, t("profile.noGames")));
  const last = Math.min(page.total, page.offset + page.games.length);
  $("all-games-count").textContent = page.total ? t("people.showing", { from: page.offset + 1, to: last, total: page.total }) : "";
  $("games-newer").disabled = page.offset === 0;
  $("games-older").disabled = last >= page.total;
}

async function loadGames() {
  try {
    page = await call("GET", `/api/players/${encodeURIComponent(name)}/games?${query()}`);
    say("");
  } catch (error) {
    page = null;
    renderGames();
    const opponent = query().get("opponent");
    // where the games would be, in the page's words: nobody of that name played here
    $("all-games-count").textContent = error.status === 404 && opponent
      ? t("people.noOpponent", { name: opponent }) : error.message || t("msg.serverDown");
    return;
  }
  renderGames();
}

export async function startPeople(playerName) {
  name = playerName;
  $("game-filters").addEventListener("submit", (event) => {
    event.preventDefault();
    offset = 0;
    loadGames();
  });
  $("games-newer").addEventListener("click", () => {
    offset = Math.max(0, offset - page.page);
    loadGames();
  });
  $("games-older").addEventListener("click", () => {
    offset += page.page;
    loadGames();
  });
  document.addEventListener("ts:lang", () => {
    renderGames();
    renderFollow();
  });
  let me = null;
  try {
    me = (await whoAmI()).account;
  } catch {
    me = null;
  }
  if (me && me.name !== name) {
    following = (await call("GET", `/api/players/${encodeURIComponent(name)}/follow`)).following;
    $("follow").hidden = false;
    $("challenge-player").hidden = false;
    $("follow").addEventListener("click", toggleFollow);
    $("challenge-player").addEventListener("click", challenge);
    renderFollow();
  }
  await loadGames();
}

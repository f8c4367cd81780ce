// On a player's page: follow or unfollow, challenge (a challenge only for this player, at the lobby's
// time control), and the player's whole history a page at a time with filters (docs/web-protocol.md "People").

import { call } from "./api.js";
import { t } from "./i18n.js";
import { whoAmI } from "./online-api.js";
import { clear, el } from "./page.js";
import { gameItem } from "./player-games.js";

const $ = (id) => document.getElementById(id);

function say(text) {
  $("people-message").textContent = text;
  $("people-message").hidden = !text;
}

function renderFollow(people) {
  $("follow").textContent = t(people.following ? "people.unfollow" : "people.follow", { name: people.name });
  $("follow").setAttribute("aria-pressed", String(people.following));
}

async function toggleFollow(people) {
  try {
    const path = `/api/players/${encodeURIComponent(people.name)}/follow`;
    const following = people.following;
    people.following = (await call(following ? "DELETE" : "POST", path, following ? undefined : {})).following;
    renderFollow(people);
  } catch (error) {
    say(error.message || t("msg.serverDown"));
  }
}

async function challenge(name) {
  try {
    await call("POST", "/api/lobby", { control: "5+3", rated: true, to: name });
    say(t("presence.challenged", { name }));
  } catch (error) {
    say(error.message || t("msg.serverDown"));
  }
}

function query(offset) {
  const params = new URLSearchParams({ offset: String(offset) });
  if ($("filter-rated").value) params.set("rated", $("filter-rated").value);
  if ($("filter-result").value) params.set("result", $("filter-result").value);
  if ($("filter-opponent").value.trim()) params.set("opponent", $("filter-opponent").value.trim());
  return params;
}

function renderGames(people) {
  const page = people.page;
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

async function loadGames(people) {
  try {
    people.page = await call("GET", `/api/players/${encodeURIComponent(people.name)}/games?${query(people.offset)}`);
    say("");
  } catch (error) {
    people.page = null;
    renderGames(people);
    const opponent = query(people.offset).get("opponent");
    // where the games would be, in the page's words: nobody of that name played here
    $("all-games-count").textContent = error.status === 404 && opponent
      ? t("people.noOpponent", { name: opponent }) : error.message || t("msg.serverDown");
    return;
  }
  renderGames(people);
}

/** The people part of `playerName`'s page; what it knows (whether I follow, the page of games shown) is made here. */
export async function startPeople(playerName) {
  const people = { name: playerName, following: false, offset: 0, page: null };
  const name = playerName;
  $("game-filters").addEventListener("submit", (event) => {
    event.preventDefault();
    people.offset = 0;
    loadGames(people);
  });
  $("games-newer").addEventListener("click", () => {
    people.offset = Math.max(0, people.offset - people.page.page);
    loadGames(people);
  });
  $("games-older").addEventListener("click", () => {
    people.offset += people.page.page;
    loadGames(people);
  });
  document.addEventListener("ts:lang", () => {
    renderGames(people);
    renderFollow(people);
  });
  let me = null;
  try {
    me = (await whoAmI()).account;
  } catch {
    me = null;
  }
  if (me && me.name !== name) {
    people.following = (await call("GET", `/api/players/${encodeURIComponent(name)}/follow`)).following;
    $("follow").hidden = false;
    $("challenge-player").hidden = false;
    $("follow").addEventListener("click", () => toggleFollow(people));
    $("challenge-player").addEventListener("click", () => challenge(name));
    renderFollow(people);
  }
  await loadGames(people);
}

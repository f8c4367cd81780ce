// The online part of the game page (docs/web-protocol.md, "In the game socket"): the players' names and
// ratings, the clocks counted down here from the server's figures (the server alone decides), the clock in
// the tab title (title-view.js, from the game as last drawn), and the claim against a player who has left
// (told by `presence` messages). What it keeps is the page's (`page.online`, page-state.js `newGamePage`).

import { claimWin, mySeat, ratingText, takeSeat, whoAmI } from "./online-api.js";
import { sound } from "./alerts.js";
import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { clockText, leftAt, pageTitle } from "./title-view.js";
import { storeToken, tokenFor } from "./tokens.js";

const GRACE_MS = 60_000; // R11.4
const LOW_MS = 10_000; // "low time": the sound plays once when the clock of this seat's turn passes it

/** A `presence` message: a seat's player came or went (the claim button depends on it). */
export function onPresence(page, message) {
  page.online.away = { ms: message.away_ms, since: Date.now() };
  tick(page);
}

function leftNow(page, clockSeat) {
  return leftAt(page.online.block.clock, clockSeat, page.online.receivedAt, Date.now());
}

/** The title, the clocks, the low-time sound and the claim button as they are now (every 250 ms while a clock runs). */
function tick(page) {
  const { block: online, seat, titled, away } = page.online;
  if (titled) document.title = pageTitle(titled, Date.now(), t);
  if (!online || !online.clock) return;
  for (const s of ["A", "B"]) {
    for (const slot of document.querySelectorAll(`[data-clock="${s}"]`)) { // the bar's and the club's
      slot.textContent = clockText(leftNow(page, s), t);
      slot.dataset.running = String(online.clock.running === s);
    }
  }
  const running = online.clock.running;
  if (running && running === seat && !online.clock.control.endsWith("d") && leftNow(page, running) < LOW_MS) {
    if (page.online.lowWarned !== page.online.receivedAt) sound("low"); // once a turn (a state per turn resets it)
    page.online.lowWarned = page.online.receivedAt;
  }
  const claim = document.getElementById("claim-win");
  if (claim) {
    const real = online.clock.kind === "realtime"; // the server says the kind: never worked out from the name
    const theirs = running && seat && running !== seat;
    // R11.4: only a player with no connection for the grace period of his own turn (a slow one is here)
    const gone = theirs && away.ms[running] !== null && away.ms[running] + (Date.now() - away.since) >= GRACE_MS;
    const awayLong = gone && online.clock.left_ms[running] - leftNow(page, running) >= GRACE_MS;
    claim.hidden = !(real && awayLong);
  }
}

function playerLine(page, s) {
  const { block: online, seat } = page.online;
  const account = online.accounts[s];
  const name = account ? account.name : online.level && !account ? t(`level.${online.level}`) : t("online.nobody");
  const who = account ? el("a", { href: `/players/${encodeURIComponent(account.name)}` }, name) : name;
  const rating = account ? ` (${ratingText(account)}${account.bot ? `, ${t("online.bot")}` : ""})` : "";
  const clock = online.clock ? el("span", { class: "clock", dataset: { clock: s, running: String(online.clock.running === s) }, role: "timer", "aria-label": t("clock.of", { seat: s }) }) : null;
  return el("li", { class: s === seat ? "mine" : "" }, el("span", { class: "seat" }, s), " ", who, rating, " ", clock);
}

/** The seat token of the logged-in account in this game (kept like any other), or null. */
export async function accountSeatToken(id) {
  try {
    const seat = await mySeat(id);
    if (!seat.seat) return null;
    storeToken(id, seat.token);
    return seat.token;
  } catch {
    return null; // not logged in, or no seat here: watch
  }
}

/** Draw the online bar for a new state (nothing for a game that is not online), and the tab's title; `mine`:
 * this seat is to move. */
export function renderOnline(page, state, mine) {
  const online = state.online || null;
  const received = Date.now();
  const titled = { mine, seat: state.seat, over: state.over, clock: online ? online.clock : null, receivedAt: received };
  Object.assign(page.online, { block: online, seat: state.seat, receivedAt: received, titled });
  document.title = pageTitle(titled, received, t);
  const bar = document.getElementById("online-bar");
  if (!bar) return;
  if (online && online.away_ms) onPresence(page, online);
  const hint = document.getElementById("hint");
  if (hint && online && (online.rated || online.clock)) hint.hidden = true; // R11.6: the server refuses it anyway
  if (!online) {
    offerToKeep(page, bar, state);
    return;
  }
  bar.hidden = false;
  showRatingChange(online, state);
  clear(bar);
  const kind = t(online.rated ? "lobby.rated" : "lobby.casual");
  const control = online.clock ? online.clock.control : "";
  bar.append(el("ul", { class: "online-players" }, playerLine(page, "A"), playerLine(page, "B")), el("p", { class: "meta" }, [control, kind].filter(Boolean).join(" · ")));
  if (online.clock && state.seat && !state.over) {
    bar.append(el("button", { type: "button", id: "claim-win", hidden: true, onclick: () => claim(page.gameId) }, t("clock.claim")));
  }
  if (!page.online.ticking && online.clock) page.online.ticking = setInterval(() => tick(page), 250);
  tick(page);
}

/** The end dialog's rating change of a rated game: "Your rating: 1512 (+12)". */
function showRatingChange(online, state) {
  const line = document.getElementById("over-rating");
  const change = online.rating_change || {};
  const mine = state.seat ? change[state.seat] : null;
  line.hidden = !(state.over && online.rated && state.seat && mine !== null && mine !== undefined);
  if (line.hidden) return;
  const account = online.accounts[state.seat];
  const signed = mine > 0 ? `+${mine}` : mine < 0 ? `\u2212${-mine}` : "±0";
  line.textContent = t("over.ratingChange", { rating: account ? account.rating : "", change: signed });
}

/** A seat of a game without an account: a logged-in person may keep it in the account (docs/web-protocol.md). */
async function offerToKeep(page, bar, state) {
  if (!state.seat || state.over || !tokenFor(page.gameId)) {
    bar.hidden = true;
    return;
  }
  if (page.online.account === undefined) {
    page.online.account = null;
    try {
      page.online.account = (await whoAmI()).account;
    } catch {
      page.online.account = null;
    }
  }
  const account = page.online.account;
  if (!account || document.getElementById("keep-seat")) {
    bar.hidden = !document.getElementById("keep-seat");
    return;
  }
  clear(bar);
  bar.append(el("button", { type: "button", id: "keep-seat", onclick: () => keep(page.gameId) }, t("online.keep", { name: account.name })));
  bar.hidden = false;
}

async function keep(gameId) {
  try {
    const seat = await takeSeat(gameId, tokenFor(gameId));
    storeToken(gameId, seat.token);
    location.reload(); // join again with the seat's new token
  } catch (error) {
    document.getElementById("keep-seat").after(el("p", { class: "message", role: "alert" }, error.message || t("msg.serverDown")));
  }
}

async function claim(gameId) {
  const button = document.getElementById("claim-win");
  try {
    await claimWin(gameId);
  } catch (error) {
    if (button) button.after(el("p", { class: "message", role: "alert" }, error.message || t("msg.serverDown")));
  }
}

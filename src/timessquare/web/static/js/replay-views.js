// What the replay draws from the game it holds (replay.js `Replay`): the lines of a frame, the hands, and the
// list of moves.

import { t, tn } from "./i18n.js";
import { colourOf } from "./notation.js";
import { clear, el } from "./page.js";

const $ = (id) => document.getElementById(id);

/** The log lines of one frame in the server's words: the action (a card play as `played`: who played which
 * card, which the game page's log shows by its colours and the hand), then what followed it. */
export function frameLines(frames, index) {
  const frame = frames[index];
  const lines = frame.log.map((entry, i) => (i === 0 && frame.played ? frame.played : entry.text));
  return index ? lines : [t("replay.deal", { seat: frame.view.to_move }), ...lines];
}

function miniCard(code) {
  return el("span", { class: `mini-card card-${colourOf(code)}`, title: code }, code);
}

/** The hands at the replay's frame: each seat's own hand from its own view; seen from one seat, the other
 * one as a count. */
export function renderHands(replay) {
  const box = $("replay-hands");
  clear(box);
  const index = replay.current;
  const seen = replay.viewpoint === "both" ? null : replay.seatFrames[replay.viewpoint][index].view;
  for (const seat of ["A", "B"]) {
    const row = el("div", { class: "mini-hand" });
    if (!seen || seen.seat === seat) {
      for (const code of replay.seatFrames[seat][index].view.hand) row.append(miniCard(code));
    } else {
      row.append(el("span", { class: "help" }, tn("hands.hidden", seen.opponent_hand_size)));
    }
    box.append(el("div", { class: "replay-hand" },
      el("h3", {}, t("replay.handOf", { seat, who: replay.playerName(seat) })), row));
  }
}

/** One button per frame, coloured by the seat that acted; `pick(index)` on a click. */
export function renderMoveList(frames, pick) {
  const list = $("move-list");
  clear(list);
  frames.forEach((frame, index) => {
    const button = el("button", { type: "button" }, frameLines(frames, index)[0]);
    button.addEventListener("click", () => pick(index));
    const seat = index ? frame.log[0].seat : null;
    list.append(el("li", { dataset: { frame: String(index) }, class: seat ? `by-${seat.toLowerCase()}` : "by-table" }, button));
  });
}

/** Mark the replay's frame in the move list and scroll the list (only the list: the page stays where the
 * reader has it) to show it. */
export function markCurrent(index) {
  const list = $("move-list");
  for (const item of list.children) {
    const here = Number(item.dataset.frame) === index;
    item.classList.toggle("current", here);
    if (here) item.querySelector("button").setAttribute("aria-current", "step");
    else item.querySelector("button").removeAttribute("aria-current");
  }
  const item = list.querySelector("li.current");
  if (!item) return;
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

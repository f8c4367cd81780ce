// Rebuilds every position of a finished game from its record (FORMATS.md, times-square/game/1), for the
// replay viewer. The record is only served once the game is over, and it is complete (the deal, every
// move, every reshuffle's order), so the moves' effects can be followed here: figures, hands, draws, the
// reshuffle, Charlie's walk (R7) and the end (R8). Legality is not checked: the server's engine did that
// when the game was played. The final frame is compared with the record's result.

import { destinations, parseAction } from "./notation.js";

const HAND_SIZE = 8;
const other = (seat) => (seat === "A" ? "B" : "A");

function removeCard(hand, code, count) {
  for (let i = 0; i < count; i += 1) {
    const at = hand.indexOf(code);
    if (at < 0) throw new Error(`${code} is not in the hand`);
    hand.splice(at, 1);
  }
}

function inEntrance(space, seat) {
  return seat === "A" ? space <= 1 : space >= 15;
}

function onHalf(space, seat) {
  return seat === "A" ? space < 8 : space > 8;
}

/** R8.1: Sue or Charlie on a club's entrance wins for that club's owner. */
function entranceWinner(fig) {
  for (const who of [fig.sue, fig.charlie]) {
    if (inEntrance(who, "A")) return { result: "A", reason: who === fig.sue ? "sue" : "charlie" };
    if (inEntrance(who, "B")) return { result: "B", reason: who === fig.sue ? "sue" : "charlie" };
  }
  return null;
}

/** R8.2: the second supply ran out. */
function supplyWinner(fig) {
  if (fig.sue !== 8) return { result: fig.sue < 8 ? "A" : "B", reason: "supplySue" };
  if (fig.charlie !== 8) return { result: fig.charlie < 8 ? "A" : "B", reason: "supplyCharlie" };
  return { result: "draw", reason: "supplyDraw" };
}

/** R7.1: the mover's Charlie step, toward his own club. */
function charlieSteps(fig, seat) {
  let steps = ["sue", "low", "high", "hal", "deb"].filter((f) => inEntrance(fig[f], seat)).length;
  if (["sue", "low", "high"].every((f) => onHalf(fig[f], seat))) steps += 1;
  return steps;
}

function snapshot(s, extra) {
  return {
    figures: { ...s.fig },
    hands: { A: [...s.hands.A].sort(), B: [...s.hands.B].sort() },
    supplySize: s.supply.length,
    supplyNumber: s.supplyNumber,
    discard: [...s.discard],
    toMove: s.toMove,
    turnCards: [...s.turnCards],
    over: s.over,
    ...extra,
  };
}

/**
 * The frames of a record: frames[0] is the deal, frames[i] the position after the i-th public action.
 * Each frame after the first has `move`, `seat` (who acted), `before` (the figures before it) and `events`
 * (what followed: {kind: "draw", seat, n}, {kind: "shuffle"}, {kind: "charlie", seat, steps}, {kind: "over"}).
 * Returns {frames, mismatch}: mismatch is a sentence when the rebuilt end disagrees with the record.
 */
export function replayFrames(record) {
  const start = record.start;
  const s = {
    fig: { ...start.figures },
    hands: { A: [...start.hands.A], B: [...start.hands.B] },
    supply: [...start.supply],
    supplyNumber: 1,
    discard: [],
    toMove: start.to_move,
    turnCards: [],
    over: null,
  };
  const frames = [snapshot(s, { move: null, seat: null, before: null, events: [] })];
  const moves = record.moves;
  for (let i = 0; i < moves.length && !s.over; i += 1) {
    const move = moves[i];
    const seat = s.toMove;
    const before = { ...s.fig };
    const events = [];
    const action = parseAction(move);
    if (!action || action.kind === "shuffle") throw new Error(`move ${i + 1} (${move}) cannot be replayed`);
    if (action.kind === "play" || action.kind === "discard") {
      removeCard(s.hands[seat], action.card, action.cards);
      for (let k = 0; k < action.cards; k += 1) {
        s.discard.push(action.card);
        s.turnCards.push(action.card);
      }
      Object.assign(s.fig, destinations(move, before));
      s.over = entranceWinner(s.fig);
    } else {
      if (action.kind === "lure") {
        Object.assign(s.fig, destinations(move, before));
        s.over = entranceWinner(s.fig);
      } else {
        const hand = s.hands[seat];
        const wanted = HAND_SIZE - hand.length;
        let drawn = 0;
        while (hand.length < HAND_SIZE && !s.over) {
          hand.push(s.supply.shift());
          drawn += 1;
          if (s.supply.length) continue;
          if (s.supplyNumber === 2) {
            s.over = supplyWinner(s.fig);
          } else {
            const entry = moves[i + 1] || "";
            if (!entry.startsWith("shuffle ")) throw new Error(`move ${i + 2} should be the reshuffle`);
            s.supply = entry.split(" ").slice(1);
            s.supplyNumber = 2;
            s.discard = [];
            if (drawn < wanted) events.push({ kind: "draw", seat, n: drawn });
            events.push({ kind: "shuffle" });
            drawn = 0;
            i += 1;
          }
        }
        if (drawn) events.push({ kind: "draw", seat, n: drawn });
      }
      if (!s.over) {
        const steps = charlieSteps(s.fig, seat);
        const from = s.fig.charlie;
        s.fig.charlie = Math.max(0, Math.min(16, from + (seat === "A" ? -steps : steps)));
        events.push({ kind: "charlie", seat, steps: Math.abs(s.fig.charlie - from) });
        s.over = entranceWinner(s.fig);
      }
      if (!s.over) {
        s.toMove = other(seat);
        s.turnCards = [];
      }
    }
    if (s.over) events.push({ kind: "over" });
    frames.push(snapshot(s, { move, seat, before, events }));
  }
  const last = frames[frames.length - 1];
  let mismatch = null;
  if (record.forfeit && !last.over) {
    const resigned = /resign/i.test(record.forfeit.reason || "");
    last.over = { result: record.result, reason: resigned ? "resigned" : "forfeit", seat: record.forfeit.seat };
    last.events = [...last.events, { kind: "over" }];
  } else if (!last.over || last.over.result !== record.result) {
    mismatch = `rebuilt result ${last.over ? last.over.result : "none"}, record says ${record.result}`;
  }
  return { frames, mismatch };
}

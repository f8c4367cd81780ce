// The one reducer of the game's messages (docs/web-protocol.md): the page's state after a `state`, an `update` or
// a `change`, as a whole state document. A pure function: the same state and message give the same result,
// and nothing else is read or kept. null: the message does not follow on from the state (a missed message, or
// the language changed under it): the caller asks for the whole state again (`sync`).

/**
 * @param {object|null} last  the state the page has (null before the first)
 * @param {object} message  a `state`, `update` or `change` message
 * @param {(id: number) => string} notationOf  an action id's notation (a `change` gives the legal actions by id)
 */
export function applyMessage(last, message, notationOf) {
  if (message.type === "state") return message;
  if (!last) return null;
  if (message.type === "update") {
    if (last.log.length !== message.log_from || last.lang !== message.lang) return null;
    return { ...message, type: "state", log: last.log.concat(message.log) };
  }
  if (message.type === "change") {
    if (message.version <= last.version) return last; // a change the page has already: nothing new
    const moves = message.events.filter((e) => e.kind === "move" || e.kind === "shuffle").map((e) => e.notation || "shuffle");
    const view = { ...last.view, ...message.view, moves: (last.view.moves || []).concat(moves) };
    const legal = (message.legal || []).map((a) => (typeof a === "number" ? notationOf(a) : a));
    const next = { ...last, version: message.version, view, legal, over: message.over || null };
    if ("thinking" in message || last.thinking) next.thinking = message.thinking || null;
    if (message.clock && last.online) next.online = { ...last.online, clock: { ...last.online.clock, ...message.clock } };
    if (message.rating_change && last.online) next.online = { ...(next.online || last.online), rating_change: message.rating_change };
    return next;
  }
  return last;
}

// The game's messages in an order a person can follow: another seat's actions are played out one after the
// other (playback.js); anything else is shown at once, after what was still waiting. A `change` says who acted
// in its events; a whole `state` (a join, a `sync`) in the log it adds to the state before.

import { Playback } from "./playback.js";

/** The actions `message` adds to `before` (none when it is no later, or in another language), each as {seat}. */
function actedSince(message, before) {
  if (message.type === "change") return message.events.filter((event) => event.kind === "move");
  if (message.type !== "state" || !before || message.version <= before.version || message.lang !== before.lang) return [];
  return message.log.slice(before.log.length).filter((entry) => entry.notation);
}

export class StateFeed {
  /** `apply(message)` shows one message; `shown()` is the last state it showed (null before the first). */
  constructor(apply, shown) {
    this.playback = new Playback(apply);
    this.shown = shown;
    this.queued = null; // the last state handed to the playback and not yet known to be shown
  }

  receive(message) {
    const before = this.queued || this.shown();
    const me = this.shown() ? this.shown().seat : null;
    const acted = actedSince(message, before);
    // another seat's action after `before` (for a spectator: anyone's): played out in turn
    if (acted.length && acted.every((entry) => entry.seat !== me)) {
      if (message.type === "state") this.queued = message;
      this.playback.push(message);
      return;
    }
    this.queued = null;
    this.playback.show(message, acted.some((entry) => entry.seat !== me));
  }
}

// Another seat's turn, played out: the server sends one state per action (a computer's or a friend's), so
// the page shows them one after the other, about 0.3 s apart, instead of all at once. A click or a key
// shows the rest at once; with prefers-reduced-motion nothing waits.

const STEP_MS = 300;

export class Playback {
  /** `apply(message)` shows one state (the page's own handler). */
  constructor(apply) {
    this.apply = apply;
    this.queue = [];
    this.timer = null;
    const skip = () => this.flush();
    // capture: the rest of the turn is shown before the click or key does anything else. On the click, not
    // on pointerdown: a redraw between the press and the release could move the button away from under the
    // pointer, and the click would be lost.
    document.addEventListener("click", skip, true);
    document.addEventListener("keydown", skip, true);
  }

  static reduced() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /** Show `message` now if nothing is playing out, else after the ones before it. */
  push(message) {
    if (Playback.reduced()) {
      this.flush();
      this.apply(message);
      return;
    }
    this.queue.push(message);
    if (this.timer === null) this.step();
  }

  step() {
    const message = this.queue.shift();
    if (!message) {
      this.timer = null;
      delete document.body.dataset.playingOut;
      return;
    }
    document.body.dataset.playingOut = "1";
    this.apply(message);
    this.timer = setTimeout(() => this.step(), STEP_MS);
  }

  /** Everything still waiting, at once (a click, a key, or any other message from the server). */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length) this.apply(this.queue.shift());
    delete document.body.dataset.playingOut;
  }
}

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
    this.shownAt = -Infinity; // when another seat's action was last shown, by either path
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
      this.show(message, true);
      return;
    }
    this.queue.push(message);
    if (this.timer !== null) return;
    // The first step keeps its distance from another seat's action shown just before it too: the answer to
    // our own action may carry the other seat's first action with it, and its second would follow at once.
    const wait = this.shownAt + STEP_MS - performance.now();
    if (wait > 0) {
      document.body.dataset.playingOut = "1";
      this.timer = setTimeout(() => this.step(), wait);
    } else this.step();
  }

  /** Show `message` at once, ending anything still playing out (a state that is not played out); `paced`:
   * it shows another seat's action, which the next step keeps its distance from. */
  show(message, paced = false) {
    this.flush();
    if (paced) this.shown(message);
    else this.apply(message);
  }

  shown(message) {
    this.shownAt = performance.now();
    this.apply(message);
  }

  step() {
    const message = this.queue.shift();
    if (!message) {
      this.timer = null;
      delete document.body.dataset.playingOut;
      return;
    }
    document.body.dataset.playingOut = "1";
    this.shown(message);
    this.timer = setTimeout(() => this.step(), STEP_MS);
  }

  /** Everything still waiting, at once (a click, a key, or any other message from the server). */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length) this.shown(this.queue.shift());
    delete document.body.dataset.playingOut;
  }
}

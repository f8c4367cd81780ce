// A redraw replaces the buttons under the focus: the control that had it (by its data-focus) gets it back, or
// the next sensible one does.

export class FocusKeeper {
  constructor() {
    this.key = null; // the data-focus of the control that last had the focus
    document.addEventListener("focusin", (event) => {
      this.key = event.target && event.target.dataset ? event.target.dataset.focus || null : null;
    });
  }

  restore() {
    if (!this.key) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    if (document.querySelector("dialog[open]")) return;
    const same = document.querySelector(`[data-focus="${this.key}"]:not([hidden])`);
    const fallback = same || document.querySelector("#choices button") || document.querySelector("#hand .card.selected")
      || document.querySelector("#hand .card.playable") || document.querySelector("#actions button:not([hidden])");
    if (fallback) fallback.focus();
  }
}

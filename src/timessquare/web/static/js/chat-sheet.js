// The players' chat on a phone (issue 33): behind a button under the hand that counts the opponent's
// messages not yet seen, opened as a sheet over the bottom of the screen (the board stays where it is). On a
// wider screen the chat is where it always was, and what is on screen counts as seen. Presentation only: the
// messages come and go as chat.js says; this reads its list.

import { tn } from "./i18n.js";
import { COMPACT } from "./phone-turn.js";

const $ = (id) => document.getElementById(id);
const SEEN_KEY = `ts:chat-seen:${location.pathname}`; // a reload does not count old messages again

function keptSeen() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SEEN_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

export class ChatSheet {
  constructor() {
    this.social = $("social");
    this.panel = $("chat");
    this.button = $("chat-open");
    this.badge = $("chat-unread");
    this.seen = keptSeen();
    if (!this.social || !this.panel || !this.button) return;
    this.setOpen(false);
    this.button.addEventListener("click", () => this.setOpen(this.social.dataset.chat !== "open"));
    $("chat-close").addEventListener("click", () => this.setOpen(false, true));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.social.dataset.chat === "open") this.setOpen(false, true);
    });
    // chat.js shows the panel for a game between people and redraws its lines on every message
    new MutationObserver(() => this.count()).observe($("chat-lines"), { childList: true });
    new MutationObserver(() => this.count()).observe(this.panel, { attributes: true, attributeFilter: ["hidden"] });
    COMPACT.addEventListener("change", () => this.count());
    document.addEventListener("ts:lang", () => this.count());
    this.count();
  }

  /** Open or shut the sheet; shut by its own button or Escape, the focus goes back to the button. */
  setOpen(open, refocus = false) {
    this.social.dataset.chat = open ? "open" : "shut";
    this.button.setAttribute("aria-expanded", String(open));
    if (open) $("chat-text").focus({ preventScroll: true });
    else if (refocus) this.button.focus({ preventScroll: true });
    this.count();
  }

  /** What the opponent said that this person has not had in view. */
  count() {
    this.button.hidden = this.panel.hidden;
    const lines = [...$("chat-lines").querySelectorAll("li.theirs[data-chat-id]")].map((li) => li.dataset.chatId);
    const inView = !COMPACT.matches || this.social.dataset.chat === "open";
    if (inView && !this.panel.hidden) {
      for (const id of lines) this.seen.add(id);
      try {
        sessionStorage.setItem(SEEN_KEY, JSON.stringify([...this.seen]));
      } catch {
        // private mode: a reload counts them again
      }
    }
    const unread = lines.filter((id) => !this.seen.has(id)).length;
    // the chat's own log is not read out while its sheet is shut: a new message is said here
    const news = $("chat-news");
    if (news && unread > (this.unread || 0)) news.textContent = tn("chat.unread", unread);
    if (news && !unread) news.textContent = "";
    this.unread = unread;
    this.badge.hidden = unread === 0;
    this.badge.textContent = unread ? String(unread) : "";
    this.badge.title = unread ? tn("chat.unread", unread) : "";
    this.button.dataset.unread = String(unread);
    const name = this.button.querySelector(".chat-open-name").textContent;
    this.button.setAttribute("aria-label", unread ? `${name}: ${tn("chat.unread", unread)}` : name);
  }
}

// Telling a player what happened while the page is in a background tab (docs/web.md "Sounds and
// notifications"): a browser notification (Notification API) for "your turn" and a challenge to you, once the
// player has allowed them, the tab title, and short sounds (a move, your turn, low time, a challenge) behind
// a switch this browser remembers. The sounds are made here (Web Audio): no file to load.

import { t } from "./i18n.js";

const SOUNDS_KEY = "ts:sounds"; // "off" once switched off (on by default)
const TONES = {
  move: [[520, 0.07]],
  turn: [[660, 0.09], [880, 0.12]],
  low: [[440, 0.08], [440, 0.08], [440, 0.08]],
  challenge: [[590, 0.1], [790, 0.1], [990, 0.14]],
};
const SOUND_MS = 1000; // a sound's tones are over by then: its audio context is closed (one per sound, none kept)

export function soundsOn() {
  return localStorage.getItem(SOUNDS_KEY) !== "off";
}

/** Play one of TONES (nothing when sounds are off or the browser has no Web Audio). */
export function sound(name) {
  if (!soundsOn() || !window.AudioContext) return;
  try {
    const audio = new AudioContext();
    let at = audio.currentTime;
    for (const [frequency, seconds] of TONES[name]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds + 0.03;
    }
    setTimeout(() => audio.close().catch(() => {}), SOUND_MS);
  } catch {
    // a browser that refuses audio before a click: silence, never an error
  }
}

function background() {
  return document.visibilityState === "hidden";
}

/** A notification while the page is in the background, if the player allowed them; its words from the catalog. */
export function notify(key, params = {}) {
  if (!background() || !("Notification" in window) || Notification.permission !== "granted") return false;
  const note = new Notification(t(key, params), { tag: key, lang: document.documentElement.lang });
  note.onclick = () => {
    window.focus();
    note.close();
  };
  return true;
}

/** What the lobby has seen of the challenges (`challengesTo` keeps it up to date): the page that follows them keeps it. */
export function newChallengeNews() {
  return { ids: new Set(), ready: false };
}

/** The lobby as it changed: a new challenge to `name` rings and, in the background, notifies; `news`: what was
 * seen before (`newChallengeNews`). */
export function challengesTo(news, name, challenges) {
  for (const challenge of challenges) {
    if (news.ids.has(challenge.id)) continue;
    news.ids.add(challenge.id);
    if (news.ready && name && challenge.to === name) {
      sound("challenge");
      notify("notify.challenge", { name: challenge.by, control: challenge.control });
    }
  }
  news.ready = true; // those open when the page came are not news
}

/** The switches of a page's "Sounds and notifications" part (parts/alerts.html). */
export function setupAlerts() {
  const box = document.getElementById("sounds-on");
  if (!box) return;
  box.checked = soundsOn();
  box.addEventListener("change", () => {
    localStorage.setItem(SOUNDS_KEY, box.checked ? "on" : "off");
    if (box.checked) sound("move");
  });
  const ask = document.getElementById("notify-ask");
  const status = document.getElementById("notify-status");
  const show = () => {
    const state = "Notification" in window ? Notification.permission : "unsupported";
    status.textContent = t(`alerts.notify.${state}`);
    ask.hidden = state !== "default";
  };
  ask.addEventListener("click", async () => {
    await Notification.requestPermission();
    show();
  });
  show();
  document.addEventListener("ts:lang", show);
}

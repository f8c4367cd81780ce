// The header's account part, on every page: "Log in" (the lobby's account box) for a visitor; the player's
// name (their page) and "Log out" for a logged-in player.

import { logOut, whoAmI } from "./online-api.js";

/** Show who is logged in (`known`: an account the page already has, or null after logging out). */
export async function showAccount(known) {
  const logIn = document.getElementById("nav-log-in");
  const box = document.getElementById("nav-account");
  if (!logIn || !box) return;
  let account = known;
  if (account === undefined) {
    try {
      account = (await whoAmI()).account || null;
    } catch {
      return; // the server is away: the "Log in" link stays
    }
  }
  logIn.hidden = Boolean(account);
  box.hidden = !account;
  if (!account) return;
  const me = document.getElementById("nav-me");
  me.textContent = account.name;
  me.href = `/players/${encodeURIComponent(account.name)}`;
}

/** Wire the header's "Log out" button. */
export function wireAccount() {
  const button = document.getElementById("nav-log-out");
  if (!button) return;
  button.addEventListener("click", async () => {
    try {
      await logOut();
    } catch {
      return;
    }
    location.reload();
  });
}

// The online part of the HTTP API (docs/web-protocol.md, "Online play"): accounts, players, the lobby.

import { call } from "./api.js";

const path = (text) => encodeURIComponent(text);
export const whoAmI = () => call("GET", "/api/session");
export const signUp = (name, password) => call("POST", "/api/accounts", { name, password });
export const logIn = (name, password) => call("POST", "/api/session", { name, password });
export const logOut = () => call("DELETE", "/api/session");
export const changePassword = (password, newPassword) =>
  call("POST", "/api/account/password", { password, new_password: newPassword });
export const deleteAccount = (password) => call("DELETE", "/api/account", { password });
export const makeBot = (body) => call("POST", "/api/account/bots", body);
export const following = () => call("GET", "/api/following");
export const player = (name) => call("GET", `/api/players/${path(name)}`);
export const leaderboard = () => call("GET", "/api/players");
export const lobby = () => call("GET", "/api/lobby");
export const postChallenge = (body) => call("POST", "/api/lobby", body);
export const cancelChallenge = (id) => call("DELETE", `/api/lobby/${path(id)}`);
export const acceptChallenge = (id) => call("POST", `/api/lobby/${path(id)}/accept`, {});
export const quickPairing = (control) => call("POST", "/api/lobby/quick", { control, rated: true });
export const playComputer = (level) => call("POST", "/api/lobby/computer", { level, rated: true });
export const mySeat = (id) => call("GET", `/api/games/${path(id)}/seat`);
export const takeSeat = (id, token) => call("POST", `/api/games/${path(id)}/take`, { token });
export const claimWin = (id) => call("POST", `/api/games/${path(id)}/claim`, {});

/** A rating as people read it: "1500?" while provisional. */
export function ratingText(account) {
  return `${account.rating}${account.provisional ? "?" : ""}`;
}

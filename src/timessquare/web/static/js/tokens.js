// Seat tokens live in this browser only: localStorage "ts:token:{id}". A token arrives in the URL fragment
// (#t=TOKEN), is stored, and is removed from the address bar so that it is not bookmarked or shared by
// accident.

const PREFIX = "ts:token:";

export function storeToken(gameId, token) {
  try {
    localStorage.setItem(PREFIX + gameId, token);
  } catch {
    // storage refused (private mode): the token still works for this page
  }
}

export function tokenFor(gameId) {
  try {
    return localStorage.getItem(PREFIX + gameId);
  } catch {
    return null;
  }
}

export function forgetToken(gameId) {
  try {
    localStorage.removeItem(PREFIX + gameId);
  } catch {
    // nothing stored
  }
}

/** Every stored token, as [gameId, token] pairs. */
export function allTokens() {
  const pairs = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) pairs.push([key.slice(PREFIX.length), localStorage.getItem(key)]);
    }
  } catch {
    // no storage: no games remembered
  }
  return pairs;
}

/** Take the token from the URL fragment (storing it), or the stored one; null means spectator. */
export function takeTokenFromUrl(gameId) {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match) {
    storeToken(gameId, match[1]);
    history.replaceState(null, "", location.pathname + location.search);
    return match[1];
  }
  return tokenFor(gameId);
}

/** Store the token of a URL the server gave ("/game/ID#t=TOKEN"); returns the path without the token. */
export function keepTokenOfUrl(url) {
  const match = /^\/game\/([A-Za-z0-9_-]+)#t=([A-Za-z0-9_-]+)$/.exec(url);
  if (!match) return url;
  storeToken(match[1], match[2]);
  return `/game/${match[1]}`;
}

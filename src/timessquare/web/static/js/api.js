// The server's HTTP API (docs/web-protocol.md): JSON in, JSON out, errors as ApiError with the
// server's human-readable message.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** One request: a JSON body out (when given), the JSON answer back, or an ApiError. Cookies go with it
 * (fetch's default, same origin only): the online part of the API reads the account's session from them. */
export async function call(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError("network", "", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "server", error.message || "", response.status);
  }
  return data;
}

export const createGame = (options) => call("POST", "/api/games", options);
export const myGames = (tokens) => call("POST", "/api/games/mine", { tokens });
export const listGames = (status, limit = 20) => call("GET", `/api/games?status=${status}&limit=${limit}`);
export const gameReplay = (id, seat, lang) =>
  call("GET", `/api/games/${encodeURIComponent(id)}/replay?seat=${seat}&lang=${lang}`);
export const gameAnalysis = (id, lang) =>
  call("GET", `/api/games/${encodeURIComponent(id)}/analysis?lang=${lang}`);
export const rematch = (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/rematch`, { token });
export const recordDownloadUrl = (id) => `/api/games/${encodeURIComponent(id)}/record?download=1`;

"""An online rated game between two people for the browser tests, set up through the HTTP API from each
person's own page (their cookies, their seat): quicker than two lobbies and the same game."""

from __future__ import annotations

import secrets
from typing import Any

from e2e_play import wait_ready
from e2e_server import Server

SIGN_UP = """async (name) => {
  const r = await fetch('/api/accounts', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }) });
  if (!r.ok) throw new Error(await r.text()); }"""
CHALLENGE = """async (control) => {
  const r = await fetch('/api/lobby', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ control, rated: true }) });
  if (!r.ok) throw new Error(await r.text()); return (await r.json()).challenge.id; }"""
MY_TURN = "document.body.dataset.myTurn === 'true'"
ACCEPT = """async (id) => {
  const r = await fetch(`/api/lobby/${id}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: '{}' });
  if (!r.ok) throw new Error(await r.text()); return await r.json(); }"""


def sign_up_by_api(page: Any, server: Server, name: str) -> None:
    page.goto(server.url + "/rules")  # any page of the server: the requests come from its origin
    wait_ready(page)
    page.evaluate(SIGN_UP, name)


def rated_game(server: Server, first: Any, second: Any, control: str = "3+2") -> dict[str, Any]:
    """`first` challenges, `second` accepts; both open the game. Returns {"id", "A": page, "B": page, names}."""
    suffix = secrets.token_hex(3)
    names = {first: f"Ann{suffix}", second: f"Bea{suffix}"}
    for page, name in names.items():
        sign_up_by_api(page, server, name)
    challenge = first.evaluate(CHALLENGE, control)
    links = second.evaluate(ACCEPT, challenge)
    game_id = links["id"]
    seats = {links["seat"]: second, ("A" if links["seat"] == "B" else "B"): first}
    for page in (first, second):
        page.goto(f"{server.url}/game/{game_id}")
        wait_ready(page)
        page.wait_for_selector("#online-bar:not([hidden]) .clock")
        page.wait_for_function("() => document.body.dataset.myTurn !== undefined")
    return {"id": game_id, "A": seats["A"], "B": seats["B"], "names": {s: names[p] for s, p in seats.items()}}


def page_to_move(game: dict[str, Any]) -> Any:
    """The page of the seat whose turn it is (both pages have their first state: `rated_game` waited)."""
    return game["A"] if game["A"].evaluate(f"() => {MY_TURN}") else game["B"]

"""An online rated game between two people for the browser tests: two new accounts logged in, a challenge
posted and accepted through the HTTP API from each person's own page (their cookies, their seat): quicker than
two lobbies and the same game."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from e2e_play import wait_ready
from e2e_server import Server
from sqlalchemy import select

from timessquare.web.guards.security import hash_token, new_token
from timessquare.web.online.guard import COOKIE
from timessquare.web.online.names import name_key
from timessquare.web.online.store import OnlineStore
from timessquare.web.storage import make_engine
from timessquare.web.storage.online_schema import accounts, present_accounts

CHALLENGE = """async (control) => {
  const r = await fetch('/api/lobby', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ control, rated: true }) });
  if (!r.ok) throw new Error(await r.text()); return (await r.json()).challenge.id; }"""
MY_TURN = "document.body.dataset.myTurn === 'true'"
ACCEPT = """async (id) => {
  const r = await fetch(`/api/lobby/${id}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: '{}' });
  if (!r.ok) throw new Error(await r.text()); return await r.json(); }"""


def logged_in_as_a_new_account(server: Server, page: Any, name: str) -> None:
    """A new account and its log-in written into the server's database, and the log-in's cookie given to the
    page's browser: as a sign-up leaves them, without the sign-up's limit of tries a minute per address (the
    tests make many accounts; test_e2e_online signs up through the form)."""
    store = OnlineStore(make_engine(server.database_url))
    try:
        now = datetime.now(UTC)
        account = store.create_account(name, name_key(name), "!", False, now)  # no password logs in to it
        token = new_token()
        store.add_login(hash_token(token), account.id, now, now + timedelta(days=1))
    finally:
        store.engine.dispose()
    page.context.add_cookies([{"name": COOKIE, "value": token, "url": server.url}])


def rated_game(server: Server, first: Any, second: Any, control: str = "3+2") -> dict[str, Any]:
    """`first` challenges, `second` accepts; both open the game. Returns {"id", "A": page, "B": page, names}."""
    suffix = secrets.token_hex(3)
    names = {first: f"Ann{suffix}", second: f"Bea{suffix}"}
    for page, name in names.items():
        logged_in_as_a_new_account(server, page, name)
    first.goto(server.url + "/rules")  # any page of the server: the requests come from its origin
    wait_ready(first)
    second.goto(server.url + "/rules")
    wait_ready(second)
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


def processes_holding(server: Server, names: list[str]) -> set[str]:
    """The server processes that hold a socket of these accounts, as each process wrote it for who is online."""
    engine = make_engine(server.database_url)
    try:
        with engine.connect() as c:
            held = select(present_accounts.c.process).join(accounts, accounts.c.id == present_accounts.c.account_id)
            return set(c.execute(held.where(accounts.c.name.in_(names))).scalars())
    finally:
        engine.dispose()

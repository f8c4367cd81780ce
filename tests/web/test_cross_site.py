"""Cross-site requests (issue 17, finding 9): a page of another site can neither open a game socket nor
create a game in a visitor's name; this site's own pages, listed sites and programs (no Origin) can."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import new_game
from starlette.testclient import TestClient, WebSocketDenialResponse

EVIL = "https://evil.example"


def test_a_foreign_page_cannot_create_games_or_open_sockets(client: TestClient) -> None:
    refused = client.post("/api/games", json={"mode": "friend"}, headers={"origin": EVIL})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_site"
    assert client.post("/api/games", json={"mode": "friend"}, headers={"origin": "null"}).status_code == 403
    fetched = client.post("/api/games", json={"mode": "friend"}, headers={"sec-fetch-site": "cross-site"})
    assert fetched.status_code == 403
    game = new_game(client, mode="friend")
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect(f"/ws/games/{game['id']}", headers={"origin": EVIL}),
    ):
        pass
    assert denied.value.status_code == 403
    assert client.get("/api/games", headers={"origin": EVIL}).status_code == 200  # reading is harmless


def test_the_own_site_and_listed_sites_may(make_client: Callable[..., TestClient]) -> None:
    client = make_client(allowed_origins=("https://friends.example",))
    for origin in ("http://testserver", "https://testserver", "https://friends.example", "HTTPS://Friends.Example"):
        assert client.post("/api/games", json={"mode": "friend"}, headers={"origin": origin}).status_code == 201
    game = new_game(client, mode="friend")
    with client.websocket_connect(f"/ws/games/{game['id']}", headers={"origin": "http://testserver"}) as socket:
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["type"] == "state"
    assert client.post("/api/games", json={"mode": "friend"}, headers={"origin": EVIL}).status_code == 403

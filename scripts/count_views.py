"""How many times one move of a web game builds a player's view (`PlayerView.of`), from the click to the states.

A friend game on the test client (SQLite in a temporary folder): both seats joined and one spectator, all in
English; the seat to move plays one legal action; the script counts the views built while the server
checks, applies, stores and broadcasts it (spectator views, that is the public view, and the seats' views).

    .venv/bin/python scripts/count_views.py
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from timessquare import view as view_module
from timessquare.web.app import Settings, create_app


def main() -> None:
    built: Counter[str] = Counter()
    original = view_module.PlayerView.of.__func__  # type: ignore[attr-defined]

    def counting(cls: type, state: Any, seat: int | None, moves: Any = ()) -> Any:
        built["public (spectator)" if seat is None else "a seat's own"] += 1
        return original(cls, state, seat, moves)

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_url=f"sqlite:///{Path(folder) / 'g.sqlite3'}", workers=1, warm_workers=False)
        settings.create_per_minute = 0
        with TestClient(create_app(settings)) as client:
            game = client.post("/api/games", json={"mode": "friend", "seat": "A"}).json()
            sockets = []
            for token in (game["token"], game["invite"].split("#t=")[1], None):
                context = client.websocket_connect(f"/ws/games/{game['id']}")
                socket = context.__enter__()
                socket.send_json({"v": 1, "type": "join", "token": token, "lang": "en"})
                sockets.append((context, socket, json.loads(socket.receive_text())))
            mover = next(s for s in sockets if s[2]["legal"])
            view_module.PlayerView.of = classmethod(counting)  # type: ignore[method-assign, assignment]
            mover[1].send_json(
                {"v": 1, "type": "action", "version": mover[2]["version"], "action": mover[2]["legal"][0]}
            )
            for _, socket, _ in sockets:
                while json.loads(socket.receive_text())["type"] != "state":
                    pass
            view_module.PlayerView.of = classmethod(original)  # type: ignore[method-assign, assignment]
            for context, _, _ in sockets:
                context.__exit__(None, None, None)
    total = sum(built.values())
    print(f"one move, 2 seats and 1 spectator joined: {total} views built ({dict(built)})")


if __name__ == "__main__":
    main()

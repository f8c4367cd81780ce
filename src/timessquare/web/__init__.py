"""The browser game: an HTTP and WebSocket server (Starlette) around the one game session.

`timessquare serve` runs it (serve.py); `create_app` builds the ASGI application (app.py). The protocol is
docs/web-protocol.md; running it, docs/web.md.
"""

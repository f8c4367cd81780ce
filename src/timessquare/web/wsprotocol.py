"""uvicorn's WebSocket protocol, told to hand the application text frames that are not UTF-8.

uvicorn logs such a frame as an error with a traceback and closes the socket (a cheap way to flood the log).
Here the text reaches the application decoded with `surrogateescape`: the bad bytes become lone surrogates,
which `messages.parse` refuses as `bad_message`, and the socket goes on like after any other bad message.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class LenientTextProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                self.frames = []
                self.queue.put_nowait({"type": "websocket.receive", "text": data.decode("utf-8", "surrogateescape")})
                if not self.read_paused:
                    self.read_paused = True
                    self.transport.pause_reading()
                return
        super().send_receive_event_to_app()

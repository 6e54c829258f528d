"""What every client of the gateway reads the same way — the CLI (``rondo_app/client``), the web app
(``web/``) and the bot: pure functions over the public API's answers (``rondo.gateway.v1`` messages in,
plain values out). No I/O and no gRPC calls here: a client asks the gateway, then reads the answers
with these."""

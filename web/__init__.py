"""Rondo's web app: server-rendered pages for players, organizers and judges, calling only the
gateway over gRPC with the user's token (docs/architecture.md "Frontends"). Run with ``python -m web``;
settings in :mod:`web.config`."""

"""Client side of the gateway's tokens, for the demo, the benchmarks and the tests: every call of a
blocking ``grpc`` channel carries ``authorization: Bearer <token>`` (docs/architecture.md "Identity and
roles"), and the first organizer made with the ``rondo admin create-organizer`` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping

import grpc

METADATA_KEY = "authorization"


class _ClientCallDetails(grpc.ClientCallDetails):
    def __init__(self, method, timeout, metadata, credentials, wait_for_ready, compression):
        self.method = method
        self.timeout = timeout
        self.metadata = metadata
        self.credentials = credentials
        self.wait_for_ready = wait_for_ready
        self.compression = compression


class BearerInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Adds the token to every unary and server-streaming call (unless the call sets its own)."""

    def __init__(self, token: str):
        self._value = f"Bearer {token}"

    def __repr__(self) -> str:  # never the token
        return f"{type(self).__name__}(<token>)"

    def _details(self, details):
        metadata = list(details.metadata or ())
        if not any(key.lower() == METADATA_KEY for key, _ in metadata):
            metadata.append((METADATA_KEY, self._value))
        return _ClientCallDetails(
            details.method,
            details.timeout,
            metadata,
            details.credentials,
            getattr(details, "wait_for_ready", None),
            getattr(details, "compression", None),
        )

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)


def with_bearer(channel: grpc.Channel, token: str) -> grpc.Channel:
    """``channel`` with the token on every call (closing the original channel closes this one)."""
    return grpc.intercept_channel(channel, BearerInterceptor(token))


def create_organizer(name: str, env: Mapping[str, str]) -> str:
    """Runs ``rondo admin create-organizer NAME --json`` with ``env`` on top of this process's
    environment (the server's RONDO_DATA_DIR or RONDO_GATEWAY_DATABASE_URL); answers the password."""
    done = subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "admin", "create-organizer", name, "--json"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"rondo admin create-organizer failed ({done.returncode}): {done.stderr.strip()[:500]}")
    return str(json.loads(done.stdout.strip().splitlines()[-1])["password"])

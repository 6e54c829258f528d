"""The seed of a draw asked for without one.

A keyed draw request without a seed (and no committed seed) gets a seed derived from the competition
and the idempotency key, not a random one: when the gateway retries it — league stored the draw and
died before answering, so the key was freed — the solver is asked exactly the same question, gives the
same draw within its work budget, and league's replay of the key returns the stored draw instead of
refusing the key as used for a different request. Two different keys still give two different draws."""

from __future__ import annotations

import hashlib

SEED_BOUND = 2**31  # the solver's own seeds are below this too


def seed_from_key(competition_id: str, idempotency_key: str) -> int:
    digest = hashlib.sha256(f"rondo-draw-retry/1:{competition_id}:{idempotency_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_BOUND

"""A draw anyone can verify (docs/rules.md ``draw.trust.seed-commitment``).

Before registration closes the organizer publishes a *commitment* to the draw's seed: the SHA-256 of
the seed and a random nonce. The seed is secret until the draw is published; then it is revealed with
its nonce, and anyone can check that it is the committed one and re-run the draw from the published
roster, seed and parameters (``rondo draw --verify``). Since the organizer committed before knowing
the final roster, and every draw of a committed competition must use the committed seed (a redraw
one derived from it and its version), the organizer cannot pick the draw. Pure: the secret comes from
the caller.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from rondo_runtime.errors import FailedPrecondition

FORMAT = "rondo-draw-seed/1"
SEED_BITS = 63  # the solver takes a signed 64-bit seed
NONCE_HEX_LENGTH = 32  # 128 random bits: the commitment cannot be searched by trying seeds


@dataclass(frozen=True)
class SeedCommitment:
    competition_id: str
    seed: int  # secret until the draw is published
    nonce: str  # hex, secret with the seed
    commitment: str  # hex SHA-256, public at once
    committed_at: datetime
    committed_by: str


def seed_commitment(competition_id: str, seed: int, nonce: str) -> str:
    """The commitment to ``seed``: SHA-256 of ``"rondo-draw-seed/1:<competition id>:<seed>:<nonce>"``, in hex."""
    return hashlib.sha256(f"{FORMAT}:{competition_id}:{seed}:{nonce}".encode()).hexdigest()


def seed_for_draw(seed: int, version: int) -> int:
    """The seed of a competition's draw ``version``: the committed seed for the first draw; for a
    redraw one derived from it and the version, so a redraw cannot pick a seed either."""
    if version <= 1:
        return seed
    digest = hashlib.sha256(f"{FORMAT}:redraw:{seed}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def check_draw_seed(commitment: SeedCommitment | None, version: int, seed: int) -> None:
    """A draw to store under a commitment must use the committed (or derived) seed."""
    if commitment is None:
        return
    expected = seed_for_draw(commitment.seed, version)
    if seed != expected:
        raise FailedPrecondition(
            f"the draw's seed was committed ({commitment.commitment[:16]}...): draw {version} must use the committed "
            "seed; leave the seed unset"
        )


def check_can_commit(existing: SeedCommitment | None, draws: int) -> None:
    if existing is not None:
        raise FailedPrecondition(f"the draw seed is already committed: {existing.commitment}")
    if draws:
        raise FailedPrecondition("a draw was already made; a seed is committed before the first draw")


def draw_seed(committed: int | None, requested: int | None, fallback: int | None) -> int | None:
    """The seed the next draw asks the solver for: the committed one (``committed``, derived for the
    draw's version; a request naming a seed is then refused), else the organizer's ``requested``, else
    ``fallback`` (the gateway's, derived from the request's idempotency key so a retry asks the same
    question), else None (the solver picks one and reports it)."""
    if committed is not None:
        if requested is not None:
            raise FailedPrecondition.because("DRAW_SEED_COMMITTED")
        return committed
    return requested if requested is not None else fallback

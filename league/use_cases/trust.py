"""A draw anyone can verify (docs/rules.md ``draw.trust.seed-commitment``): committing the draw seed
before registration closes, the seed each draw must use, and the certificate of a published draw."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.certificate import SolveRecord
from league.domain.commitment import NONCE_HEX_LENGTH, SEED_BITS, SeedCommitment, check_can_commit, seed_commitment, seed_for_draw
from league.domain.model import Competition, Draw, DrawStatus, Player
from league.use_cases.common import find_competition, find_draw, replayed, request_key
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.text import clean_key, clean_name
from rondo_runtime.transactions import UnitOfWork


@dataclass(frozen=True)
class DrawEvidence:
    """Everything a published draw's certificate is made of."""

    competition: Competition
    draw: Draw
    players: list[Player]
    commitment: SeedCommitment | None
    record: SolveRecord | None


def committed_seed(repo: LeagueRepository, competition: Competition) -> int | None:
    """The seed the competition's next draw must use, None without a commitment."""
    found = repo.seed_commitment(competition.id)
    if found is None:
        return None
    return seed_for_draw(found.seed, repo.next_draw_version(competition.id))


class Trust:
    """The seed commitment and the draw's certificate."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime]):
        self.uow = uow
        self.clock = clock

    def commit_draw_seed(self, competition_id: str, committed_by: str, idempotency_key: str = "") -> SeedCommitment:
        """Draws a secret seed and nonce and stores them with their commitment; the commitment is what
        the organizer publishes. Only before the first draw, once per competition."""
        committed_by = clean_name(committed_by, "committed_by")
        key = request_key("CommitDrawSeed", clean_key(idempotency_key), {"competition_id": competition_id, "by": committed_by})
        seed = secrets.randbits(SEED_BITS)
        nonce = secrets.token_hex(NONCE_HEX_LENGTH // 2)

        def work(repo: LeagueRepository) -> SeedCommitment:
            competition = find_competition(repo, competition_id, for_update=True)
            if replayed(repo, key):
                existing = repo.seed_commitment(competition.id)
                assert existing is not None
                return existing
            check_can_commit(repo.seed_commitment(competition.id), len(repo.draw_headers(competition.id)))
            if competition.registration_closed_at is not None:
                raise FailedPrecondition.because("SEED_AFTER_REGISTRATION")
            made = SeedCommitment(
                competition.id, seed, nonce, seed_commitment(competition.id, seed, nonce), self.clock(), committed_by
            )
            repo.add_seed_commitment(made)
            idempotency.remember(repo, key, made.committed_at, competition.id)
            return made

        return self.uow.write(work)

    def seed_commitment(self, competition_id: str) -> SeedCommitment:
        """The competition's commitment (NOT_FOUND-like FAILED_PRECONDITION when none was made)."""

        def work(repo: LeagueRepository) -> SeedCommitment:
            competition = find_competition(repo, competition_id)
            found = repo.seed_commitment(competition.id)
            if found is None:
                raise FailedPrecondition.because("NO_SEED_COMMITTED", competition=competition.name)
            return found

        return self.uow.read(work)

    def next_draw_seed(self, competition_id: str) -> int | None:
        """The seed the competition's next draw must use (None: no commitment, any seed will do)."""
        return self.uow.read(lambda repo: committed_seed(repo, find_competition(repo, competition_id)))

    def draw_evidence(self, competition_id: str, draw_id: str) -> DrawEvidence:
        """What a published (or since superseded) draw's certificate holds; a proposed draw keeps its
        seed secret (FAILED_PRECONDITION)."""

        def work(repo: LeagueRepository) -> DrawEvidence:
            competition = find_competition(repo, competition_id)
            if not draw_id and not competition.published_draw_id:
                raise FailedPrecondition.because("NO_PUBLISHED_DRAW", competition=competition.name)
            draw = find_draw(repo, competition, draw_id or competition.published_draw_id or "")
            if draw.status is DrawStatus.PROPOSED:
                raise FailedPrecondition.because("DRAW_NOT_PUBLISHED", version=draw.version)
            return DrawEvidence(
                competition, draw, repo.players(competition.id), repo.seed_commitment(competition.id), repo.solve_record(draw.id)
            )

        return self.uow.read(work)

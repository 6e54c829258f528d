"""A draw anyone can verify (docs/rules.md ``draw.trust.seed-commitment``): committing the draw seed
before registration closes, the seed each draw must use, and the certificate of a published draw."""

from __future__ import annotations

import dataclasses
import secrets
from dataclasses import dataclass

from league.adapters.repository import LeagueRepository
from league.domain.certificate import SolveRecord
from league.domain.commitment import NONCE_HEX_LENGTH, SEED_BITS, SeedCommitment, check_can_commit, seed_commitment, seed_for_draw
from league.domain.mahjong.registration import RegistrationClosing, Resolution, close_registration
from league.domain.model import Competition, Draw, DrawStatus, Player, PlayerStatus
from league.use_cases import LeagueUseCases
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.text import clean_key, clean_name


@dataclass(frozen=True)
class DrawEvidence:
    """Everything a published draw's certificate is made of."""

    competition: Competition
    draw: Draw
    players: list[Player]
    commitment: SeedCommitment | None
    record: SolveRecord | None


class TrustUseCases(LeagueUseCases):
    def commit_draw_seed(self, competition_id: str, committed_by: str, idempotency_key: str = "") -> SeedCommitment:
        """Draws a secret seed and nonce and stores them with their commitment; the commitment is what
        the organizer publishes. Only before the first draw, once per competition."""
        committed_by = clean_name(committed_by, "committed_by")
        key = self._key("CommitDrawSeed", clean_key(idempotency_key), {"competition_id": competition_id, "by": committed_by})
        seed = secrets.randbits(SEED_BITS)
        nonce = secrets.token_hex(NONCE_HEX_LENGTH // 2)

        def work(repo: LeagueRepository) -> SeedCommitment:
            competition = self._competition(repo, competition_id, for_update=True)
            if self._replayed(repo, key):
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

        return self._transaction(work)

    def seed_commitment_of(self, competition_id: str) -> SeedCommitment:
        """The competition's commitment (NOT_FOUND-like FAILED_PRECONDITION when none was made)."""

        def work(repo: LeagueRepository) -> SeedCommitment:
            competition = self._competition(repo, competition_id)
            found = repo.seed_commitment(competition.id)
            if found is None:
                raise FailedPrecondition.because("NO_SEED_COMMITTED", competition=competition.name)
            return found

        return self._read(work)

    def next_draw_seed(self, competition_id: str) -> int | None:
        """The seed the competition's next draw must use (None: no commitment, any seed will do)."""
        return self._read(lambda repo: self._committed_seed(repo, self._competition(repo, competition_id)))

    @staticmethod
    def _committed_seed(repo: LeagueRepository, competition: Competition) -> int | None:
        """The seed the competition's next draw must use, None without a commitment."""
        found = repo.seed_commitment(competition.id)
        if found is None:
            return None
        return seed_for_draw(found.seed, repo.next_draw_version(competition.id))

    def draw_evidence(self, competition_id: str, draw_id: str) -> DrawEvidence:
        """What a published (or since superseded) draw's certificate holds; a proposed draw keeps its
        seed secret (FAILED_PRECONDITION)."""

        def work(repo: LeagueRepository) -> DrawEvidence:
            competition = self._competition(repo, competition_id)
            if not draw_id and not competition.published_draw_id:
                raise FailedPrecondition.because("NO_PUBLISHED_DRAW", competition=competition.name)
            draw = self._draw(repo, competition, draw_id or competition.published_draw_id or "")
            if draw.status is DrawStatus.PROPOSED:
                raise FailedPrecondition.because("DRAW_NOT_PUBLISHED", version=draw.version)
            return DrawEvidence(
                competition, draw, repo.players(competition.id), repo.seed_commitment(competition.id), repo.solve_record(draw.id)
            )

        return self._read(work)

    def close_registration(
        self, competition_id: str, resolution: Resolution, closed_by: str, idempotency_key: str = ""
    ) -> tuple[Competition, RegistrationClosing]:
        """Closes registration (docs/rules.md mahjong.roster.close-registration): the main roster must
        then be a multiple of the table size, as is or by the organizer's resolution (the last-registered
        main participants to the reserve, or the earliest reserves promoted); FAILED_PRECONDITION with
        the options by name otherwise. Closed once; nobody is deleted."""
        closed_by = clean_name(closed_by, "closed_by")
        key = self._key(
            "CloseRegistration", clean_key(idempotency_key), {"competition_id": competition_id, "resolution": resolution.value}
        )

        def work(repo: LeagueRepository) -> tuple[Competition, RegistrationClosing]:
            competition = self._competition(repo, competition_id, for_update=True)
            if self._replayed(repo, key):
                return competition, RegistrationClosing(
                    (), (), len([p for p in repo.players(competition.id) if p.status is PlayerStatus.MAIN])
                )
            if competition.registration_closed_at is not None:
                raise FailedPrecondition.because("REGISTRATION_CLOSED", closed_at=competition.registration_closed_at.isoformat())
            closing = close_registration(repo.players(competition.id), competition.table_size, resolution)
            for player in closing.to_reserve:
                repo.update_player_status(
                    dataclasses.replace(player, status=PlayerStatus.RESERVE),
                    f"dropped to the reserve when registration closed ({closed_by})",
                )
            for player in closing.promoted:
                repo.update_player_status(
                    dataclasses.replace(player, status=PlayerStatus.MAIN),
                    f"promoted from the reserve when registration closed ({closed_by})",
                )
            at = self.clock()
            repo.close_registration(competition.id, at)
            idempotency.remember(repo, key, at, competition.id)
            return dataclasses.replace(competition, registration_closed_at=at), closing

        return self._transaction(work)

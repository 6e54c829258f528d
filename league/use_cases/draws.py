"""The life of a draw (docs/rules.md ``mahjong.draw.*``, ``draw.*``): what the solver is asked for a
first draw or a redraw (PrepareDraw, PrepareRedraw), the proposed draw stored (SaveDraw), approved
(the one published; the others superseded) and read."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import model
from league.domain.certificate import MAX_SOLVER_REQUEST_BYTES, SolveRecord
from league.domain.commitment import check_draw_seed, draw_seed
from league.domain.mahjong import redraw
from league.domain.model import Competition, Draw, DrawStatistics, DrawStatus, Player, Round
from league.domain.sit_outs import redraw_keeps_sit_outs
from league.use_cases.common import find_competition, find_draw, new_id, replayed, request_key, require_id
from league.use_cases.trust import committed_seed
from rondo_runtime import failpoints, idempotency
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.text import clean_id, clean_key, clean_text
from rondo_runtime.transactions import UnitOfWork


@dataclasses.dataclass(frozen=True)
class DrawPreparation:
    """PrepareDraw's answer: who the first draw seats (``roster``), every active player (``players``:
    the names the solver's messages may need) and the seed to ask for (None: the solver picks one)."""

    competition: Competition
    roster: list[Player]
    players: list[Player]
    seed: int | None


@dataclasses.dataclass(frozen=True)
class RedrawPreparation:
    """PrepareRedraw's answer: the plan, who the redraw seats (``roster``), every player (``players``,
    those who left included: the history seats them) and the seed to ask for."""

    competition: Competition
    plan: redraw.RedrawPlan
    roster: list[Player]
    players: list[Player]
    seed: int | None
    sit_out: int | None = None  # a club night's redraw without a count asked: the count kept (draw.sit-out.*)


class Draws:
    """A competition's draws: prepared, stored, approved, read."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime]):
        self.uow = uow
        self.clock = clock

    def save(
        self,
        competition_id: str,
        seed: int,
        rounds: tuple[Round, ...],
        statistics: DrawStatistics,
        replaces_draw_id: str = "",
        played_rounds: int = 0,
        reason: str = "",
        players_moved: int | None = None,
        idempotency_key: str = "",
        solve_record: SolveRecord | None = None,
        sitting_out: int = 0,
    ) -> Draw:
        """Stores a proposed draw (and what the solver was asked for it, for its certificate). Under a
        seed commitment the draw must use the committed seed (docs/rules.md draw.trust.seed-commitment).

        The idempotency key is bound to the seats, or, when the draw comes with its solve record, to
        the question asked of the solver: the gateway retrying a draw whose answer it lost asks the
        same question again, and even if the solver's answer differs this time (a draw the wall clock
        cut), the key answers the draw stored first instead of refusing the retry.

        ``sitting_out``: a club night's draw (docs/rules.md ``draw.sit-out.*``), so many of the active
        players sit out each round, fairly; league checks it with its own count of the rules."""
        request: dict = {
            "competition_id": competition_id,
            "replaces_draw_id": replaces_draw_id,
            "played_rounds": played_rounds,
            "reason": reason,
        }
        if sitting_out:
            request["sitting_out"] = sitting_out
        if solve_record is None:
            request |= {"seed": seed, "rounds": rounds, "statistics": statistics, "players_moved": players_moved}
        else:
            request["solve_record"] = hashlib.sha256(solve_record.solver_request).hexdigest()
        raw_key = clean_key(idempotency_key)
        if solve_record is not None and len(solve_record.solver_request) > MAX_SOLVER_REQUEST_BYTES:
            raise InvalidArgument.single("solver_request", f"at most {MAX_SOLVER_REQUEST_BYTES} bytes")
        competition_id = require_id("competition_id", competition_id)
        if not 0 <= played_rounds <= model.MAX_ROUNDS:
            raise InvalidArgument.single("played_rounds", f"must be between 0 and {model.MAX_ROUNDS}, got {played_rounds}")
        # The request's own fields first, before anything is looked up.
        statistics = model.validate_draw_statistics(statistics, players_moved)
        reason = clean_text(reason, "reason")
        replaces_draw_id = clean_id(replaces_draw_id, "replaces_draw_id", required=False)
        if not replaces_draw_id and (played_rounds or reason):
            raise InvalidArgument.single(
                "played_rounds" if played_rounds else "reason",
                "only a redraw (replaces_draw_id set) keeps played rounds and gives a reason",
            )

        key = request_key("SaveDraw", raw_key, request)

        def work(repo: LeagueRepository) -> Draw:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
                return find_draw(repo, competition, done)
            players = repo.players(competition.id)
            stored = rounds
            if replaces_draw_id:
                # A direct call cannot skip the redraw rules (docs/rules.md mahjong.draw.redraw-keeps-played-rounds).
                redraw.check_redraw_request(competition.rounds, played_rounds, reason)
                replaced = find_draw(repo, competition, replaces_draw_id)
                stored = redraw.splice_redraw(replaced.rounds, rounds, competition.rounds, played_rounds)
            model.validate_draw_to_store(
                competition, stored, players, played_rounds, redraw=bool(replaces_draw_id), sitting_out=sitting_out
            )
            model.validate_draw_statistics(statistics, players_moved, len(players))
            version = repo.next_draw_version(competition.id)
            check_draw_seed(repo.seed_commitment(competition.id), version, seed)
            draw = Draw(
                id=new_id(),
                competition_id=competition.id,
                version=version,
                status=DrawStatus.PROPOSED,
                seed=seed,
                rounds=stored,
                statistics=statistics,
                created_at=self.clock(),
                replaces_draw_id=replaces_draw_id or None,
                played_rounds=played_rounds,
                reason=reason,
                players_moved=players_moved,
                sitting_out=sitting_out,
            )
            repo.add_draw(draw)
            if solve_record is not None:
                repo.add_solve_record(draw.id, solve_record)
            idempotency.remember(repo, key, draw.created_at, draw.id)
            return draw

        stored = self.uow.write(work)
        failpoints.reached("league.save_draw.after_commit")  # the faults tier kills here: stored, not yet answered
        return stored

    def prepare(self, competition_id: str, seed: int | None, key_seed: int | None) -> DrawPreparation:
        """What the solver needs for a first draw (SaveDraw checks the draw again): the main
        participants in registration order and the seed (``league.domain.commitment.draw_seed``: the
        committed one, else the organizer's ``seed``, else ``key_seed``)."""

        def work(repo: LeagueRepository) -> DrawPreparation:
            competition = find_competition(repo, competition_id)
            players = model.main_roster(repo.players(competition.id))
            chosen = draw_seed(committed_seed(repo, competition), seed, key_seed)
            return DrawPreparation(competition, model.draw_roster(players, redraw=False), players, chosen)

        return self.uow.read(work)

    def prepare_redraw(
        self,
        competition_id: str,
        played_rounds: int,
        reason: str,
        pins: tuple[redraw.RedrawPin, ...] = (),
        seed: int | None = None,
        key_seed: int | None = None,
    ) -> RedrawPreparation:
        """What the solver needs to redraw the published draw keeping ``played_rounds`` rounds: the
        redraw rules are checked here and again when the result is saved; the seed as a first draw's
        (:meth:`prepare`)."""
        reason = clean_text(reason, "reason")

        def work(repo: LeagueRepository) -> RedrawPreparation:
            competition = find_competition(repo, competition_id)
            redraw.check_redraw_request(competition.rounds, played_rounds, reason, pins)
            if not competition.published_draw_id:
                raise FailedPrecondition(
                    f"competition {competition.name!r} has no approved draw to redraw; draw and approve one first"
                )
            published = find_draw(repo, competition, competition.published_draw_id)
            players = repo.players(competition.id)
            roster = model.draw_roster(players, redraw=True)
            plan = redraw.plan_redraw(
                published.id,
                published.rounds,
                competition.rounds,
                played_rounds,
                reason,
                pins,
                [p.id for p in roster],
                [p.id for p in players],
            )
            chosen = draw_seed(committed_seed(repo, competition), seed, key_seed)
            kept = redraw_keeps_sit_outs(published.sitting_out, len(roster), competition.table_size)
            return RedrawPreparation(competition, plan, roster, players, chosen, kept)

        return self.uow.read(work)

    def approve(self, competition_id: str, draw_id: str) -> Draw:
        """Publishes a proposed draw; the draw it replaces and other open proposals are superseded."""
        competition_id, draw_id = require_id("competition_id", competition_id), require_id("draw_id", draw_id)

        def work(repo: LeagueRepository) -> Draw:
            competition = find_competition(repo, competition_id, for_update=True)
            draw = find_draw(repo, competition, draw_id)
            if draw.status is DrawStatus.APPROVED:
                return draw
            approved = model.approve(draw, self.clock())
            model.check_draw_matches_roster(draw, repo.players(competition.id))
            for other in repo.draw_headers(competition.id):  # statuses only, never the others' seats
                if other.id != draw.id and other.status is not DrawStatus.SUPERSEDED:
                    repo.update_draw_status(model.supersede(other))
            repo.update_draw_status(approved)
            repo.set_published_draw(competition.id, approved.id)
            failpoints.reached("league.approve_draw.before_commit")  # the faults tier kills the process here
            return approved

        approved = self.uow.write(work)
        failpoints.reached("league.approve_draw.after_commit")  # ... or here: stored, not yet answered
        return approved

    def get(self, competition_id: str, draw_id: str = "") -> Draw:
        competition_id = require_id("competition_id", competition_id)
        draw_id = clean_id(draw_id, "draw_id", required=False)

        def work(repo: LeagueRepository) -> Draw:
            competition = find_competition(repo, competition_id)
            if draw_id.strip():
                return find_draw(repo, competition, draw_id)
            if not competition.published_draw_id:
                raise FailedPrecondition.because("DRAW_NOT_APPROVED", competition=competition.name)
            return find_draw(repo, competition, competition.published_draw_id)

        return self.uow.read(work)

    def page(self, competition_id: str, page: Page) -> tuple[list[Draw], str]:
        """The competition's draws by version, one keyset page read by the database."""
        found = self.uow.read(lambda repo: repo.draw_page(find_competition(repo, competition_id).id, page.after, page.limit))
        return page.answer(found, lambda d: (d.version,))

    def list(self, competition_id: str) -> list[Draw]:
        return self.page(competition_id, WHOLE_LIST)[0]

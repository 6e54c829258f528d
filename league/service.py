"""League's use cases composed in one place: :class:`League` builds each resource's use cases
(``league/use_cases/``) over one unit of work and one clock, and hands each the others it needs."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from league.adapters.repository import LeagueRepository
from league.use_cases.brackets import Brackets
from league.use_cases.checkpoints import Checkpoints
from league.use_cases.common import now
from league.use_cases.competitions import Competitions
from league.use_cases.draws import Draws
from league.use_cases.playoffs import Playoffs
from league.use_cases.projections import Projections
from league.use_cases.records import Records
from league.use_cases.roster import Roster
from league.use_cases.rulesets import Rulesets
from league.use_cases.stages import Stages
from league.use_cases.standings import Standings, StandingsCache
from league.use_cases.trust import Trust
from rondo_runtime.transactions import UnitOfWork

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")


class League:
    """Every league use case, by resource: ``league.draws.save(...)``, ``league.records.correct(...)``.

    ``competitions``, ``roster`` (registration, withdrawal, disqualification, closing registration),
    ``draws``, ``records`` (results, corrections, player reports and their reviews), ``standings``
    (with their cache; tie decisions), ``rulesets`` (pinned versions), ``stages``, ``trust`` (the seed
    commitment and the certificate), ``projections`` (the question a projection asks), and the rulesets' own: ``brackets`` (the cup), ``playoffs`` (the
    mahjong playoff), ``checkpoints`` (Up&Down)."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime] = now):
        """``uow`` is wired in ``league/app.py`` (SQL) or by the service-layer tests (in memory)."""
        self.uow = uow
        self.clock = clock
        self.competitions = Competitions(uow, clock)
        self.rulesets = Rulesets(uow, clock)
        self.trust = Trust(uow, clock)
        self.draws = Draws(uow, clock)
        self.standings = Standings(uow, clock, StandingsCache())
        self.stages = Stages(uow, clock, self.standings)
        self.projections = Projections(uow, clock, self.standings, self.stages)
        self.roster = Roster(uow, clock, self.stages)
        self.records = Records(uow, clock, self.standings, self.stages)
        self.brackets = Brackets(uow, clock, self.stages)
        self.playoffs = Playoffs(uow, clock, self.standings, self.stages)
        self.checkpoints = Checkpoints(uow, clock)

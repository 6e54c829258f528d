"""Competitions: created with their ruleset pinned as version 1 (docs/rules.md
``mahjong.ruleset.pinned-with-versions``, ``draw.competition.ruleset-defaults``), read, listed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import model, pinning
from league.domain.model import Competition
from league.use_cases.common import find_competition, new_id, replayed, request_key
from league.use_cases.rulesets import pin_first_version
from rondo_runtime import idempotency
from rondo_runtime.paging import Key, Page, after_time, time_key
from rondo_runtime.text import clean_key
from rondo_runtime.transactions import UnitOfWork


def competition_key(c: Competition) -> Key:
    """Competitions are listed oldest first: by creation time, then id."""
    return time_key(c.created_at, c.id)


class Competitions:
    """Every competition."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime]):
        self.uow = uow
        self.clock = clock

    def create(
        self, name: str, ruleset: str, rounds: int, table_size: int, idempotency_key: str = "", ruleset_overrides: str = ""
    ) -> Competition:
        request = {"name": name, "ruleset": ruleset, "rounds": rounds, "table_size": table_size}
        if ruleset_overrides:
            request["ruleset_overrides"] = ruleset_overrides
        name, ruleset, rounds, table_size = model.validate_new_competition(name, ruleset, rounds, table_size)
        # The ruleset is pinned as version 1 (docs/rules.md mahjong.ruleset.pinned-with-versions).
        pinned = pinning.pinned_ruleset(
            ruleset, pinning.parse_overrides(ruleset_overrides, "ruleset_overrides"), "ruleset_overrides"
        )
        key = request_key("CreateCompetition", clean_key(idempotency_key), request)

        def work(repo: LeagueRepository) -> Competition:
            if done := replayed(repo, key):
                return find_competition(repo, done)
            competition = Competition(new_id(), name, ruleset, rounds, table_size, self.clock())
            repo.add_competition(competition)
            pin_first_version(repo, competition, *pinned)
            idempotency.remember(repo, key, competition.created_at, competition.id)
            return competition

        return self.uow.write(work)

    def get(self, competition_id: str) -> Competition:
        return self.uow.read(lambda repo: find_competition(repo, competition_id))

    def list(self, page: Page) -> tuple[list[Competition], str]:
        """Oldest first (creation time, then id), one keyset page (``rondo_runtime/paging.py``): page 500
        reads what page 1 reads."""
        after = after_time(page)
        found = self.uow.read(lambda repo: repo.competition_page(after, page.limit))
        return page.answer(found, competition_key)

"""A competition's ruleset pinned as versioned data (docs/rules.md ``mahjong.ruleset.pinned-with-versions``,
``updown.ruleset.*``): version 1 when the competition is created, each change a new version."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import pinning, records
from league.domain.model import Competition
from league.domain.pinning import RulesetVersion
from league.domain.updown import progress as updown_progress
from league.use_cases.common import MAX_AUTHOR_LENGTH, find_competition, request_key
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


def pin_first_version(repo: LeagueRepository, competition: Competition, name: str, data: dict) -> None:
    repo.add_ruleset_version(RulesetVersion(competition.id, 1, name, data, "", "", competition.created_at))


class Rulesets:
    """The pinned versions of a competition's ruleset."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime]):
        self.uow = uow
        self.clock = clock

    def change(
        self, competition_id: str, overrides_json: str, reason: str, changed_by: str, idempotency_key: str = ""
    ) -> RulesetVersion:
        """A new version of the competition's ruleset: the latest with ``overrides_json`` applied. After
        the start (the first draw approved) the reason is required."""
        request = {"competition_id": competition_id, "overrides_json": overrides_json, "reason": reason, "changed_by": changed_by}
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        try:
            overrides = pinning.parse_overrides(overrides_json, "overrides_json")
        except InvalidArgument as error:
            v.items.extend(error.violations)
            overrides = {}
        if not overrides and not v.items:
            v.add("overrides_json", "give the ruleset fields to change as a JSON object")
        reason = v.text("reason", reason, "", text_limits.MAX_REASON_LENGTH) if reason.strip() else ""
        changed_by = v.text("changed_by", changed_by, "say who changes the ruleset", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = request_key("ChangeRuleset", raw_key, request)

        def work(repo: LeagueRepository) -> RulesetVersion:
            competition = find_competition(repo, competition_id, for_update=True)
            versions = repo.ruleset_versions(competition.id)
            if done := idempotency.first_answer(repo, key):
                return next(x for x in versions if str(x.version) == done.resource_id)
            stages = repo.stages(competition.id)
            started = (
                "its draw is approved" if competition.published_draw_id else "its first stage is generated" if stages else ""
            )
            pinning.check_change_reason(bool(started), reason, started)
            latest = versions[-1].data if versions else None
            if competition.ruleset in pinning.DIVISIONS:
                if not latest and stages:  # the division stage 1 was generated with (fitted to the field)
                    latest = dict(updown_progress.ruleset_data(updown_progress.ruleset_of(stages[0])))
                name, data = pinning.pinned_ruleset(competition.ruleset, overrides, "overrides_json", latest)
                updown_progress.check_division_change(updown_progress.division_from(data), stages)
            else:
                name, data = pinning.pinned_ruleset(competition.ruleset, overrides, "overrides_json", latest)
                records.ruleset_for(
                    competition.ruleset, competition.rounds, competition.table_size, pinning.ruleset_from_data(data)
                )
            version = RulesetVersion(
                competition.id, (versions[-1].version if versions else 0) + 1, name, data, reason, changed_by, self.clock()
            )
            repo.add_ruleset_version(version)
            idempotency.remember(repo, key, version.at, str(version.version))
            return version

        return self.uow.write(work)

    def versions(self, competition_id: str) -> list[RulesetVersion]:
        return self.version_page(competition_id, WHOLE_LIST)[0]

    def version_page(self, competition_id: str, page: Page) -> tuple[list[RulesetVersion], str]:
        """The versions of the competition's ruleset, oldest first, one keyset page read by the database."""
        found = self.uow.read(
            lambda repo: repo.ruleset_version_page(find_competition(repo, competition_id).id, page.after, page.limit)
        )
        return page.answer(found, lambda v: (v.version,))

"""No player plays two placed matches at once (a 1-vs-1 round where a player has two games; in a
mahjong round every player has one match and this adds nothing)."""

from __future__ import annotations

from collections import defaultdict

from solver.domain.schedule.cpsat.model import ScheduleModel


def add(model: ScheduleModel) -> None:
    matches_of: dict[str, list[int]] = defaultdict(list)
    for m, match in enumerate(model.problem.matches):
        for player in match.players:
            matches_of[player].append(m)
    for matches in matches_of.values():
        if len(matches) > 1:
            model.at_most_one_at_each_start(i for m in matches for i in model.by_match.get(m, ()))

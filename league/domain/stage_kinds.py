"""Which rules check a result recorded in a stage of each kind (``league.domain.stages``).

A check gets the stage, the match's round and table, its seats, the contents of its current records
(without the one being corrected) and the new content; it raises ``InvalidArgument`` naming the
request's field, or ``FailedPrecondition``, and returns nothing. Each competition's module registers
its stage kinds here, so the service records every stage's results through one path. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rondo_runtime.errors import FailedPrecondition

from .records import Content
from .stages import Stage, Table

ResultCheck = Callable[[Stage, int, int, Table, Sequence[Content], Content], None]

#: kind -> the check of a new result in a stage of that kind
RESULT_CHECKS: dict[str, ResultCheck] = {}


def check_stage_result(stage: Stage, round_no: int, table: int, seats: Table, live: Sequence[Content], new: Content) -> None:
    check = RESULT_CHECKS.get(stage.kind)
    if check is None:
        raise FailedPrecondition(f"stage {stage.number} ({stage.name}) is of kind {stage.kind!r}, which takes no results")
    check(stage, round_no, table, seats, live, new)

"""Input validation of a draw problem, and a solver-free check of any draw (docs/rules.md,
``mahjong.roster.multiple-of-table-size``,
"Draw").

``validate_problem`` raises ``InvalidArgument`` listing ALL bad fields at once, with the request's
field paths (``players[3].id``, ``separations[0].player_ids``, ...). ``check_draw`` returns the
human-readable problems of a draw (empty = valid) and never needs a solver.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rondo_runtime.validation import Violations
from solver.domain.capacity import check_draw_capacity
from solver.domain.draw.problem import Draw, DrawProblem, PlayerId
from solver.domain.draw.sit_outs import sit_out_count, sit_out_count_problem, sit_out_problems, sitting_out
from solver.domain.draw.work import MAX_CPSAT_SECONDS_PER_UNIT, MAX_WORK_BUDGET

MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 8


@dataclass(frozen=True)
class RosterAdjustment:
    """What the organizer may do when N is not a multiple of the table size (``mahjong.roster.multiple-of-table-size``):
    add ``reserves_needed`` players from the reserve, or drop the ``drop_count`` last-registered
    applicants, ``dropped_ids`` (in registration order). Both zero when the roster already fits."""

    remainder: int
    reserves_needed: int
    drop_count: int
    dropped_ids: tuple[PlayerId, ...]

    @property
    def fits(self) -> bool:
        return self.remainder == 0

    def describe(self, table_size: int) -> str:
        if self.fits:
            return "the roster is a multiple of the table size"
        options = (
            f"add {self.reserves_needed} reserve player(s) to reach a multiple of {table_size}, or "
            f"drop the {self.drop_count} last-registered player(s): {', '.join(self.dropped_ids)}"
        )
        return (
            f"the main roster must be a multiple of {table_size} players (remainder {self.remainder}); "
            f"the organizer decides: {options}"
        )


def roster_adjustment(players: Sequence[PlayerId], table_size: int) -> RosterAdjustment:
    """Roster arithmetic (``mahjong.roster.multiple-of-table-size``): players are in registration order, so the ones dropped are
    the last ``N % k`` registered; the alternative is ``k - N % k`` reserves."""
    remainder = len(players) % table_size
    if remainder == 0:
        return RosterAdjustment(0, 0, 0, ())
    return RosterAdjustment(
        remainder=remainder,
        reserves_needed=table_size - remainder,
        drop_count=remainder,
        dropped_ids=tuple(players[-remainder:]),
    )


def round_problems(round_: object, players: Sequence[PlayerId], table_size: int, label: str, sitting_out: int = 0) -> list[str]:
    """Problems of one round: every roster player exactly once, N / k tables of exactly k players; with
    sit-outs (``draw.sit-out.*``) all but ``sitting_out`` of them, at (N - sitting_out) / k tables."""
    problems: list[str] = []
    if not isinstance(round_, Sequence) or isinstance(round_, str):
        return [f"{label} is not a list of tables"]
    seen: Counter[object] = Counter()
    for index, table in enumerate(round_):
        if not isinstance(table, Sequence) or isinstance(table, str):
            problems.append(f"{label} table {index} is not a list of players")
            continue
        if len(table) != table_size:
            problems.append(f"{label} table {index} has {len(table)} players, expected {table_size}")
        seen.update(table)
    expected_tables = (len(players) - sitting_out) // table_size if table_size > 0 else 0
    if len(round_) != expected_tables:
        problems.append(f"{label} has {len(round_)} tables, expected {expected_tables}")
    roster = set(players)
    unknown = sorted(str(p) for p in seen if p not in roster)
    if unknown:
        problems.append(f"{label} seats players not in the roster: {', '.join(unknown)}")
    twice = sorted(str(p) for p, c in seen.items() if c > 1 and p in roster)
    if twice:
        problems.append(f"{label} seats players more than once: {', '.join(twice)}")
    missing = [p for p in players if p not in seen]
    if len(missing) != sitting_out:
        expected = f" ({sitting_out} sit out each round)" if sitting_out else ""
        problems.append(f"{label} leaves out: {', '.join(missing) or 'nobody'}{expected}")
    return problems


def validate_problem(problem: DrawProblem) -> None:
    """Raise ``InvalidArgument`` with every violation; return None for a valid problem."""
    check_draw_capacity(problem)  # sizes first, before walking anything (solver/domain/capacity.py)
    v = Violations()
    players = tuple(problem.players)
    k = problem.table_size
    n = len(players)
    k_ok = isinstance(k, int) and MIN_TABLE_SIZE <= k <= MAX_TABLE_SIZE
    if not k_ok:
        v.add("table_size", f"table size must be between {MIN_TABLE_SIZE} and {MAX_TABLE_SIZE}, got {k}")
    rounds_ok = isinstance(problem.rounds, int) and problem.rounds >= 1
    if not rounds_ok:
        v.add("rounds", f"at least 1 round is needed, got {problem.rounds}")

    # Roster: size, then ids.
    sit_out_ok = _check_sit_out(problem, v, k_ok)
    if k_ok and problem.sit_out is None:  # with sit-outs, the count says whether the roster fits
        if n < k:
            v.add("players", f"at least {k} players are needed for one table of {k}, got {n}")
        elif n % k != 0:
            adjustment = roster_adjustment([str(p) for p in players], k)
            v.add("players", f"{n} players: " + adjustment.describe(k))
    elif n < MIN_TABLE_SIZE:
        v.add("players", f"at least {MIN_TABLE_SIZE} players are needed, got {n}")
    first_index: dict[PlayerId, int] = {}
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player.strip():
            v.add(f"players[{i}].id", "player id must be a non-empty string")
        elif player in first_index:
            v.add(f"players[{i}].id", f"duplicate player id {player!r} (also players[{first_index[player]}])")
        else:
            first_index[player] = i
    roster = set(first_index)
    tables = problem.tables_per_round if k_ok and sit_out_ok else 0  # a club night: fewer tables
    rounds = problem.rounds if rounds_ok else 0

    for i, separation in enumerate(problem.separations):
        members = tuple(separation.players)
        unknown = [str(p) for p in members if p not in roster]
        if unknown:
            v.add(f"separations[{i}].player_ids", f"unknown player id(s): {', '.join(unknown)}")
        if len(set(members)) < 2:
            v.add(f"separations[{i}].player_ids", "a separation needs at least 2 different players")
        elif len(set(members)) != len(members):
            v.add(f"separations[{i}].player_ids", "a player is listed twice")
        if separation.weight is not None and (not isinstance(separation.weight, int) or separation.weight <= 0):
            v.add(
                f"separations[{i}].weight",
                f"weight must be a positive integer (or absent for a hard separation), got {separation.weight}",
            )

    for i, pin in enumerate(problem.pins):
        if pin.player not in roster:
            v.add(f"pins[{i}].player_id", f"unknown player id {pin.player!r}")
        if not isinstance(pin.round, int) or pin.round < 0 or (rounds_ok and pin.round >= rounds):
            v.add(f"pins[{i}].round", f"round must be in 0..{rounds - 1}, got {pin.round}")
        if not isinstance(pin.table, int) or pin.table < 0 or (tables > 0 and pin.table >= tables):
            v.add(f"pins[{i}].table", f"table must be in 0..{tables - 1}, got {pin.table}")

    fixed = problem.fixed_rounds
    if rounds_ok and len(fixed) > rounds:
        v.add("fixed_rounds", f"{len(fixed)} fixed rounds but only {rounds} rounds")
    if k_ok and n >= k and n % k == 0 and sit_out_ok:
        for r, round_ in enumerate(fixed):
            for problem_text in round_problems(round_, players, k, f"fixed round {r}"):
                v.add("fixed_rounds", problem_text + " (a fixed round must be a valid round of this roster)")

    if problem.previous is not None:
        v_previous = _previous_problems(problem.previous, problem.rounds if rounds_ok else None, k if k_ok else None)
        for text in v_previous:
            v.add("previous", text)

    for text in _history_problems(problem.history):
        v.add("history", text)

    limit = problem.time_limit_s
    if not isinstance(limit, (int, float)) or math.isnan(limit) or limit <= 0:
        v.add("time_limit_seconds", f"time limit must be positive, got {limit}")
    work = problem.work_budget
    if not isinstance(work, int) or work < 0 or work > MAX_WORK_BUDGET:
        v.add("work_budget", f"must be between 0 (the default for the time budget) and {MAX_WORK_BUDGET} work units, got {work}")
    exchange = problem.cpsat_seconds_per_unit
    if not isinstance(exchange, (int, float)) or not 0 <= exchange <= MAX_CPSAT_SECONDS_PER_UNIT:  # NaN fails too
        v.add(
            "cpsat_deterministic_seconds_per_unit",
            f"must be between 0 (the reference exchange) and {MAX_CPSAT_SECONDS_PER_UNIT:g} CP-SAT deterministic seconds "
            f"per work unit, got {exchange}",
        )
    v.raise_if_any()


# A club night takes pins (docs/rules.md draw.sit-out.pins-play), seat balance (draw.sit-out.seat-balance-counts-games)
# and a redraw's history and previous draw (draw.sit-out.redraw-counts-the-evening): a redraw sends the played
# rounds as history, never as fixed rounds.
SIT_OUT_EXCLUSIVE = ("fixed_rounds",)


def _check_sit_out(problem: DrawProblem, v: Violations, k_ok: bool) -> bool:
    """The sit-out option (``draw.sit-out.*``): a count that leaves whole tables, and not the option a
    sit-out draw does not take (fixed rounds: a redraw sends the played rounds as history)."""
    requested = problem.sit_out
    if requested is None:
        return True
    ok = True
    if not isinstance(requested, int) or isinstance(requested, bool):
        v.add("sit_out.per_round", f"must be a whole number, got {requested!r}")
        return False
    if requested < 0:
        v.add("sit_out.per_round", sit_out_count_problem(0, 1, requested) or "", "SIT_OUT_COUNT_NEGATIVE", value=requested)
        ok = False
    elif k_ok:
        reason = sit_out_count_problem(len(problem.players), problem.table_size, requested)
        if reason is not None:
            count = sit_out_count(len(problem.players), problem.table_size, requested)
            n = len(problem.players)
            v.add(
                "sit_out.per_round",
                reason,
                "SIT_OUT_COUNT_INVALID",
                count=count,
                players=n,
                playing=n - count,
                table_size=problem.table_size,
            )
            ok = False
    for option in SIT_OUT_EXCLUSIVE:
        if getattr(problem, option):
            v.add(option, f"a draw with sit-outs does not take {option}", "SIT_OUT_NOT_COMBINABLE", option=option)
            ok = False
    return ok


def _previous_problems(previous: object, rounds: int | None, k: int | None) -> list[str]:
    """The draw being replaced: one entry per round, tables of k, nobody twice in a round. Its ids may
    include players who have since left the roster (withdrawals)."""
    if not isinstance(previous, Sequence) or isinstance(previous, str):
        return ["the previous draw must be a list of rounds"]
    problems = []
    if rounds is not None and len(previous) != rounds:
        problems.append(f"the previous draw has {len(previous)} rounds, expected {rounds}")
    for r, round_ in enumerate(previous):
        if not isinstance(round_, Sequence) or isinstance(round_, str):
            problems.append(f"previous round {r} is not a list of tables")
            continue
        seen: Counter[object] = Counter()
        for table in round_:
            if not isinstance(table, Sequence) or isinstance(table, str):
                problems.append(f"previous round {r} has a table that is not a list of players")
                continue
            if k is not None and len(table) != k:
                problems.append(f"previous round {r} has a table of {len(table)} players, expected {k}")
            seen.update(table)
        twice = sorted(str(p) for p, c in seen.items() if c > 1)
        if twice:
            problems.append(f"previous round {r} seats players more than once: {', '.join(twice)}")
    return problems


def _history_problems(history: object) -> list[str]:
    """Rounds played before the draw (not part of it): rounds of tables of 1 to MAX_TABLE_SIZE player
    ids, nobody twice in a round. Its players need not be in the roster (those who left count in
    what they played); one problem is enough per round."""
    if not isinstance(history, Sequence) or isinstance(history, str):
        return ["the history must be a list of rounds"]
    problems = []
    for r, round_ in enumerate(history):
        if not isinstance(round_, Sequence) or isinstance(round_, str) or not round_:
            problems.append(f"history round {r} must be a non-empty list of tables")
            continue
        seen: Counter[object] = Counter()
        for index, table in enumerate(round_):
            if not isinstance(table, Sequence) or isinstance(table, str) or not 1 <= len(table) <= MAX_TABLE_SIZE:
                problems.append(f"history round {r} table {index} must have 1 to {MAX_TABLE_SIZE} players")
                break
            if any(not isinstance(p, str) or not p.strip() for p in table):
                problems.append(f"history round {r} table {index} has an empty player id")
                break
            seen.update(table)
        else:
            twice = sorted(str(p) for p, c in seen.items() if c > 1)
            if twice:
                problems.append(f"history round {r} seats players more than once: {', '.join(twice[:5])}")
    return problems


def check_draw(problem: DrawProblem, draw: Draw) -> list[str]:
    """Every problem of ``draw`` for ``problem`` in words (empty list = valid), no solver needed:
    right number of rounds; every roster player exactly once a round at one of N/k tables of k; hard
    separations respected; pins respected; fixed rounds unchanged (same players at each table number;
    the seat order inside a table is not compared)."""
    players = tuple(problem.players)
    k = problem.table_size
    problems: list[str] = []
    if not isinstance(draw, Sequence) or isinstance(draw, str):
        return ["the draw is not a list of rounds"]
    if len(draw) != problem.rounds:
        problems.append(f"the draw has {len(draw)} rounds, expected {problem.rounds}")
    well_formed: list[bool] = []
    for r, round_ in enumerate(draw):
        round_issues = round_problems(round_, players, k, f"round {r}", problem.sitting_out)
        problems.extend(round_issues)
        well_formed.append(not round_issues)
    if problem.sitting_out and all(well_formed):
        served = sitting_out(players, problem.history)  # a redraw: the evening's played rounds count
        problems.extend(sit_out_problems(players, sitting_out(players, draw), problem.sitting_out, served))

    def seat_of(r: int) -> dict[PlayerId, int]:
        return {p: index for index, table in enumerate(draw[r]) for p in table}

    seats = [seat_of(r) if ok else None for r, ok in enumerate(well_formed)]

    for i, separation in enumerate(problem.separations):
        if separation.weight is not None:
            continue
        members = list(dict.fromkeys(separation.players))
        for r, where in enumerate(seats):
            if where is None:
                continue
            by_table: dict[int, list[PlayerId]] = {}
            for p in members:
                if p in where:
                    by_table.setdefault(where[p], []).append(p)
            for table, together in sorted(by_table.items()):
                if len(together) > 1:
                    problems.append(f"separations[{i}]: {', '.join(together)} share table {table} in round {r}")

    for i, pin in enumerate(problem.pins):
        if not (isinstance(pin.round, int) and 0 <= pin.round < len(seats)):
            continue
        pinned_round = seats[pin.round]
        if pinned_round is None:
            continue
        actual = pinned_round.get(pin.player)
        if actual != pin.table:
            problems.append(f"pins[{i}]: {pin.player} must sit at table {pin.table} in round {pin.round}, sits at {actual}")

    for r, fixed_round in enumerate(problem.fixed_rounds):
        if r >= len(draw):
            problems.append(f"fixed round {r} is missing")
            continue
        try:
            same = len(fixed_round) == len(draw[r]) and all(set(a) == set(b) for a, b in zip(fixed_round, draw[r]))
        except TypeError:
            same = False
        if not same:
            problems.append(f"round {r} is a fixed (played) round and was changed")
    return problems

"""Rondo's capacity: the largest request the solver takes, checked before any work.

Every size in a solver request is bounded here, in one place, so that a request is either answered
within its time budget and fits in one gRPC message, or refused at once with ``INVALID_ARGUMENT``
naming the field and stating the limit (README "Capacity" lists the same figures). The limits are
generous for a game club (a league of 10 000 players, 100 rounds) and small enough that the set-up of
the largest allowed draw (constructions, bounds, local-search state) takes about a second and a few
hundred MB, measured on the engine: a draw of 10 000 x 10 or 1 000 x 100 finishes in under 1.5 s.

Pure: counts in, ``InvalidArgument`` out; no protobuf, no I/O. The checks look at sizes only, never
walk anything large, so they cost nothing next to the work they guard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rondo_runtime.capacity import (  # the numbers every service shares (league checks them too)
    MAX_MESSAGE_BYTES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TABLE_SIZE,
    MIN_TABLE_SIZE,
)
from rondo_runtime.validation import Violations

# ------------------------------------------------------------------------------------ table draws
# MAX_PLAYERS, MAX_ROUNDS, MIN/MAX_TABLE_SIZE and MAX_SEATS (players x rounds: 10 000 x 10, 1 000 x 100)
# come from rondo_runtime.capacity.
MAX_PINS = MAX_SEATS  # a pin is one player in one round
MAX_SEPARATIONS = 1_000
MAX_SEPARATION_SIZE = 64
#: players listed over all separations together (bounds the pairs the search must watch)
MAX_SEPARATION_MEMBERS = 10_000
MIN_SEPARATION_WEIGHT = 1
MAX_SEPARATION_WEIGHT = 1_000
#: seats in ``fixed_rounds``, ``previous`` and ``history`` (each a draw of at most MAX_ROUNDS rounds)
MAX_GIVEN_SEATS = MAX_SEATS
MAX_ID_LENGTH = 200  # characters of one player id

# ------------------------------------------------------------------------ round auto-scheduler
MAX_SCHEDULE_MATCHES = 512  # matches of one round (a 2 048-player mahjong round, or a 1 024-player 1-vs-1 one)
MAX_SCHEDULE_PLAYERS = 8  # players of one match (booking's limit)
MAX_SCHEDULE_ROOMS = 64
MAX_SCHEDULE_CANDIDATES = 400  # candidate intervals of one match (booking answers at most 200 per room set)
MAX_SCHEDULE_CANDIDATE_ROOMS = MAX_SCHEDULE_ROOMS
MAX_SCHEDULE_LENGTH_MINUTES = 24 * 60
MIN_SCHEDULE_STEP_MINUTES = 5
MAX_SCHEDULE_STEP_MINUTES = 24 * 60
MAX_SCHEDULE_PENALTY = 62 * 24 * 60  # the longest play window, in minutes
#: (match, start, room) options over the whole round: the CP-SAT model has one Boolean each (measured:
#: 100 000 options build and solve in a few seconds and well under the worker's memory).
MAX_SCHEDULE_OPTIONS = 100_000

# ----------------------------------------------------------------------------------- answer size
#: What every Rondo server and channel accepts in one message (``rondo_runtime.capacity``: large enough
#: for the largest draw within capacity). An answer estimated above ``MAX_ANSWER_BYTES`` (e.g. a draw
#: of very long player ids) is refused up front instead of failing after the work with "Received
#: message larger than max" (which looks retryable but never succeeds).
GRPC_MAX_MESSAGE_BYTES = MAX_MESSAGE_BYTES
ANSWER_SLACK_BYTES = 64 * 1024  # objective, notes, conflicts, explanation lines
MAX_ANSWER_BYTES = GRPC_MAX_MESSAGE_BYTES - ANSWER_SLACK_BYTES


def _varint_size(n: int) -> int:
    size = 1
    while n >= 0x80:
        n >>= 7
        size += 1
    return size


def _string_field_size(text: str) -> int:
    """Bytes of one ``string`` field on the wire: tag, length, UTF-8."""
    length = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else 0
    return 1 + _varint_size(length) + length


def _message_field_size(payload: int) -> int:
    return 1 + _varint_size(payload) + payload


def draw_answer_bytes(players: Sequence[str], rounds: int, table_size: int, with_diff: bool = False) -> int:
    """Upper estimate of a DrawTables answer's size: every player once per round, in tables of
    ``table_size``, rounds of tables; a redraw's ``diff`` may list every player once per round again."""
    ids = sum(_string_field_size(p) for p in players)
    tables = len(players) // table_size if table_size > 0 else len(players)
    per_table = -(-ids // max(tables, 1))
    round_payload = tables * _message_field_size(per_table)
    per_round = _message_field_size(round_payload)
    if with_diff:
        per_round += _message_field_size(ids + 8)
    return rounds * per_round + ANSWER_SLACK_BYTES


def _at_most(v: Violations, field: str, count: int, limit: int, what: str) -> bool:
    if count > limit:
        v.add(field, f"at most {limit:,} {what} (Rondo's capacity), got {count:,}".replace(",", " "))
        return False
    return True


def _long_ids(v: Violations, field: str, ids: Iterable[object]) -> None:
    for i, p in enumerate(ids):
        if isinstance(p, str) and len(p) > MAX_ID_LENGTH:
            v.add(f"{field}[{i}]", f"an id has at most {MAX_ID_LENGTH} characters, got {len(p)}")
            return  # one is enough to say what is wrong


def draw_capacity_violations(problem) -> Violations:
    """Violations of the capacity by a ``DrawProblem`` (duck-typed: only sizes are read)."""
    v = Violations()
    players = problem.players
    n = len(players)
    rounds, k = problem.rounds, problem.table_size
    players_ok = _at_most(v, "players", n, MAX_PLAYERS, "players")
    _long_ids(v, "players", players)
    rounds_ok = isinstance(rounds, int) and not isinstance(rounds, bool)
    if rounds_ok and rounds > MAX_ROUNDS:
        v.add("rounds", f"at most {MAX_ROUNDS} rounds (Rondo's capacity), got {rounds}")
        rounds_ok = False
    k_ok = isinstance(k, int) and MIN_TABLE_SIZE <= k <= MAX_TABLE_SIZE  # else validate_problem says so
    if players_ok and rounds_ok and rounds > 0 and n * rounds > MAX_SEATS:
        v.add(
            "rounds",
            f"players x rounds is at most {MAX_SEATS:,} (Rondo's capacity), got {n} x {rounds} = {n * rounds:,}; "
            f"with {n} players at most {MAX_SEATS // max(n, 1)} rounds".replace(",", " "),
        )
        rounds_ok = False
    _at_most(v, "pins", len(problem.pins), MAX_PINS, "pins")
    if _at_most(v, "separations", len(problem.separations), MAX_SEPARATIONS, "separations"):
        members = 0
        for i, separation in enumerate(problem.separations):
            size = len(separation.players)
            members += size
            _at_most(v, f"separations[{i}].player_ids", size, MAX_SEPARATION_SIZE, "players in one separation")
            weight = separation.weight
            if weight is not None and (
                not isinstance(weight, int) or not MIN_SEPARATION_WEIGHT <= weight <= MAX_SEPARATION_WEIGHT
            ):
                v.add(
                    f"separations[{i}].weight",
                    f"weight must be between {MIN_SEPARATION_WEIGHT} and {MAX_SEPARATION_WEIGHT} "
                    f"(or 0 / absent for a hard separation), got {weight}",
                )
        _at_most(v, "separations", members, MAX_SEPARATION_MEMBERS, "players over all separations")
    given_rounds = (
        ("fixed_rounds", problem.fixed_rounds),
        ("previous", problem.previous or ()),
        ("history", getattr(problem, "history", ())),  # played rounds before a redraw (P2-C)
    )
    for field, given in given_rounds:
        if _at_most(v, field, len(given), MAX_ROUNDS, "rounds"):
            seats = sum(len(table) for round_ in given for table in round_)
            _at_most(v, field, seats, MAX_GIVEN_SEATS, "seats")
    if not v and k_ok and rounds_ok and rounds > 0:
        size = draw_answer_bytes(players, rounds, k)  # a redraw's diff is dropped if it does not fit
        if size > MAX_ANSWER_BYTES:
            v.add(
                "players",
                f"the draw would be about {size / 2**20:.1f} MiB, more than the {GRPC_MAX_MESSAGE_BYTES // 2**20} MiB "
                "a gRPC answer may have; use fewer rounds or shorter player ids",
            )
    return v


def count_starts(candidate, length_minutes: int, step_minutes: int) -> int:
    """Exactly how many starts ``solver.domain.schedule.starts.starts_in`` gives a match of
    ``length_minutes`` in ``candidate`` (its own start, then the grid of ``step_minutes`` from the
    Unix epoch up to the latest start that fits), by arithmetic: never walks the grid."""
    if step_minutes <= 0 or length_minutes <= 0 or candidate.end <= candidate.start:
        return 0
    start = candidate.start.timestamp()
    latest = candidate.end.timestamp() - 60 * length_minutes
    if latest < start:
        return 0
    step = 60 * step_minutes
    first = (start // step + 1) * step  # the first grid instant after the candidate's own start
    return 1 + (0 if first > latest else int((latest - first) // step) + 1)


def schedule_capacity_violations(problem) -> Violations:
    """Violations of the capacity by a ``ScheduleProblem`` (duck-typed; sizes and arithmetic only:
    the options are counted per candidate, never enumerated)."""
    v = Violations()
    _at_most(v, "room_ids", len(problem.room_ids), MAX_SCHEDULE_ROOMS, "rooms")
    _long_ids(v, "room_ids", problem.room_ids)
    if not _at_most(v, "matches", len(problem.matches), MAX_SCHEDULE_MATCHES, "matches"):
        return v
    _long_ids(v, "matches", (m.id for m in problem.matches))
    step = problem.step_minutes
    options = 0
    for i, match in enumerate(problem.matches):
        _at_most(v, f"matches[{i}].player_ids", len(match.players), MAX_SCHEDULE_PLAYERS, "players in one match")
        _long_ids(v, f"matches[{i}].player_ids", match.players)
        if not _at_most(v, f"matches[{i}].candidates", len(match.candidates), MAX_SCHEDULE_CANDIDATES, "candidate intervals"):
            continue
        for j, candidate in enumerate(match.candidates):
            if _at_most(
                v, f"matches[{i}].candidates[{j}].room_ids", len(candidate.room_ids), MAX_SCHEDULE_CANDIDATE_ROOMS, "rooms"
            ):
                if isinstance(step, int) and MIN_SCHEDULE_STEP_MINUTES <= step and isinstance(match.length_minutes, int):
                    try:
                        options += count_starts(candidate, match.length_minutes, step) * len(candidate.room_ids)
                    except TypeError:  # a start or end missing: validate_problem names it
                        pass
    if not v and options > MAX_SCHEDULE_OPTIONS:
        v.add(
            "matches",
            f"at most {MAX_SCHEDULE_OPTIONS:,} (match, start, room) options (Rondo's capacity), got {options:,}; "
            "use a longer start_step_minutes or schedule fewer matches at once".replace(",", " "),
        )
    return v


def check_draw_capacity(problem) -> None:
    """Raise ``InvalidArgument`` when a draw problem exceeds Rondo's capacity (see the module doc)."""
    draw_capacity_violations(problem).raise_if_any()

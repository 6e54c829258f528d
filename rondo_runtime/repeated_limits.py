"""How many entries each repeated field of a request may have: one table for every service, checked at
the edge before any validation (``rondo_runtime.grpc_errors.ErrorMappingInterceptor``).

Validators then see bounded lists: a ``RecordHanchan`` with 20 000 extra ``scores`` is refused at once
with INVALID_ARGUMENT naming ``hanchan.scores`` and the limit, instead of costing league seconds of CPU.
Every repeated field (and map) that any request of a Rondo service can carry has a row here: Rondo's
capacity for what the list holds (``rondo_runtime.capacity``, the solver's per-request limits), and the
edge refuses more than ``HEADROOM`` times that. Near the capacity the services' own checks answer, and
they say more ("needs one final score per player at the table (4), got 9", "at most 10 000 players
(Rondo's capacity)"); far beyond it nothing is validated at all. ``tests/faults/test_repeated_limits.py``
checks that no field is missing.

:func:`repeated_field_violations` walks a request by its descriptor: linear in the message's size.
"""

from __future__ import annotations

from functools import cache

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from rondo_runtime.capacity import MAX_PLAYERS, MAX_ROUNDS, MAX_SEATS, MAX_TABLE_SIZE
from rondo_runtime.errors import FieldViolation, InvalidArgument

AT_A_TABLE = MAX_TABLE_SIZE  # a table's players, a hanchan's scores and chombo
ROSTER = MAX_PLAYERS  # players of one competition, or anything with one entry per player or per match
TABLES_IN_A_ROUND = MAX_PLAYERS // 2  # tables of two
SEPARATIONS = 1_000  # solver/domain/capacity.py MAX_SEPARATIONS
SEPARATION_SIZE = 64  # solver/domain/capacity.py MAX_SEPARATION_SIZE
SMALL = 64  # rooms, titles, playoff groups, update-mask paths, event kinds (at most 32)
DAYS = 366  # days of a mediation request or answer
HANCHANS = 100  # hanchan numbers of one meeting
INTERVALS = 1_000  # availability intervals, opening-hours windows, candidates of one match
PROJECTED = 2_000  # ranked players of one projection (league.use_cases.projections.MAX_PROJECTED_PLAYERS)
MATCHES_LEFT = 20_000  # matches left in one projection (solver/grpc_api.py MAX_REMAINING_MATCHES)
PAIRS_MET = 100_000  # (player, opponent) pairs with points in one Up&Down group's stage
CLUBS = 5_000  # clubs one organizer holds (ListClubs' ids; booking.use_cases.clubs.MAX_LISTED_CLUBS is the edge's 10 000)
DEFAULT = 1_000  # a field missing from the table (a test keeps every Rondo field in it)
HEADROOM = 2

#: full proto field name -> the capacity of that list (the edge refuses more than HEADROOM times it).
CAPACITY: dict[str, int] = {
    "google.protobuf.FieldMask.paths": SMALL,
    # public, and the internal services' requests made of public messages
    "rondo.gateway.v1.Account.players": ROSTER,
    "rondo.gateway.v1.AnswerMediationRequest.days": DAYS,
    "rondo.gateway.v1.AssignMeetingRequest.hanchans": HANCHANS,
    "rondo.gateway.v1.DecideTieRequest.player_ids": ROSTER,
    "rondo.gateway.v1.DrawCompetitionRequest.pins": MAX_SEATS,
    "rondo.gateway.v1.DrawCompetitionRequest.separations": SEPARATIONS,
    "rondo.gateway.v1.GetProjectionsRequest.player_ids": PROJECTED,
    "rondo.gateway.v1.HanchanResult.chombo": AT_A_TABLE,
    "rondo.gateway.v1.HanchanResult.scores": AT_A_TABLE,
    "rondo.gateway.v1.ListEventsRequest.kinds": SMALL,
    "rondo.gateway.v1.OpeningHours.windows": INTERVALS,
    "rondo.gateway.v1.ProposeMeetingRequest.hanchans": HANCHANS,
    "rondo.gateway.v1.RecordMediatedGameRequest.absent_player_ids": AT_A_TABLE,
    "rondo.gateway.v1.RedrawRequest.pins": MAX_SEATS,
    "rondo.gateway.v1.RedrawRequest.separations": SEPARATIONS,
    "rondo.gateway.v1.RequestMediationRequest.days": DAYS,
    "rondo.gateway.v1.Round.tables": TABLES_IN_A_ROUND,
    "rondo.gateway.v1.Separation.player_ids": SEPARATION_SIZE,
    "rondo.gateway.v1.SetAvailabilityRequest.intervals": INTERVALS,
    "rondo.gateway.v1.Table.player_ids": AT_A_TABLE,
    "rondo.gateway.v1.WatchEventsRequest.kinds": SMALL,
    # league
    "rondo.league.v1.DrawOptions.pins": MAX_SEATS,
    "rondo.league.v1.DrawOptions.separations": SEPARATIONS,
    "rondo.league.v1.PrepareProjectionsRequest.player_ids": PROJECTED,
    "rondo.league.v1.SaveDrawRequest.rounds": MAX_ROUNDS,
    "rondo.league.v1.SaveStageRequest.rounds": MAX_ROUNDS,
    # solver
    "rondo.solver.v1.DrawTablesRequest.fixed_rounds": MAX_ROUNDS,
    "rondo.solver.v1.DrawTablesRequest.history": MAX_ROUNDS,
    "rondo.solver.v1.DrawTablesRequest.pins": MAX_SEATS,
    "rondo.solver.v1.DrawTablesRequest.players": ROSTER,
    "rondo.solver.v1.DrawTablesRequest.previous": MAX_ROUNDS,
    "rondo.solver.v1.DrawTablesRequest.separations": SEPARATIONS,
    "rondo.solver.v1.MahjongProjectionProblem.hanchan_uma": AT_A_TABLE,
    "rondo.solver.v1.MahjongProjectionProblem.match_uma": AT_A_TABLE,
    "rondo.solver.v1.MahjongProjectionProblem.remaining": MATCHES_LEFT,
    "rondo.solver.v1.MahjongProjectionProblem.standings": PROJECTED,
    "rondo.solver.v1.MahjongProjectionProblem.tie_breaks": SMALL,
    "rondo.solver.v1.ProjectStandingsRequest.cuts": SMALL,
    "rondo.solver.v1.UpDownProjectionProblem.standings": PROJECTED,
    "rondo.solver.v1.UpDownProjectionProblem.scored": PAIRS_MET,
    "rondo.solver.v1.UpDownProjectionProblem.remaining": MATCHES_LEFT,
    "rondo.solver.v1.CupProjectionProblem.standings": PROJECTED,
    "rondo.solver.v1.ProjectStandingsRequest.player_ids": PROJECTED,
    "rondo.solver.v1.ProposeRoundScheduleRequest.matches": ROSTER,
    "rondo.solver.v1.ProposeRoundScheduleRequest.room_ids": SMALL,
    "rondo.solver.v1.RemainingMahjongMatch.carried": AT_A_TABLE,
    "rondo.solver.v1.RemainingMahjongMatch.player_ids": AT_A_TABLE,
    "rondo.solver.v1.ScheduleCandidate.room_ids": SMALL,
    "rondo.solver.v1.ScheduleMatch.candidates": INTERVALS,
    "rondo.solver.v1.ScheduleMatch.player_ids": AT_A_TABLE,
    # booking
    "rondo.booking.v1.ListClubsRequest.club_ids": CLUBS,
    "rondo.booking.v1.MarkRemindersPublishedRequest.reminder_ids": ROSTER,
    "rondo.booking.v1.MeetingProposal.hanchans": HANCHANS,
    "rondo.booking.v1.OpenMatchRequest.player_ids": AT_A_TABLE,
    "rondo.booking.v1.PrepareRoundScheduleRequest.match_keys": ROSTER,
    "rondo.booking.v1.ProposeMeetingsRequest.proposals": ROSTER,
    "rondo.booking.v1.RecordMediationOutcomeRequest.absent_player_ids": AT_A_TABLE,
}
#: full proto field name -> the most entries a request may carry in it.
LIMITS: dict[str, int] = {name: HEADROOM * n for name, n in CAPACITY.items()}


def _spaced(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _is_map(field: FieldDescriptor) -> bool:
    return field.message_type is not None and field.message_type.GetOptions().map_entry


@cache
def _plan(descriptor: Descriptor) -> tuple[tuple[FieldDescriptor, int | None, bool], ...]:
    """The fields of ``descriptor`` the walk looks at: (field, its limit if repeated, whether to look
    inside its messages). Fields without a repeated field anywhere below them are left out."""
    return tuple(_fields(descriptor, frozenset()))


def _fields(descriptor: Descriptor, outer: frozenset[str]):
    for field in descriptor.fields:
        repeated = field.is_repeated
        inner = field.message_type
        descend = inner is not None and not _is_map(field) and _has_repeated(inner, outer | {descriptor.full_name})
        if repeated or descend:
            yield field, (LIMITS.get(field.full_name, HEADROOM * DEFAULT) if repeated else None), descend


def _has_repeated(descriptor: Descriptor, outer: frozenset[str]) -> bool:
    if descriptor.full_name in outer:  # a recursive type (google.protobuf.Struct): looked at level by level
        return True
    return any(
        f.is_repeated or (f.message_type is not None and _has_repeated(f.message_type, outer | {descriptor.full_name}))
        for f in descriptor.fields
    )


def repeated_field_violations(message: Message, prefix: str = "") -> list[FieldViolation]:
    """A violation for every repeated field of ``message`` (nested ones too) with more entries than
    :data:`LIMITS` allows, named by its path in the request (``hanchan.scores``, ``separations[3].player_ids``).
    Entries of an over-long list are not looked into."""
    out: list[FieldViolation] = []
    for field, limit, descend in _plan(message.DESCRIPTOR):
        path = f"{prefix}{field.name}"
        if limit is not None:
            values = getattr(message, field.name)
            if len(values) > limit:
                what = "entries" if _is_map(field) else "items"
                out.append(FieldViolation(path, f"at most {_spaced(limit)} {what}, got {_spaced(len(values))}"))
                continue
            if descend:
                for i, item in enumerate(values):
                    out.extend(repeated_field_violations(item, f"{path}[{i}]."))
        elif descend and message.HasField(field.name):
            out.extend(repeated_field_violations(getattr(message, field.name), f"{path}."))
    return out


def check_repeated_fields(request: object) -> None:
    """Raises INVALID_ARGUMENT naming every repeated field of ``request`` beyond its limit (anything that
    is not a protobuf message passes: a stream of requests, a test's raw bytes)."""
    if isinstance(request, Message):
        violations = repeated_field_violations(request)
        if violations:
            raise InvalidArgument.of(violations)

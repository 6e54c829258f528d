"""The public API's messages and the internal services' messages: one conversion mechanism
(docs/architecture.md "Contracts").

``rondo.gateway.v1`` owns every message a client sends or receives; league, booking and solver own
theirs. Where a public message declares fields that the internal one has with the same number, name,
type, label and presence (nested messages recursively the same way, enums with the same values), the
two convert **by wire bytes**: ``target.FromString(source.SerializeToString())``, then
``DiscardUnknownFields()``, so an internal field the public message does not declare is never passed
on to a client (and a public-only field, such as a page token, never reaches a downstream service).
Every such pair is listed once in :data:`PAIRS`; :func:`convert` refuses a pair that is not listed, and
``tests/unit/test_public_api.py`` walks every listed pair's descriptors with :func:`problems`, so an
internal change that breaks a pair fails there, naming the public message that now needs an explicit
converter. Where the shapes must differ (a Create request carrying the resource, an Update with a
field mask, a List page), the gateway converts explicitly (``gateway/routes.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper
from google.protobuf.message import Message

from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import (
    calendar_pb2,
    common_pb2,
    competitions_pb2,
    draws_pb2,
    mediation_pb2,
    reminders_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2

M = TypeVar("M", bound=Message)
PAGE_FIELDS = ("page_size", "page_token")  # a List request's paging, the gateway's own (gateway/domain/paging.py)


@dataclass(frozen=True)
class Pair:
    """An internal message and the public message that converts to and from it by wire bytes.
    ``gateway_fields``: fields of the public message that the gateway handles itself (never sent
    downstream; their numbers must be free in the internal message)."""

    internal: type[Message]
    public: type[Message]
    gateway_fields: tuple[str, ...] = ()


def _same(*pairs: tuple[type[Message], type[Message]], gateway_fields: tuple[str, ...] = ()) -> list[Pair]:
    return [Pair(internal, public, gateway_fields) for internal, public in pairs]


L, B, S = league_pb2, booking_pb2, solver_pb2
C, D, R, ST = competitions_pb2, draws_pb2, results_pb2, stages_pb2
SC, CA, RE, ME = scheduling_pb2, calendar_pb2, reminders_pb2, mediation_pb2

#: Every (internal, public) pair converted by wire bytes, by resource.
PAIRS: list[Pair] = [
    # competitions and rosters
    *_same(
        (L.Competition, C.Competition),
        (L.GetCompetitionRequest, C.GetCompetitionRequest),
        (L.Player, C.Player),
        (L.RegisterPlayerRequest, C.RegisterPlayerRequest),
        (L.WithdrawPlayerRequest, C.WithdrawPlayerRequest),
        (L.CloseRegistrationRequest, C.CloseRegistrationRequest),
        (L.CloseRegistrationResponse, C.CloseRegistrationResponse),
        (L.RulesetVersion, C.RulesetVersion),
        (L.ChangeRulesetRequest, C.ChangeRulesetRequest),
        (L.Ruleset, C.Ruleset),
    ),
    *_same(
        (L.ListPlayersRequest, C.ListPlayersRequest),
        (L.ListRulesetVersionsRequest, C.ListRulesetVersionsRequest),
        (L.ListRulesetsRequest, C.ListRulesetsRequest),
        gateway_fields=PAGE_FIELDS,
    ),
    # draws
    *_same(
        (L.Draw, D.Draw),
        (S.Separation, D.Separation),
        (S.Pin, D.Pin),
        (S.RoundDiff, D.RoundDiff),
        (L.ApproveDrawRequest, D.ApproveDrawRequest),
        (L.GetDrawRequest, D.GetDrawRequest),
        (L.CommitDrawSeedRequest, D.CommitDrawSeedRequest),
        (L.GetSeedCommitmentRequest, D.GetSeedCommitmentRequest),
        (L.SeedCommitment, D.SeedCommitment),
        (L.GetDrawCertificateRequest, D.GetDrawCertificateRequest),
        (L.DrawCertificate, D.DrawCertificate),
    ),
    *_same((L.ListDrawsRequest, D.ListDrawsRequest), gateway_fields=PAGE_FIELDS),
    # results and standings
    *_same(
        (L.ResultRecord, R.ResultRecord),
        (L.RecordHanchanRequest, R.RecordHanchanRequest),
        (L.RecordPenaltyRequest, R.RecordPenaltyRequest),
        (L.RecordNoShowRequest, R.RecordNoShowRequest),
        (L.RecordGameRequest, R.RecordGameRequest),
        (L.CorrectRecordRequest, R.CorrectRecordRequest),
        (L.ReportResultRequest, R.ReportResultRequest),
        (L.ConfirmResultRequest, R.ConfirmResultRequest),
        (L.DisputeResultRequest, R.DisputeResultRequest),
        (L.ResolveDisputeRequest, R.ResolveDisputeRequest),
        (L.GetStandingsRequest, R.GetStandingsRequest),
        (L.Standings, R.Standings),
        (L.DecideTieRequest, R.DecideTieRequest),
        (L.TieDecision, R.TieDecision),
        (L.DecidePlayoffRequest, R.DecidePlayoffRequest),
        (L.PlayoffDecision, R.PlayoffDecision),
    ),
    *_same((L.ListMatchHistoryRequest, R.ListResultRecordsRequest), gateway_fields=PAGE_FIELDS),
    # stages, the Up&Down league, the cup, the playoff
    *_same(
        (L.Stage, ST.Stage),
        (L.PrepareStageRequest, ST.PrepareStageRequest),
        (L.StagePlan, ST.StagePlan),
        (L.GetStageRequest, ST.GetStageRequest),
        (L.GetUpdownStandingsRequest, ST.GetUpdownStandingsRequest),
        (L.UpdownStandings, ST.UpdownStandings),
        (L.ApplyCheckpointRequest, ST.ApplyCheckpointRequest),
        (L.ApplyCheckpointResponse, ST.ApplyCheckpointResponse),
        (L.DisqualifyPlayerRequest, ST.DisqualifyPlayerRequest),
        (L.DisqualifyPlayerResponse, ST.DisqualifyPlayerResponse),
        (L.GetCupBracketRequest, ST.GetCupBracketRequest),
        (L.CupBracket, ST.CupBracket),
        (L.GetPlayoffRequest, ST.GetPlayoffRequest),
        (L.Playoff, ST.Playoff),
    ),
    *_same((L.ListStagesRequest, ST.ListStagesRequest), gateway_fields=PAGE_FIELDS),
    # clubs, rooms and scheduling
    *_same(
        (B.Club, SC.Club),
        (B.OpeningHours, SC.OpeningHours),
        (B.GetClubRequest, SC.GetClubRequest),
        (B.Room, SC.Room),
        (B.ScheduledMatch, SC.ScheduledMatch),
        (B.Meeting, SC.Meeting),
        (S.SchedulePreference, SC.SchedulePreference),
        (S.ScheduleObjective, SC.ScheduleObjective),
        (B.SetAvailabilityRequest, SC.SetAvailabilityRequest),
        (B.GetMyAvailabilityRequest, SC.GetAvailabilityRequest),
        (B.AvailabilityResponse, SC.Availability),
        (B.GetMatchCardRequest, SC.GetMatchCardRequest),
        (B.MatchCard, SC.MatchCard),
        (B.ProposeMeetingRequest, SC.ProposeMeetingRequest),
        (B.ConfirmMeetingRequest, SC.ConfirmMeetingRequest),
        (B.CancelMeetingRequest, SC.CancelMeetingRequest),
        (B.AssignMeetingRequest, SC.AssignMeetingRequest),
        (B.ApplyFallbackRequest, SC.ApplyFallbackRequest),
        (B.MoveMatchWindowRequest, SC.MoveMatchWindowRequest),
        (B.MoveMatchWindowResponse, SC.MoveMatchWindowResponse),
    ),
    *_same((B.ListRoomsRequest, SC.ListRoomsRequest), gateway_fields=PAGE_FIELDS),
    # the club calendar
    *_same(
        (B.Booking, CA.Booking),
        (B.BookActivityRequest, CA.BookActivityRequest),
        (B.BookRecurringActivityRequest, CA.BookRecurringActivityRequest),
        (B.Series, CA.Series),
        (B.GetSeriesRequest, CA.GetSeriesRequest),
        (B.CancelOccurrenceRequest, CA.CancelOccurrenceRequest),
        (B.MoveOccurrenceRequest, CA.MoveOccurrenceRequest),
        (B.CancelSeriesRequest, CA.CancelSeriesRequest),
        (B.RotateCalendarTokenRequest, CA.RotateCalendarTokenRequest),
        (B.CalendarToken, CA.CalendarToken),
        (B.ExportCalendarRequest, CA.ExportCalendarRequest),
        (B.CalendarFeed, CA.CalendarFeed),
    ),
    *_same((B.ListBookingsRequest, CA.ListBookingsRequest), gateway_fields=PAGE_FIELDS),
    # reminders
    *_same(
        (B.ReminderSchedule, RE.ReminderSchedule),
        (B.GetReminderScheduleRequest, RE.GetReminderScheduleRequest),
        (B.Reminder, RE.Reminder),
        (B.ListRemindersResponse, RE.PublishDueRemindersResponse),
        (B.AcknowledgeReminderRequest, RE.AcknowledgeReminderRequest),
    ),
    *_same((B.ListRemindersRequest, RE.ListRemindersRequest), gateway_fields=PAGE_FIELDS),
    # mediation and time-outs
    *_same(
        (B.SetMediationCalendarRequest, ME.SetMediationCalendarRequest),
        (B.MediationCalendar, ME.MediationCalendar),
        (B.RequestMediationRequest, ME.RequestMediationRequest),
        (B.AnswerMediationRequest, ME.AnswerMediationRequest),
        (B.DecideMediationRequest, ME.DecideMediationRequest),
        (B.Mediation, ME.Mediation),
        (B.RemovalDue, ME.RemovalDue),
        (B.RequestTimeoutRequest, ME.RequestTimeoutRequest),
        (B.Timeout, ME.Timeout),
    ),
    *_same(
        (B.ListMediationsRequest, ME.ListMediationsRequest),
        (B.ListMediationsRequest, ME.ListTimeoutsRequest),
        gateway_fields=PAGE_FIELDS,
    ),
    # common shapes
    *_same((S.Round, common_pb2.Round), (S.Table, common_pb2.Table), (B.TimeInterval, common_pb2.TimeInterval)),
]

#: Enums the gateway sets from an internal value outside a listed pair (an answer it builds itself).
ENUM_PAIRS: list[tuple[EnumTypeWrapper, EnumTypeWrapper]] = [(S.SolveStatus, common_pb2.SolveStatus)]

_INDEX: dict[tuple[str, str], Pair] = {}
for _pair in PAIRS:
    for _key in ((_pair.internal, _pair.public), (_pair.public, _pair.internal)):
        _INDEX[(_key[0].DESCRIPTOR.full_name, _key[1].DESCRIPTOR.full_name)] = _pair


class UnregisteredPair(TypeError):
    pass


def pair_of(source: type[Message], target: type[Message]) -> Pair:
    """The listed pair of the two message types (either order); UnregisteredPair when there is none."""
    pair = _INDEX.get((source.DESCRIPTOR.full_name, target.DESCRIPTOR.full_name))
    if pair is None:
        raise UnregisteredPair(
            f"{source.DESCRIPTOR.full_name} -> {target.DESCRIPTOR.full_name} is not a listed pair of "
            "gateway/adapters/public_api.py PAIRS: list it (its compatibility is then tested) or convert explicitly"
        )
    return pair


def convert(message: Message, target: type[M]) -> M:
    """``message`` as a ``target`` by wire bytes: the fields ``target`` declares, nothing else (its
    unknown fields, at every depth, are discarded). Only for a listed pair."""
    pair_of(type(message), target)
    out = target.FromString(message.SerializeToString())
    out.DiscardUnknownFields()
    return out


def convert_all(messages: Iterable[Message], target: type[M]) -> list[M]:
    return [convert(m, target) for m in messages]


def solve_status(value: int) -> common_pb2.SolveStatus:
    """The solver's status as the public API's (the same values: ENUM_PAIRS, tested)."""
    return common_pb2.SolveStatus.Value(S.SolveStatus.Name(value))


# ------------------------------------------------------------------------------ compatibility


_SCALARS = {value: name[len("TYPE_") :].lower() for name, value in vars(FieldDescriptor).items() if name.startswith("TYPE_")}


def _type_name(field: FieldDescriptor) -> str:
    if field.message_type is not None:
        return field.message_type.full_name
    if field.enum_type is not None:
        return field.enum_type.full_name
    return _SCALARS.get(field.type, str(field.type))


def _enum_problems(where: str, public: EnumDescriptor, internal: EnumDescriptor) -> Iterator[str]:
    mine = {v.number: v.name for v in public.values}
    theirs = {v.number: v.name for v in internal.values}
    if mine != theirs:
        yield f"{where}: enum {public.full_name} {sorted(mine.items())} != {internal.full_name} {sorted(theirs.items())}"


def _message_problems(
    where: str, public: Descriptor, internal: Descriptor, skip: tuple[str, ...], seen: set[tuple[str, str]]
) -> Iterator[str]:
    if (public.full_name, internal.full_name) in seen:
        return
    seen.add((public.full_name, internal.full_name))
    if public.full_name.startswith("google.protobuf.") or internal.full_name.startswith("google.protobuf."):
        if public.full_name != internal.full_name:
            yield f"{where}: {public.full_name} != {internal.full_name}"
        return
    for field in public.fields:
        here = f"{public.full_name}.{field.name} (= {field.number})"
        theirs = internal.fields_by_number.get(field.number)
        if field.name in skip:
            if theirs is not None:
                yield f"{here}: a gateway field, but {internal.full_name} uses its number for {theirs.name}"
            continue
        if theirs is None:
            yield f"{here}: {internal.full_name} has no field {field.number}"
            continue
        if theirs.name != field.name:
            yield f"{here}: {internal.full_name} names field {field.number} {theirs.name!r}"
        if theirs.type != field.type or theirs.is_repeated != field.is_repeated:
            yield (
                f"{here}: {'repeated ' if field.is_repeated else ''}{_type_name(field)} != "
                f"{'repeated ' if theirs.is_repeated else ''}{_type_name(theirs)} in {internal.full_name}"
            )
            continue
        if theirs.has_presence != field.has_presence and not field.is_repeated:
            yield f"{here}: presence {field.has_presence} != {theirs.has_presence} in {internal.full_name}"
        if field.enum_type is not None and theirs.enum_type is not None:
            yield from _enum_problems(here, field.enum_type, theirs.enum_type)
        if field.message_type is not None and theirs.message_type is not None:
            yield from _message_problems(here, field.message_type, theirs.message_type, (), seen)


def enum_problems(internal: EnumTypeWrapper, public: EnumTypeWrapper) -> list[str]:
    """Why the two enums do not carry the same values (empty: they do)."""
    return list(_enum_problems(public.DESCRIPTOR.full_name, public.DESCRIPTOR, internal.DESCRIPTOR))


def problems(pair: Pair) -> list[str]:
    """Why ``pair`` does not convert by wire bytes (empty: it does): every field the public message
    declares must be the internal message's field of that number, with the same name, type, label and
    presence, nested messages recursively so and enums with the same values. Fields only the internal
    message has are fine (hidden from clients, or left unset downstream)."""
    return list(
        _message_problems(
            pair.public.DESCRIPTOR.full_name, pair.public.DESCRIPTOR, pair.internal.DESCRIPTOR, pair.gateway_fields, set()
        )
    )

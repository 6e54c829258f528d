import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import calendar_pb2 as _calendar_pb2
from rondo.gateway.v1 import mediation_pb2 as _mediation_pb2
from rondo.gateway.v1 import reminders_pb2 as _reminders_pb2
from rondo.gateway.v1 import scheduling_pb2 as _scheduling_pb2
from rondo.solver.v1 import solver_pb2 as _solver_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateClubRequest(_message.Message):
    __slots__ = ("name", "time_zone", "idempotency_key", "opening_hours", "fallback_time")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    name: str
    time_zone: str
    idempotency_key: str
    opening_hours: _scheduling_pb2.OpeningHours
    fallback_time: str
    def __init__(self, name: _Optional[str] = ..., time_zone: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., opening_hours: _Optional[_Union[_scheduling_pb2.OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ...) -> None: ...

class UpdateClubRequest(_message.Message):
    __slots__ = ("club_id", "name", "opening_hours", "fallback_time", "time_zone")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    name: str
    opening_hours: _scheduling_pb2.OpeningHours
    fallback_time: str
    time_zone: str
    def __init__(self, club_id: _Optional[str] = ..., name: _Optional[str] = ..., opening_hours: _Optional[_Union[_scheduling_pb2.OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class AddRoomRequest(_message.Message):
    __slots__ = ("club_id", "name", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    name: str
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., name: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListClubsRequest(_message.Message):
    __slots__ = ("all", "club_ids", "page_size", "page_token")
    ALL_FIELD_NUMBER: _ClassVar[int]
    CLUB_IDS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    all: bool
    club_ids: _containers.RepeatedScalarFieldContainer[str]
    page_size: int
    page_token: str
    def __init__(self, all: _Optional[bool] = ..., club_ids: _Optional[_Iterable[str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class OpenMatchRequest(_message.Message):
    __slots__ = ("club_id", "match_key", "player_ids", "window_start", "window_end", "min_minutes", "idempotency_key", "games", "one_meeting")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    match_key: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    idempotency_key: str
    games: int
    one_meeting: bool
    def __init__(self, club_id: _Optional[str] = ..., match_key: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., games: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class PrepareRoundScheduleRequest(_message.Message):
    __slots__ = ("match_keys", "meeting_minutes", "start_step_minutes", "preference", "time_limit_seconds", "seed")
    MATCH_KEYS_FIELD_NUMBER: _ClassVar[int]
    MEETING_MINUTES_FIELD_NUMBER: _ClassVar[int]
    START_STEP_MINUTES_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    match_keys: _containers.RepeatedScalarFieldContainer[str]
    meeting_minutes: int
    start_step_minutes: int
    preference: _scheduling_pb2.SchedulePreference
    time_limit_seconds: float
    seed: int
    def __init__(self, match_keys: _Optional[_Iterable[str]] = ..., meeting_minutes: _Optional[int] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[_scheduling_pb2.SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ...) -> None: ...

class MatchOptions(_message.Message):
    __slots__ = ("match", "pending_player_ids", "booked")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    BOOKED_FIELD_NUMBER: _ClassVar[int]
    match: _scheduling_pb2.ScheduledMatch
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    booked: bool
    def __init__(self, match: _Optional[_Union[_scheduling_pb2.ScheduledMatch, _Mapping]] = ..., pending_player_ids: _Optional[_Iterable[str]] = ..., booked: _Optional[bool] = ...) -> None: ...

class PrepareRoundScheduleResponse(_message.Message):
    __slots__ = ("problem", "matches")
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    problem: _solver_pb2.ProposeRoundScheduleRequest
    matches: _containers.RepeatedCompositeFieldContainer[MatchOptions]
    def __init__(self, problem: _Optional[_Union[_solver_pb2.ProposeRoundScheduleRequest, _Mapping]] = ..., matches: _Optional[_Iterable[_Union[MatchOptions, _Mapping]]] = ...) -> None: ...

class MeetingProposal(_message.Message):
    __slots__ = ("match_key", "start", "end", "room_id", "hanchans")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    room_id: str
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, match_key: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., room_id: _Optional[str] = ..., hanchans: _Optional[_Iterable[int]] = ...) -> None: ...

class ProposeMeetingsRequest(_message.Message):
    __slots__ = ("proposals", "proposed_by", "idempotency_key")
    PROPOSALS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    proposals: _containers.RepeatedCompositeFieldContainer[MeetingProposal]
    proposed_by: str
    idempotency_key: str
    def __init__(self, proposals: _Optional[_Iterable[_Union[MeetingProposal, _Mapping]]] = ..., proposed_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ProposeMeetingsResponse(_message.Message):
    __slots__ = ("meetings",)
    MEETINGS_FIELD_NUMBER: _ClassVar[int]
    meetings: _containers.RepeatedCompositeFieldContainer[_scheduling_pb2.Meeting]
    def __init__(self, meetings: _Optional[_Iterable[_Union[_scheduling_pb2.Meeting, _Mapping]]] = ...) -> None: ...

class SetReminderScheduleRequest(_message.Message):
    __slots__ = ("club_id", "weekday", "local_time")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    LOCAL_TIME_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    weekday: int
    local_time: str
    def __init__(self, club_id: _Optional[str] = ..., weekday: _Optional[int] = ..., local_time: _Optional[str] = ...) -> None: ...

class RecordDueRemindersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MarkRemindersPublishedRequest(_message.Message):
    __slots__ = ("reminder_ids",)
    REMINDER_IDS_FIELD_NUMBER: _ClassVar[int]
    reminder_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, reminder_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class RecordMediationOutcomeRequest(_message.Message):
    __slots__ = ("mediation_id", "absent_player_ids", "recorded_by", "first_player_id")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    recorded_by: str
    first_player_id: str
    def __init__(self, mediation_id: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ..., recorded_by: _Optional[str] = ..., first_player_id: _Optional[str] = ...) -> None: ...

class GetMediationRequest(_message.Message):
    __slots__ = ("mediation_id",)
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    def __init__(self, mediation_id: _Optional[str] = ...) -> None: ...

class MediationOutcome(_message.Message):
    __slots__ = ("mediation", "removal_due", "technical_result")
    MEDIATION_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_RESULT_FIELD_NUMBER: _ClassVar[int]
    mediation: _mediation_pb2.Mediation
    removal_due: _containers.RepeatedCompositeFieldContainer[_mediation_pb2.RemovalDue]
    technical_result: str
    def __init__(self, mediation: _Optional[_Union[_mediation_pb2.Mediation, _Mapping]] = ..., removal_due: _Optional[_Iterable[_Union[_mediation_pb2.RemovalDue, _Mapping]]] = ..., technical_result: _Optional[str] = ...) -> None: ...

class ListMediationsResponse(_message.Message):
    __slots__ = ("mediations", "timeouts", "removal_due", "next_page_token")
    MEDIATIONS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    mediations: _containers.RepeatedCompositeFieldContainer[_mediation_pb2.Mediation]
    timeouts: _containers.RepeatedCompositeFieldContainer[_mediation_pb2.Timeout]
    removal_due: _containers.RepeatedCompositeFieldContainer[_mediation_pb2.RemovalDue]
    next_page_token: str
    def __init__(self, mediations: _Optional[_Iterable[_Union[_mediation_pb2.Mediation, _Mapping]]] = ..., timeouts: _Optional[_Iterable[_Union[_mediation_pb2.Timeout, _Mapping]]] = ..., removal_due: _Optional[_Iterable[_Union[_mediation_pb2.RemovalDue, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

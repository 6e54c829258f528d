import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import draws_pb2 as _draws_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Event(_message.Message):
    __slots__ = ("id", "kind", "competition_id", "subject_id", "payload", "created_at", "draw_proposed", "draw_published", "stage_created", "stage_completed", "standings_changed", "player_disqualified", "player_withdrawn", "schedule_proposed", "schedule_booked", "schedule_cancelled", "mediation_requested", "mediation_scheduled", "mediation_closed", "mediation_removal_due", "timeout_taken", "reminder_due", "schedule_options_ready")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    DRAW_PROPOSED_FIELD_NUMBER: _ClassVar[int]
    DRAW_PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    STAGE_CREATED_FIELD_NUMBER: _ClassVar[int]
    STAGE_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_CHANGED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_DISQUALIFIED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_PROPOSED_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_BOOKED_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_CANCELLED_FIELD_NUMBER: _ClassVar[int]
    MEDIATION_REQUESTED_FIELD_NUMBER: _ClassVar[int]
    MEDIATION_SCHEDULED_FIELD_NUMBER: _ClassVar[int]
    MEDIATION_CLOSED_FIELD_NUMBER: _ClassVar[int]
    MEDIATION_REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_TAKEN_FIELD_NUMBER: _ClassVar[int]
    REMINDER_DUE_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_OPTIONS_READY_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: str
    competition_id: str
    subject_id: str
    payload: _struct_pb2.Struct
    created_at: _timestamp_pb2.Timestamp
    draw_proposed: DrawProposedEvent
    draw_published: DrawPublishedEvent
    stage_created: StageCreatedEvent
    stage_completed: StageCompletedEvent
    standings_changed: StandingsChangedEvent
    player_disqualified: PlayerDisqualifiedEvent
    player_withdrawn: PlayerWithdrawnEvent
    schedule_proposed: ScheduleProposedEvent
    schedule_booked: ScheduleBookedEvent
    schedule_cancelled: ScheduleCancelledEvent
    mediation_requested: MediationRequestedEvent
    mediation_scheduled: MediationScheduledEvent
    mediation_closed: MediationClosedEvent
    mediation_removal_due: MediationRemovalDueEvent
    timeout_taken: TimeoutTakenEvent
    reminder_due: ReminderDueEvent
    schedule_options_ready: ScheduleOptionsReadyEvent
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., competition_id: _Optional[str] = ..., subject_id: _Optional[str] = ..., payload: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., draw_proposed: _Optional[_Union[DrawProposedEvent, _Mapping]] = ..., draw_published: _Optional[_Union[DrawPublishedEvent, _Mapping]] = ..., stage_created: _Optional[_Union[StageCreatedEvent, _Mapping]] = ..., stage_completed: _Optional[_Union[StageCompletedEvent, _Mapping]] = ..., standings_changed: _Optional[_Union[StandingsChangedEvent, _Mapping]] = ..., player_disqualified: _Optional[_Union[PlayerDisqualifiedEvent, _Mapping]] = ..., player_withdrawn: _Optional[_Union[PlayerWithdrawnEvent, _Mapping]] = ..., schedule_proposed: _Optional[_Union[ScheduleProposedEvent, _Mapping]] = ..., schedule_booked: _Optional[_Union[ScheduleBookedEvent, _Mapping]] = ..., schedule_cancelled: _Optional[_Union[ScheduleCancelledEvent, _Mapping]] = ..., mediation_requested: _Optional[_Union[MediationRequestedEvent, _Mapping]] = ..., mediation_scheduled: _Optional[_Union[MediationScheduledEvent, _Mapping]] = ..., mediation_closed: _Optional[_Union[MediationClosedEvent, _Mapping]] = ..., mediation_removal_due: _Optional[_Union[MediationRemovalDueEvent, _Mapping]] = ..., timeout_taken: _Optional[_Union[TimeoutTakenEvent, _Mapping]] = ..., reminder_due: _Optional[_Union[ReminderDueEvent, _Mapping]] = ..., schedule_options_ready: _Optional[_Union[ScheduleOptionsReadyEvent, _Mapping]] = ...) -> None: ...

class DrawProposedEvent(_message.Message):
    __slots__ = ("version", "status")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: _draws_pb2.DrawStatus
    def __init__(self, version: _Optional[int] = ..., status: _Optional[_Union[_draws_pb2.DrawStatus, str]] = ...) -> None: ...

class DrawPublishedEvent(_message.Message):
    __slots__ = ("version", "status")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: _draws_pb2.DrawStatus
    def __init__(self, version: _Optional[int] = ..., status: _Optional[_Union[_draws_pb2.DrawStatus, str]] = ...) -> None: ...

class StageCreatedEvent(_message.Message):
    __slots__ = ("number", "stage_kind", "name")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    STAGE_KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    number: int
    stage_kind: str
    name: str
    def __init__(self, number: _Optional[int] = ..., stage_kind: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class StageCompletedEvent(_message.Message):
    __slots__ = ("stage",)
    STAGE_FIELD_NUMBER: _ClassVar[int]
    stage: int
    def __init__(self, stage: _Optional[int] = ...) -> None: ...

class StandingsChangedEvent(_message.Message):
    __slots__ = ("stage", "round", "table", "record_kind", "replaces_record_id", "change", "reason", "checkpoint", "removed_ids")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    RECORD_KIND_FIELD_NUMBER: _ClassVar[int]
    REPLACES_RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    REMOVED_IDS_FIELD_NUMBER: _ClassVar[int]
    stage: int
    round: int
    table: int
    record_kind: str
    replaces_record_id: str
    change: str
    reason: str
    checkpoint: int
    removed_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., record_kind: _Optional[str] = ..., replaces_record_id: _Optional[str] = ..., change: _Optional[str] = ..., reason: _Optional[str] = ..., checkpoint: _Optional[int] = ..., removed_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayerDisqualifiedEvent(_message.Message):
    __slots__ = ("stage", "reason")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    stage: int
    reason: str
    def __init__(self, stage: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class PlayerWithdrawnEvent(_message.Message):
    __slots__ = ("change", "reason")
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    change: str
    reason: str
    def __init__(self, change: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ScheduleProposedEvent(_message.Message):
    __slots__ = ("match_key", "room_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    room_id: str
    def __init__(self, match_key: _Optional[str] = ..., room_id: _Optional[str] = ...) -> None: ...

class ScheduleBookedEvent(_message.Message):
    __slots__ = ("match_key", "room_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    room_id: str
    def __init__(self, match_key: _Optional[str] = ..., room_id: _Optional[str] = ...) -> None: ...

class ScheduleOptionsReadyEvent(_message.Message):
    __slots__ = ("match_key", "options")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    options: int
    def __init__(self, match_key: _Optional[str] = ..., options: _Optional[int] = ...) -> None: ...

class ScheduleCancelledEvent(_message.Message):
    __slots__ = ("match_key", "by_organizer")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    BY_ORGANIZER_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    by_organizer: bool
    def __init__(self, match_key: _Optional[str] = ..., by_organizer: _Optional[bool] = ...) -> None: ...

class MediationRequestedEvent(_message.Message):
    __slots__ = ("stage", "round", "table", "requester_id", "opponent_id", "days", "answer_due_at")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    ANSWER_DUE_AT_FIELD_NUMBER: _ClassVar[int]
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    days: _containers.RepeatedScalarFieldContainer[str]
    answer_due_at: _timestamp_pb2.Timestamp
    def __init__(self, stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., days: _Optional[_Iterable[str]] = ..., answer_due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class MediationScheduledEvent(_message.Message):
    __slots__ = ("stage", "round", "table", "requester_id", "opponent_id", "scheduled_at", "decided_by")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_AT_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    scheduled_at: _timestamp_pb2.Timestamp
    decided_by: str
    def __init__(self, stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., scheduled_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., decided_by: _Optional[str] = ...) -> None: ...

class MediationClosedEvent(_message.Message):
    __slots__ = ("stage", "round", "table", "requester_id", "opponent_id", "result", "absent_player_ids")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    result: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., result: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class MediationRemovalDueEvent(_message.Message):
    __slots__ = ("stage", "round", "table", "requester_id", "opponent_id", "player_id", "no_show_opponent_ids")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NO_SHOW_OPPONENT_IDS_FIELD_NUMBER: _ClassVar[int]
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    player_id: str
    no_show_opponent_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., player_id: _Optional[str] = ..., no_show_opponent_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class TimeoutTakenEvent(_message.Message):
    __slots__ = ("stage", "player_id", "starts_on", "ends_on", "clipped")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    CLIPPED_FIELD_NUMBER: _ClassVar[int]
    stage: int
    player_id: str
    starts_on: str
    ends_on: str
    clipped: bool
    def __init__(self, stage: _Optional[int] = ..., player_id: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., clipped: _Optional[bool] = ...) -> None: ...

class ReminderDueEvent(_message.Message):
    __slots__ = ("match_key", "club_id", "due_at", "window_start", "window_end", "reason", "players")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    DUE_AT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    club_id: str
    due_at: _timestamp_pb2.Timestamp
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    reason: str
    players: _containers.RepeatedCompositeFieldContainer[EventPlayer]
    def __init__(self, match_key: _Optional[str] = ..., club_id: _Optional[str] = ..., due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reason: _Optional[str] = ..., players: _Optional[_Iterable[_Union[EventPlayer, _Mapping]]] = ...) -> None: ...

class EventPlayer(_message.Message):
    __slots__ = ("id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class WatchEventsRequest(_message.Message):
    __slots__ = ("after", "kinds", "competition_id")
    AFTER_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    after: int
    kinds: _containers.RepeatedScalarFieldContainer[str]
    competition_id: str
    def __init__(self, after: _Optional[int] = ..., kinds: _Optional[_Iterable[str]] = ..., competition_id: _Optional[str] = ...) -> None: ...

class ListEventsRequest(_message.Message):
    __slots__ = ("after", "kinds", "competition_id", "page_size", "page_token")
    AFTER_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    after: int
    kinds: _containers.RepeatedScalarFieldContainer[str]
    competition_id: str
    page_size: int
    page_token: str
    def __init__(self, after: _Optional[int] = ..., kinds: _Optional[_Iterable[str]] = ..., competition_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListEventsResponse(_message.Message):
    __slots__ = ("events", "next_page_token")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    next_page_token: str
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

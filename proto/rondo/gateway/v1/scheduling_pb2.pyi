import datetime

from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ProposalState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROPOSAL_STATE_UNSPECIFIED: _ClassVar[ProposalState]
    PROPOSAL_STATE_PROPOSED: _ClassVar[ProposalState]
    PROPOSAL_STATE_NOT_PLACED: _ClassVar[ProposalState]
    PROPOSAL_STATE_ALREADY_BOOKED: _ClassVar[ProposalState]
    PROPOSAL_STATE_WAITING_FOR_ANSWERS: _ClassVar[ProposalState]

class CardState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CARD_STATE_UNSPECIFIED: _ClassVar[CardState]
    CARD_STATE_WAITING_FOR_ANSWERS: _ClassVar[CardState]
    CARD_STATE_AGREEING: _ClassVar[CardState]
    CARD_STATE_BOOKED: _ClassVar[CardState]

class MeetingStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MEETING_STATUS_UNSPECIFIED: _ClassVar[MeetingStatus]
    MEETING_STATUS_PROPOSED: _ClassVar[MeetingStatus]
    MEETING_STATUS_BOOKED: _ClassVar[MeetingStatus]
    MEETING_STATUS_CANCELLED: _ClassVar[MeetingStatus]
PROPOSAL_STATE_UNSPECIFIED: ProposalState
PROPOSAL_STATE_PROPOSED: ProposalState
PROPOSAL_STATE_NOT_PLACED: ProposalState
PROPOSAL_STATE_ALREADY_BOOKED: ProposalState
PROPOSAL_STATE_WAITING_FOR_ANSWERS: ProposalState
CARD_STATE_UNSPECIFIED: CardState
CARD_STATE_WAITING_FOR_ANSWERS: CardState
CARD_STATE_AGREEING: CardState
CARD_STATE_BOOKED: CardState
MEETING_STATUS_UNSPECIFIED: MeetingStatus
MEETING_STATUS_PROPOSED: MeetingStatus
MEETING_STATUS_BOOKED: MeetingStatus
MEETING_STATUS_CANCELLED: MeetingStatus

class OpeningWindow(_message.Message):
    __slots__ = ("day", "opens", "closes")
    DAY_FIELD_NUMBER: _ClassVar[int]
    OPENS_FIELD_NUMBER: _ClassVar[int]
    CLOSES_FIELD_NUMBER: _ClassVar[int]
    day: int
    opens: str
    closes: str
    def __init__(self, day: _Optional[int] = ..., opens: _Optional[str] = ..., closes: _Optional[str] = ...) -> None: ...

class OpeningHours(_message.Message):
    __slots__ = ("windows",)
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    windows: _containers.RepeatedCompositeFieldContainer[OpeningWindow]
    def __init__(self, windows: _Optional[_Iterable[_Union[OpeningWindow, _Mapping]]] = ...) -> None: ...

class Club(_message.Message):
    __slots__ = ("id", "name", "time_zone", "opening_hours", "fallback_time")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    time_zone: str
    opening_hours: OpeningHours
    fallback_time: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., time_zone: _Optional[str] = ..., opening_hours: _Optional[_Union[OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ...) -> None: ...

class Room(_message.Message):
    __slots__ = ("id", "club_id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    club_id: str
    name: str
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CreateClubRequest(_message.Message):
    __slots__ = ("club", "idempotency_key")
    CLUB_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club: Club
    idempotency_key: str
    def __init__(self, club: _Optional[_Union[Club, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetClubRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class UpdateClubRequest(_message.Message):
    __slots__ = ("club", "update_mask")
    CLUB_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    club: Club
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, club: _Optional[_Union[Club, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class CreateRoomRequest(_message.Message):
    __slots__ = ("club_id", "room", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    ROOM_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    room: Room
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., room: _Optional[_Union[Room, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListClubsRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListClubsResponse(_message.Message):
    __slots__ = ("clubs", "next_page_token")
    CLUBS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    clubs: _containers.RepeatedCompositeFieldContainer[Club]
    next_page_token: str
    def __init__(self, clubs: _Optional[_Iterable[_Union[Club, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListRoomsRequest(_message.Message):
    __slots__ = ("club_id", "page_size", "page_token")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    page_size: int
    page_token: str
    def __init__(self, club_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListRoomsResponse(_message.Message):
    __slots__ = ("rooms", "next_page_token")
    ROOMS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    rooms: _containers.RepeatedCompositeFieldContainer[Room]
    next_page_token: str
    def __init__(self, rooms: _Optional[_Iterable[_Union[Room, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ScheduledMatch(_message.Message):
    __slots__ = ("id", "match_key", "club_id", "player_ids", "window_start", "window_end", "min_minutes", "games", "one_meeting")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    id: str
    match_key: str
    club_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    games: int
    one_meeting: bool
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., club_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., games: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class OpenRoundSchedulingRequest(_message.Message):
    __slots__ = ("competition_id", "round", "club_id", "window_start", "window_end", "min_minutes", "idempotency_key", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    club_id: str
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    idempotency_key: str
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., club_id: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., stage: _Optional[int] = ...) -> None: ...

class OpenRoundSchedulingResponse(_message.Message):
    __slots__ = ("matches",)
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[ScheduledMatch]
    def __init__(self, matches: _Optional[_Iterable[_Union[ScheduledMatch, _Mapping]]] = ...) -> None: ...

class SchedulePreference(_message.Message):
    __slots__ = ("evening_start_minute", "evening_end_minute", "daytime_penalty_minutes")
    EVENING_START_MINUTE_FIELD_NUMBER: _ClassVar[int]
    EVENING_END_MINUTE_FIELD_NUMBER: _ClassVar[int]
    DAYTIME_PENALTY_MINUTES_FIELD_NUMBER: _ClassVar[int]
    evening_start_minute: int
    evening_end_minute: int
    daytime_penalty_minutes: int
    def __init__(self, evening_start_minute: _Optional[int] = ..., evening_end_minute: _Optional[int] = ..., daytime_penalty_minutes: _Optional[int] = ...) -> None: ...

class ScheduleObjective(_message.Message):
    __slots__ = ("matches_placed", "preference_cost")
    MATCHES_PLACED_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_COST_FIELD_NUMBER: _ClassVar[int]
    matches_placed: int
    preference_cost: int
    def __init__(self, matches_placed: _Optional[int] = ..., preference_cost: _Optional[int] = ...) -> None: ...

class ProposeRoundScheduleRequest(_message.Message):
    __slots__ = ("competition_id", "round", "meeting_minutes", "start_step_minutes", "preference", "time_limit_seconds", "seed", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MEETING_MINUTES_FIELD_NUMBER: _ClassVar[int]
    START_STEP_MINUTES_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    meeting_minutes: int
    start_step_minutes: int
    preference: SchedulePreference
    time_limit_seconds: float
    seed: int
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., meeting_minutes: _Optional[int] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RoundProposal(_message.Message):
    __slots__ = ("match_key", "state", "meeting", "reason", "pending_player_ids")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    MEETING_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    state: ProposalState
    meeting: Meeting
    reason: str
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_key: _Optional[str] = ..., state: _Optional[_Union[ProposalState, str]] = ..., meeting: _Optional[_Union[Meeting, _Mapping]] = ..., reason: _Optional[str] = ..., pending_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ProposeRoundScheduleResponse(_message.Message):
    __slots__ = ("matches", "status", "objective", "bound", "wall_time_seconds", "notes")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVE_FIELD_NUMBER: _ClassVar[int]
    BOUND_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[RoundProposal]
    status: _common_pb2.SolveStatus
    objective: ScheduleObjective
    bound: ScheduleObjective
    wall_time_seconds: float
    notes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, matches: _Optional[_Iterable[_Union[RoundProposal, _Mapping]]] = ..., status: _Optional[_Union[_common_pb2.SolveStatus, str]] = ..., objective: _Optional[_Union[ScheduleObjective, _Mapping]] = ..., bound: _Optional[_Union[ScheduleObjective, _Mapping]] = ..., wall_time_seconds: _Optional[float] = ..., notes: _Optional[_Iterable[str]] = ...) -> None: ...

class Availability(_message.Message):
    __slots__ = ("match_key", "player_id", "version", "intervals", "cancelled_meeting_ids")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    INTERVALS_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    version: int
    intervals: _containers.RepeatedCompositeFieldContainer[_common_pb2.TimeInterval]
    cancelled_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., version: _Optional[int] = ..., intervals: _Optional[_Iterable[_Union[_common_pb2.TimeInterval, _Mapping]]] = ..., cancelled_meeting_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class SetAvailabilityRequest(_message.Message):
    __slots__ = ("match_key", "player_id", "intervals", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    INTERVALS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    intervals: _containers.RepeatedCompositeFieldContainer[_common_pb2.TimeInterval]
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., intervals: _Optional[_Iterable[_Union[_common_pb2.TimeInterval, _Mapping]]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetAvailabilityRequest(_message.Message):
    __slots__ = ("match_key", "player_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class GetMatchCardRequest(_message.Message):
    __slots__ = ("match_key", "viewer_player_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    VIEWER_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    viewer_player_id: str
    def __init__(self, match_key: _Optional[str] = ..., viewer_player_id: _Optional[str] = ...) -> None: ...

class CommonOption(_message.Message):
    __slots__ = ("slot", "room_ids")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    ROOM_IDS_FIELD_NUMBER: _ClassVar[int]
    slot: _common_pb2.TimeInterval
    room_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, slot: _Optional[_Union[_common_pb2.TimeInterval, _Mapping]] = ..., room_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Meeting(_message.Message):
    __slots__ = ("id", "match_key", "slot", "hanchans", "proposed_by", "status", "room_id", "booking_id", "confirmed_by", "unavailable_player_ids")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_BY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    BOOKING_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_BY_FIELD_NUMBER: _ClassVar[int]
    UNAVAILABLE_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    match_key: str
    slot: _common_pb2.TimeInterval
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    proposed_by: str
    status: MeetingStatus
    room_id: str
    booking_id: str
    confirmed_by: _containers.RepeatedScalarFieldContainer[str]
    unavailable_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., slot: _Optional[_Union[_common_pb2.TimeInterval, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., proposed_by: _Optional[str] = ..., status: _Optional[_Union[MeetingStatus, str]] = ..., room_id: _Optional[str] = ..., booking_id: _Optional[str] = ..., confirmed_by: _Optional[_Iterable[str]] = ..., unavailable_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class MatchCard(_message.Message):
    __slots__ = ("match_key", "state", "answered_player_ids", "pending_player_ids", "options", "meetings", "min_minutes", "window", "club_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MEETINGS_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    state: CardState
    answered_player_ids: _containers.RepeatedScalarFieldContainer[str]
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    options: _containers.RepeatedCompositeFieldContainer[CommonOption]
    meetings: _containers.RepeatedCompositeFieldContainer[Meeting]
    min_minutes: int
    window: _common_pb2.TimeInterval
    club_id: str
    def __init__(self, match_key: _Optional[str] = ..., state: _Optional[_Union[CardState, str]] = ..., answered_player_ids: _Optional[_Iterable[str]] = ..., pending_player_ids: _Optional[_Iterable[str]] = ..., options: _Optional[_Iterable[_Union[CommonOption, _Mapping]]] = ..., meetings: _Optional[_Iterable[_Union[Meeting, _Mapping]]] = ..., min_minutes: _Optional[int] = ..., window: _Optional[_Union[_common_pb2.TimeInterval, _Mapping]] = ..., club_id: _Optional[str] = ...) -> None: ...

class ProposeMeetingRequest(_message.Message):
    __slots__ = ("match_key", "player_id", "start", "end", "hanchans", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ConfirmMeetingRequest(_message.Message):
    __slots__ = ("match_key", "meeting_id", "player_id", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    meeting_id: str
    player_id: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., meeting_id: _Optional[str] = ..., player_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CancelMeetingRequest(_message.Message):
    __slots__ = ("match_key", "meeting_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    meeting_id: str
    def __init__(self, match_key: _Optional[str] = ..., meeting_id: _Optional[str] = ...) -> None: ...

class AssignMeetingRequest(_message.Message):
    __slots__ = ("match_key", "start", "end", "hanchans", "room_id", "replaces_meeting_id", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    REPLACES_MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    room_id: str
    replaces_meeting_id: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., room_id: _Optional[str] = ..., replaces_meeting_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ApplyFallbackRequest(_message.Message):
    __slots__ = ("match_key", "minutes", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    minutes: int
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class MoveMatchWindowRequest(_message.Message):
    __slots__ = ("match_key", "window_start", "window_end", "reason", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    reason: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reason: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class MoveMatchWindowResponse(_message.Message):
    __slots__ = ("match", "cancelled_meeting_ids", "voided_meeting_ids")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    VOIDED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    match: ScheduledMatch
    cancelled_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    voided_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match: _Optional[_Union[ScheduledMatch, _Mapping]] = ..., cancelled_meeting_ids: _Optional[_Iterable[str]] = ..., voided_meeting_ids: _Optional[_Iterable[str]] = ...) -> None: ...

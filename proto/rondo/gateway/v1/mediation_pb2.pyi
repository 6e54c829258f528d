import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import results_pb2 as _results_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MediationStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MEDIATION_STATUS_UNSPECIFIED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_AWAITING_ANSWER: _ClassVar[MediationStatus]
    MEDIATION_STATUS_SCHEDULED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_PLAYED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_NO_SHOW: _ClassVar[MediationStatus]
MEDIATION_STATUS_UNSPECIFIED: MediationStatus
MEDIATION_STATUS_AWAITING_ANSWER: MediationStatus
MEDIATION_STATUS_SCHEDULED: MediationStatus
MEDIATION_STATUS_PLAYED: MediationStatus
MEDIATION_STATUS_NO_SHOW: MediationStatus

class MediationCalendar(_message.Message):
    __slots__ = ("competition_id", "stage", "division", "starts_on", "ends_on", "second_round_starts_on", "fixed_schedule")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    SECOND_ROUND_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    FIXED_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    division: str
    starts_on: str
    ends_on: str
    second_round_starts_on: str
    fixed_schedule: bool
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., division: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., second_round_starts_on: _Optional[str] = ..., fixed_schedule: _Optional[bool] = ...) -> None: ...

class SetMediationCalendarRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "division", "starts_on", "ends_on", "second_round_starts_on", "fixed_schedule")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    SECOND_ROUND_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    FIXED_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    division: str
    starts_on: str
    ends_on: str
    second_round_starts_on: str
    fixed_schedule: bool
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., division: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., second_round_starts_on: _Optional[str] = ..., fixed_schedule: _Optional[bool] = ...) -> None: ...

class Mediation(_message.Message):
    __slots__ = ("id", "competition_id", "stage", "round", "table", "requester_id", "opponent_id", "requested_at", "week_starts_on", "requester_days", "requester_time", "answer_due_at", "opponent_days", "opponent_time", "status", "scheduled_at", "decided_by", "absent_player_ids", "closed_at", "recorded_by")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_AT_FIELD_NUMBER: _ClassVar[int]
    WEEK_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_DAYS_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_TIME_FIELD_NUMBER: _ClassVar[int]
    ANSWER_DUE_AT_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_DAYS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_TIME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_AT_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    requested_at: _timestamp_pb2.Timestamp
    week_starts_on: str
    requester_days: _containers.RepeatedScalarFieldContainer[str]
    requester_time: str
    answer_due_at: _timestamp_pb2.Timestamp
    opponent_days: _containers.RepeatedScalarFieldContainer[str]
    opponent_time: str
    status: MediationStatus
    scheduled_at: _timestamp_pb2.Timestamp
    decided_by: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    closed_at: _timestamp_pb2.Timestamp
    recorded_by: str
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., requested_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., week_starts_on: _Optional[str] = ..., requester_days: _Optional[_Iterable[str]] = ..., requester_time: _Optional[str] = ..., answer_due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., opponent_days: _Optional[_Iterable[str]] = ..., opponent_time: _Optional[str] = ..., status: _Optional[_Union[MediationStatus, str]] = ..., scheduled_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., decided_by: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ..., closed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., recorded_by: _Optional[str] = ...) -> None: ...

class RequestMediationRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "round", "table", "requester_id", "opponent_id", "days", "time", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    days: _containers.RepeatedScalarFieldContainer[str]
    time: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., days: _Optional[_Iterable[str]] = ..., time: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class AnswerMediationRequest(_message.Message):
    __slots__ = ("mediation_id", "player_id", "days", "time")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    player_id: str
    days: _containers.RepeatedScalarFieldContainer[str]
    time: str
    def __init__(self, mediation_id: _Optional[str] = ..., player_id: _Optional[str] = ..., days: _Optional[_Iterable[str]] = ..., time: _Optional[str] = ...) -> None: ...

class DecideMediationRequest(_message.Message):
    __slots__ = ("mediation_id", "day")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    day: str
    def __init__(self, mediation_id: _Optional[str] = ..., day: _Optional[str] = ...) -> None: ...

class RemovalDue(_message.Message):
    __slots__ = ("player_id", "opponent_ids")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_IDS_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    opponent_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_id: _Optional[str] = ..., opponent_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class RecordMediatedGameRequest(_message.Message):
    __slots__ = ("mediation_id", "result", "absent_player_ids", "recorded_by", "idempotency_key", "long")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    LONG_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    result: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    recorded_by: str
    idempotency_key: str
    long: bool
    def __init__(self, mediation_id: _Optional[str] = ..., result: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., long: _Optional[bool] = ...) -> None: ...

class RecordMediatedGameResponse(_message.Message):
    __slots__ = ("mediation", "record", "removal_due")
    MEDIATION_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    mediation: Mediation
    record: _results_pb2.ResultRecord
    removal_due: _containers.RepeatedCompositeFieldContainer[RemovalDue]
    def __init__(self, mediation: _Optional[_Union[Mediation, _Mapping]] = ..., record: _Optional[_Union[_results_pb2.ResultRecord, _Mapping]] = ..., removal_due: _Optional[_Iterable[_Union[RemovalDue, _Mapping]]] = ...) -> None: ...

class Timeout(_message.Message):
    __slots__ = ("id", "competition_id", "stage", "player_id", "starts_on", "ends_on", "clipped", "requested_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    CLIPPED_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    stage: int
    player_id: str
    starts_on: str
    ends_on: str
    clipped: bool
    requested_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., clipped: _Optional[bool] = ..., requested_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class RequestTimeoutRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "player_id", "starts_on", "ends_on", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    player_id: str
    starts_on: str
    ends_on: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListMediationsRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "player_id", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    player_id: str
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListMediationsResponse(_message.Message):
    __slots__ = ("mediations", "removal_due", "next_page_token")
    MEDIATIONS_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    mediations: _containers.RepeatedCompositeFieldContainer[Mediation]
    removal_due: _containers.RepeatedCompositeFieldContainer[RemovalDue]
    next_page_token: str
    def __init__(self, mediations: _Optional[_Iterable[_Union[Mediation, _Mapping]]] = ..., removal_due: _Optional[_Iterable[_Union[RemovalDue, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListTimeoutsRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "player_id", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    player_id: str
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListTimeoutsResponse(_message.Message):
    __slots__ = ("timeouts", "next_page_token")
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    timeouts: _containers.RepeatedCompositeFieldContainer[Timeout]
    next_page_token: str
    def __init__(self, timeouts: _Optional[_Iterable[_Union[Timeout, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

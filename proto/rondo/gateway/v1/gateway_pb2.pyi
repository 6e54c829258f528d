import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.booking.v1 import booking_pb2 as _booking_pb2
from rondo.league.v1 import league_pb2 as _league_pb2
from rondo.solver.v1 import solver_pb2 as _solver_pb2
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

class Role(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ROLE_UNSPECIFIED: _ClassVar[Role]
    ROLE_ORGANIZER: _ClassVar[Role]
    ROLE_JUDGE: _ClassVar[Role]
    ROLE_PLAYER: _ClassVar[Role]
    ROLE_BOT: _ClassVar[Role]
PROPOSAL_STATE_UNSPECIFIED: ProposalState
PROPOSAL_STATE_PROPOSED: ProposalState
PROPOSAL_STATE_NOT_PLACED: ProposalState
PROPOSAL_STATE_ALREADY_BOOKED: ProposalState
PROPOSAL_STATE_WAITING_FOR_ANSWERS: ProposalState
ROLE_UNSPECIFIED: Role
ROLE_ORGANIZER: Role
ROLE_JUDGE: Role
ROLE_PLAYER: Role
ROLE_BOT: Role

class Event(_message.Message):
    __slots__ = ("id", "kind", "competition_id", "subject_id", "payload", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: str
    competition_id: str
    subject_id: str
    payload: _struct_pb2.Struct
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., competition_id: _Optional[str] = ..., subject_id: _Optional[str] = ..., payload: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

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

class PublishDueRemindersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

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
    mediation: _booking_pb2.Mediation
    record: _league_pb2.ResultRecord
    removal_due: _containers.RepeatedCompositeFieldContainer[_booking_pb2.RemovalDue]
    def __init__(self, mediation: _Optional[_Union[_booking_pb2.Mediation, _Mapping]] = ..., record: _Optional[_Union[_league_pb2.ResultRecord, _Mapping]] = ..., removal_due: _Optional[_Iterable[_Union[_booking_pb2.RemovalDue, _Mapping]]] = ...) -> None: ...

class OpenRoundSchedulingRequest(_message.Message):
    __slots__ = ("competition_id", "round", "club_id", "window_start", "window_end", "min_minutes", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    club_id: str
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., club_id: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class OpenRoundSchedulingResponse(_message.Message):
    __slots__ = ("matches",)
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[_booking_pb2.ScheduledMatch]
    def __init__(self, matches: _Optional[_Iterable[_Union[_booking_pb2.ScheduledMatch, _Mapping]]] = ...) -> None: ...

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
    preference: _solver_pb2.SchedulePreference
    time_limit_seconds: float
    seed: int
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., meeting_minutes: _Optional[int] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[_solver_pb2.SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RoundProposal(_message.Message):
    __slots__ = ("match_key", "state", "meeting", "reason", "pending_player_ids")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    MEETING_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    state: ProposalState
    meeting: _booking_pb2.Meeting
    reason: str
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_key: _Optional[str] = ..., state: _Optional[_Union[ProposalState, str]] = ..., meeting: _Optional[_Union[_booking_pb2.Meeting, _Mapping]] = ..., reason: _Optional[str] = ..., pending_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ProposeRoundScheduleResponse(_message.Message):
    __slots__ = ("matches", "status", "objective", "bound", "wall_time_seconds", "notes")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVE_FIELD_NUMBER: _ClassVar[int]
    BOUND_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[RoundProposal]
    status: _solver_pb2.SolveStatus
    objective: _solver_pb2.ScheduleObjective
    bound: _solver_pb2.ScheduleObjective
    wall_time_seconds: float
    notes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, matches: _Optional[_Iterable[_Union[RoundProposal, _Mapping]]] = ..., status: _Optional[_Union[_solver_pb2.SolveStatus, str]] = ..., objective: _Optional[_Union[_solver_pb2.ScheduleObjective, _Mapping]] = ..., bound: _Optional[_Union[_solver_pb2.ScheduleObjective, _Mapping]] = ..., wall_time_seconds: _Optional[float] = ..., notes: _Optional[_Iterable[str]] = ...) -> None: ...

class DrawCompetitionRequest(_message.Message):
    __slots__ = ("competition_id", "seed", "time_limit_seconds", "separations", "pins", "seat_balance", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    seed: int
    time_limit_seconds: float
    separations: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Separation]
    pins: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Pin]
    seat_balance: bool
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., separations: _Optional[_Iterable[_Union[_solver_pb2.Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_solver_pb2.Pin, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RedrawRequest(_message.Message):
    __slots__ = ("competition_id", "played_rounds", "reason", "seed", "time_limit_seconds", "separations", "pins", "idempotency_key", "seat_balance")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    played_rounds: int
    reason: str
    seed: int
    time_limit_seconds: float
    separations: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Separation]
    pins: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Pin]
    idempotency_key: str
    seat_balance: bool
    def __init__(self, competition_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., separations: _Optional[_Iterable[_Union[_solver_pb2.Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_solver_pb2.Pin, _Mapping]]] = ..., idempotency_key: _Optional[str] = ..., seat_balance: _Optional[bool] = ...) -> None: ...

class DrawView(_message.Message):
    __slots__ = ("draw", "status", "diff", "conflicts", "notes", "wall_time_seconds", "work_budget", "work_used", "reproducible")
    DRAW_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    CONFLICTS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORK_BUDGET_FIELD_NUMBER: _ClassVar[int]
    WORK_USED_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    draw: _league_pb2.Draw
    status: _solver_pb2.SolveStatus
    diff: _containers.RepeatedCompositeFieldContainer[_solver_pb2.RoundDiff]
    conflicts: _containers.RepeatedScalarFieldContainer[str]
    notes: _containers.RepeatedScalarFieldContainer[str]
    wall_time_seconds: float
    work_budget: int
    work_used: int
    reproducible: bool
    def __init__(self, draw: _Optional[_Union[_league_pb2.Draw, _Mapping]] = ..., status: _Optional[_Union[_solver_pb2.SolveStatus, str]] = ..., diff: _Optional[_Iterable[_Union[_solver_pb2.RoundDiff, _Mapping]]] = ..., conflicts: _Optional[_Iterable[str]] = ..., notes: _Optional[_Iterable[str]] = ..., wall_time_seconds: _Optional[float] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ...) -> None: ...

class MahjongPlayoffView(_message.Message):
    __slots__ = ("stage", "tables", "waiting_ids", "exits", "final_order", "explanation")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    WAITING_IDS_FIELD_NUMBER: _ClassVar[int]
    EXITS_FIELD_NUMBER: _ClassVar[int]
    FINAL_ORDER_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    stage: str
    tables: _containers.RepeatedCompositeFieldContainer[_solver_pb2.PlayoffTable]
    waiting_ids: _containers.RepeatedScalarFieldContainer[str]
    exits: _containers.RepeatedCompositeFieldContainer[_league_pb2.PlayoffExit]
    final_order: _containers.RepeatedScalarFieldContainer[str]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[str] = ..., tables: _Optional[_Iterable[_Union[_solver_pb2.PlayoffTable, _Mapping]]] = ..., waiting_ids: _Optional[_Iterable[str]] = ..., exits: _Optional[_Iterable[_Union[_league_pb2.PlayoffExit, _Mapping]]] = ..., final_order: _Optional[_Iterable[str]] = ..., explanation: _Optional[_Iterable[str]] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class NamedTable(_message.Message):
    __slots__ = ("number", "player_ids", "player_names")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAMES_FIELD_NUMBER: _ClassVar[int]
    number: int
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    player_names: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, number: _Optional[int] = ..., player_ids: _Optional[_Iterable[str]] = ..., player_names: _Optional[_Iterable[str]] = ...) -> None: ...

class NamedRound(_message.Message):
    __slots__ = ("number", "tables")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    number: int
    tables: _containers.RepeatedCompositeFieldContainer[NamedTable]
    def __init__(self, number: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[NamedTable, _Mapping]]] = ...) -> None: ...

class ListTablesResponse(_message.Message):
    __slots__ = ("draw_id", "version", "rounds")
    DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    draw_id: str
    version: int
    rounds: _containers.RepeatedCompositeFieldContainer[NamedRound]
    def __init__(self, draw_id: _Optional[str] = ..., version: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[NamedRound, _Mapping]]] = ...) -> None: ...

class AdvanceStageRequest(_message.Message):
    __slots__ = ("competition_id", "created_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    created_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., created_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class PlayerLink(_message.Message):
    __slots__ = ("competition_id", "player_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_id: str
    def __init__(self, competition_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class Account(_message.Message):
    __slots__ = ("id", "name", "role", "created_at", "created_by", "disabled", "players")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    role: Role
    created_at: _timestamp_pb2.Timestamp
    created_by: str
    disabled: bool
    players: _containers.RepeatedCompositeFieldContainer[PlayerLink]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_by: _Optional[str] = ..., disabled: _Optional[bool] = ..., players: _Optional[_Iterable[_Union[PlayerLink, _Mapping]]] = ...) -> None: ...

class LoginRequest(_message.Message):
    __slots__ = ("name", "password")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    name: str
    password: str
    def __init__(self, name: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class LoginResponse(_message.Message):
    __slots__ = ("token", "expires_at", "account")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    token: str
    expires_at: _timestamp_pb2.Timestamp
    account: Account
    def __init__(self, token: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class LogoutRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LogoutResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RevokeTokenRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class RevokeTokenResponse(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class WhoAmIRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CreateAccountRequest(_message.Message):
    __slots__ = ("name", "role")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    name: str
    role: Role
    def __init__(self, name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ...) -> None: ...

class AccountCredentials(_message.Message):
    __slots__ = ("account", "password", "service_token", "service_token_expires_at")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    password: str
    service_token: str
    service_token_expires_at: _timestamp_pb2.Timestamp
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., password: _Optional[str] = ..., service_token: _Optional[str] = ..., service_token_expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ResetPasswordRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ListAccountsRequest(_message.Message):
    __slots__ = ("role", "include_disabled", "page_size", "page_token")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_DISABLED_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    role: Role
    include_disabled: bool
    page_size: int
    page_token: str
    def __init__(self, role: _Optional[_Union[Role, str]] = ..., include_disabled: _Optional[bool] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAccountsResponse(_message.Message):
    __slots__ = ("accounts", "next_page_token")
    ACCOUNTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    accounts: _containers.RepeatedCompositeFieldContainer[Account]
    next_page_token: str
    def __init__(self, accounts: _Optional[_Iterable[_Union[Account, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class DisableAccountRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class LinkPlayerRequest(_message.Message):
    __slots__ = ("account_id", "competition_id", "player_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    competition_id: str
    player_id: str
    def __init__(self, account_id: _Optional[str] = ..., competition_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class AuditEntry(_message.Message):
    __slots__ = ("id", "at", "account_id", "account_name", "role", "rpc", "summary", "reason", "outcome")
    ID_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    RPC_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    id: int
    at: _timestamp_pb2.Timestamp
    account_id: str
    account_name: str
    role: Role
    rpc: str
    summary: str
    reason: str
    outcome: str
    def __init__(self, id: _Optional[int] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., account_id: _Optional[str] = ..., account_name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ..., rpc: _Optional[str] = ..., summary: _Optional[str] = ..., reason: _Optional[str] = ..., outcome: _Optional[str] = ...) -> None: ...

class ListAuditLogRequest(_message.Message):
    __slots__ = ("account_id", "page_size", "page_token")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    page_size: int
    page_token: str
    def __init__(self, account_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAuditLogResponse(_message.Message):
    __slots__ = ("entries", "next_page_token")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[AuditEntry]
    next_page_token: str
    def __init__(self, entries: _Optional[_Iterable[_Union[AuditEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

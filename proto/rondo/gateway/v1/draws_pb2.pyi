import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DrawStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DRAW_STATUS_UNSPECIFIED: _ClassVar[DrawStatus]
    DRAW_STATUS_PROPOSED: _ClassVar[DrawStatus]
    DRAW_STATUS_APPROVED: _ClassVar[DrawStatus]
    DRAW_STATUS_SUPERSEDED: _ClassVar[DrawStatus]
DRAW_STATUS_UNSPECIFIED: DrawStatus
DRAW_STATUS_PROPOSED: DrawStatus
DRAW_STATUS_APPROVED: DrawStatus
DRAW_STATUS_SUPERSEDED: DrawStatus

class DrawObjective(_message.Message):
    __slots__ = ("soft_violations", "max_meetings", "sum_repeat_pairs", "consecutive_repeats", "max_player_repeats")
    SOFT_VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_MEETINGS_FIELD_NUMBER: _ClassVar[int]
    SUM_REPEAT_PAIRS_FIELD_NUMBER: _ClassVar[int]
    CONSECUTIVE_REPEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYER_REPEATS_FIELD_NUMBER: _ClassVar[int]
    soft_violations: int
    max_meetings: int
    sum_repeat_pairs: int
    consecutive_repeats: int
    max_player_repeats: int
    def __init__(self, soft_violations: _Optional[int] = ..., max_meetings: _Optional[int] = ..., sum_repeat_pairs: _Optional[int] = ..., consecutive_repeats: _Optional[int] = ..., max_player_repeats: _Optional[int] = ...) -> None: ...

class Separation(_message.Message):
    __slots__ = ("player_ids", "weight")
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WEIGHT_FIELD_NUMBER: _ClassVar[int]
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    weight: int
    def __init__(self, player_ids: _Optional[_Iterable[str]] = ..., weight: _Optional[int] = ...) -> None: ...

class Pin(_message.Message):
    __slots__ = ("player_id", "round", "table")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    round: int
    table: int
    def __init__(self, player_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ...) -> None: ...

class RoundDiff(_message.Message):
    __slots__ = ("round", "moved_player_ids")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MOVED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    round: int
    moved_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, round: _Optional[int] = ..., moved_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Draw(_message.Message):
    __slots__ = ("id", "competition_id", "version", "status", "seed", "rounds", "objective", "lower_bound", "proven_optimal", "method", "replaces_draw_id", "played_rounds", "reason", "players_moved", "created_at", "approved_at", "sitting_out")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVE_FIELD_NUMBER: _ClassVar[int]
    LOWER_BOUND_FIELD_NUMBER: _ClassVar[int]
    PROVEN_OPTIMAL_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REPLACES_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_MOVED_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    APPROVED_AT_FIELD_NUMBER: _ClassVar[int]
    SITTING_OUT_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    version: int
    status: DrawStatus
    seed: int
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    objective: DrawObjective
    lower_bound: DrawObjective
    proven_optimal: bool
    method: str
    replaces_draw_id: str
    played_rounds: int
    reason: str
    players_moved: int
    created_at: _timestamp_pb2.Timestamp
    approved_at: _timestamp_pb2.Timestamp
    sitting_out: int
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[DrawStatus, str]] = ..., seed: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., method: _Optional[str] = ..., replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., players_moved: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., approved_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sitting_out: _Optional[int] = ...) -> None: ...

class SitOut(_message.Message):
    __slots__ = ("per_round",)
    PER_ROUND_FIELD_NUMBER: _ClassVar[int]
    per_round: int
    def __init__(self, per_round: _Optional[int] = ...) -> None: ...

class DrawCompetitionRequest(_message.Message):
    __slots__ = ("competition_id", "seed", "time_limit_seconds", "separations", "pins", "seat_balance", "idempotency_key", "sit_out")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    SIT_OUT_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    seed: int
    time_limit_seconds: float
    separations: _containers.RepeatedCompositeFieldContainer[Separation]
    pins: _containers.RepeatedCompositeFieldContainer[Pin]
    seat_balance: bool
    idempotency_key: str
    sit_out: SitOut
    def __init__(self, competition_id: _Optional[str] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., separations: _Optional[_Iterable[_Union[Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[Pin, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., idempotency_key: _Optional[str] = ..., sit_out: _Optional[_Union[SitOut, _Mapping]] = ...) -> None: ...

class RedrawRequest(_message.Message):
    __slots__ = ("competition_id", "played_rounds", "reason", "seed", "time_limit_seconds", "separations", "pins", "idempotency_key", "seat_balance", "sit_out")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    SIT_OUT_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    played_rounds: int
    reason: str
    seed: int
    time_limit_seconds: float
    separations: _containers.RepeatedCompositeFieldContainer[Separation]
    pins: _containers.RepeatedCompositeFieldContainer[Pin]
    idempotency_key: str
    seat_balance: bool
    sit_out: SitOut
    def __init__(self, competition_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., separations: _Optional[_Iterable[_Union[Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[Pin, _Mapping]]] = ..., idempotency_key: _Optional[str] = ..., seat_balance: _Optional[bool] = ..., sit_out: _Optional[_Union[SitOut, _Mapping]] = ...) -> None: ...

class DrawProposal(_message.Message):
    __slots__ = ("draw", "status", "diff", "conflicts", "notes", "wall_time_seconds", "work_budget", "work_used", "reproducible", "search_work_used", "cpsat_deterministic_seconds_used")
    DRAW_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    CONFLICTS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORK_BUDGET_FIELD_NUMBER: _ClassVar[int]
    WORK_USED_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    SEARCH_WORK_USED_FIELD_NUMBER: _ClassVar[int]
    CPSAT_DETERMINISTIC_SECONDS_USED_FIELD_NUMBER: _ClassVar[int]
    draw: Draw
    status: _common_pb2.SolveStatus
    diff: _containers.RepeatedCompositeFieldContainer[RoundDiff]
    conflicts: _containers.RepeatedScalarFieldContainer[str]
    notes: _containers.RepeatedScalarFieldContainer[str]
    wall_time_seconds: float
    work_budget: int
    work_used: int
    reproducible: bool
    search_work_used: int
    cpsat_deterministic_seconds_used: float
    def __init__(self, draw: _Optional[_Union[Draw, _Mapping]] = ..., status: _Optional[_Union[_common_pb2.SolveStatus, str]] = ..., diff: _Optional[_Iterable[_Union[RoundDiff, _Mapping]]] = ..., conflicts: _Optional[_Iterable[str]] = ..., notes: _Optional[_Iterable[str]] = ..., wall_time_seconds: _Optional[float] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ..., search_work_used: _Optional[int] = ..., cpsat_deterministic_seconds_used: _Optional[float] = ...) -> None: ...

class ApproveDrawRequest(_message.Message):
    __slots__ = ("competition_id", "draw_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    draw_id: str
    def __init__(self, competition_id: _Optional[str] = ..., draw_id: _Optional[str] = ...) -> None: ...

class GetDrawRequest(_message.Message):
    __slots__ = ("competition_id", "draw_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    draw_id: str
    def __init__(self, competition_id: _Optional[str] = ..., draw_id: _Optional[str] = ...) -> None: ...

class ListDrawsRequest(_message.Message):
    __slots__ = ("competition_id", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListDrawsResponse(_message.Message):
    __slots__ = ("draws", "next_page_token")
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    draws: _containers.RepeatedCompositeFieldContainer[Draw]
    next_page_token: str
    def __init__(self, draws: _Optional[_Iterable[_Union[Draw, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetSeatingRequest(_message.Message):
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

class Seating(_message.Message):
    __slots__ = ("draw_id", "version", "rounds")
    DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    draw_id: str
    version: int
    rounds: _containers.RepeatedCompositeFieldContainer[NamedRound]
    def __init__(self, draw_id: _Optional[str] = ..., version: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[NamedRound, _Mapping]]] = ...) -> None: ...

class CommitDrawSeedRequest(_message.Message):
    __slots__ = ("competition_id", "committed_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    committed_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., committed_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetSeedCommitmentRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class SeedCommitment(_message.Message):
    __slots__ = ("competition_id", "commitment", "committed_at", "committed_by")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_AT_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_BY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    commitment: str
    committed_at: _timestamp_pb2.Timestamp
    committed_by: str
    def __init__(self, competition_id: _Optional[str] = ..., commitment: _Optional[str] = ..., committed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., committed_by: _Optional[str] = ...) -> None: ...

class GetDrawCertificateRequest(_message.Message):
    __slots__ = ("competition_id", "draw_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    draw_id: str
    def __init__(self, competition_id: _Optional[str] = ..., draw_id: _Optional[str] = ...) -> None: ...

class DrawCertificate(_message.Message):
    __slots__ = ("certificate_json",)
    CERTIFICATE_JSON_FIELD_NUMBER: _ClassVar[int]
    certificate_json: str
    def __init__(self, certificate_json: _Optional[str] = ...) -> None: ...

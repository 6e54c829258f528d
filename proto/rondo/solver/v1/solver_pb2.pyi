import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SolveStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOLVE_STATUS_UNSPECIFIED: _ClassVar[SolveStatus]
    SOLVE_STATUS_OPTIMAL: _ClassVar[SolveStatus]
    SOLVE_STATUS_FEASIBLE: _ClassVar[SolveStatus]
    SOLVE_STATUS_INFEASIBLE: _ClassVar[SolveStatus]
    SOLVE_STATUS_UNKNOWN: _ClassVar[SolveStatus]
SOLVE_STATUS_UNSPECIFIED: SolveStatus
SOLVE_STATUS_OPTIMAL: SolveStatus
SOLVE_STATUS_FEASIBLE: SolveStatus
SOLVE_STATUS_INFEASIBLE: SolveStatus
SOLVE_STATUS_UNKNOWN: SolveStatus

class Player(_message.Message):
    __slots__ = ("id", "rating", "team")
    ID_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    id: str
    rating: int
    team: str
    def __init__(self, id: _Optional[str] = ..., rating: _Optional[int] = ..., team: _Optional[str] = ...) -> None: ...

class Table(_message.Message):
    __slots__ = ("player_ids",)
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Round(_message.Message):
    __slots__ = ("tables",)
    TABLES_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[Table]
    def __init__(self, tables: _Optional[_Iterable[_Union[Table, _Mapping]]] = ...) -> None: ...

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

class DrawTablesRequest(_message.Message):
    __slots__ = ("players", "rounds", "table_size", "separations", "pins", "fixed_rounds", "previous", "seat_balance", "seed", "time_limit_seconds", "history", "work_budget")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    FIXED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    WORK_BUDGET_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    rounds: int
    table_size: int
    separations: _containers.RepeatedCompositeFieldContainer[Separation]
    pins: _containers.RepeatedCompositeFieldContainer[Pin]
    fixed_rounds: _containers.RepeatedCompositeFieldContainer[Round]
    previous: _containers.RepeatedCompositeFieldContainer[Round]
    seat_balance: bool
    seed: int
    time_limit_seconds: float
    history: _containers.RepeatedCompositeFieldContainer[Round]
    work_budget: int
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., separations: _Optional[_Iterable[_Union[Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[Pin, _Mapping]]] = ..., fixed_rounds: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., previous: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., history: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., work_budget: _Optional[int] = ...) -> None: ...

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

class RoundDiff(_message.Message):
    __slots__ = ("round", "moved_player_ids")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MOVED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    round: int
    moved_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, round: _Optional[int] = ..., moved_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class DrawTablesResponse(_message.Message):
    __slots__ = ("status", "rounds", "objective", "lower_bound", "proven_optimal", "seed", "wall_time_seconds", "method", "players_moved", "diff", "conflicts", "notes", "seat_imbalance", "gap", "work_budget", "work_used", "reproducible")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVE_FIELD_NUMBER: _ClassVar[int]
    LOWER_BOUND_FIELD_NUMBER: _ClassVar[int]
    PROVEN_OPTIMAL_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_MOVED_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    CONFLICTS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SEAT_IMBALANCE_FIELD_NUMBER: _ClassVar[int]
    GAP_FIELD_NUMBER: _ClassVar[int]
    WORK_BUDGET_FIELD_NUMBER: _ClassVar[int]
    WORK_USED_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    status: SolveStatus
    rounds: _containers.RepeatedCompositeFieldContainer[Round]
    objective: DrawObjective
    lower_bound: DrawObjective
    proven_optimal: bool
    seed: int
    wall_time_seconds: float
    method: str
    players_moved: int
    diff: _containers.RepeatedCompositeFieldContainer[RoundDiff]
    conflicts: _containers.RepeatedScalarFieldContainer[str]
    notes: _containers.RepeatedScalarFieldContainer[str]
    seat_imbalance: int
    gap: DrawObjective
    work_budget: int
    work_used: int
    reproducible: bool
    def __init__(self, status: _Optional[_Union[SolveStatus, str]] = ..., rounds: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., objective: _Optional[_Union[DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., seed: _Optional[int] = ..., wall_time_seconds: _Optional[float] = ..., method: _Optional[str] = ..., players_moved: _Optional[int] = ..., diff: _Optional[_Iterable[_Union[RoundDiff, _Mapping]]] = ..., conflicts: _Optional[_Iterable[str]] = ..., notes: _Optional[_Iterable[str]] = ..., seat_imbalance: _Optional[int] = ..., gap: _Optional[_Union[DrawObjective, _Mapping]] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ...) -> None: ...

class ScheduleCandidate(_message.Message):
    __slots__ = ("start", "end", "room_ids")
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ROOM_IDS_FIELD_NUMBER: _ClassVar[int]
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    room_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., room_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ScheduleMatch(_message.Message):
    __slots__ = ("match_id", "player_ids", "length_minutes", "candidates")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    LENGTH_MINUTES_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    length_minutes: int
    candidates: _containers.RepeatedCompositeFieldContainer[ScheduleCandidate]
    def __init__(self, match_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., length_minutes: _Optional[int] = ..., candidates: _Optional[_Iterable[_Union[ScheduleCandidate, _Mapping]]] = ...) -> None: ...

class SchedulePreference(_message.Message):
    __slots__ = ("evening_start_minute", "evening_end_minute", "daytime_penalty_minutes")
    EVENING_START_MINUTE_FIELD_NUMBER: _ClassVar[int]
    EVENING_END_MINUTE_FIELD_NUMBER: _ClassVar[int]
    DAYTIME_PENALTY_MINUTES_FIELD_NUMBER: _ClassVar[int]
    evening_start_minute: int
    evening_end_minute: int
    daytime_penalty_minutes: int
    def __init__(self, evening_start_minute: _Optional[int] = ..., evening_end_minute: _Optional[int] = ..., daytime_penalty_minutes: _Optional[int] = ...) -> None: ...

class ProposeRoundScheduleRequest(_message.Message):
    __slots__ = ("matches", "room_ids", "time_zone", "window_start", "start_step_minutes", "preference", "time_limit_seconds", "seed")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    ROOM_IDS_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    START_STEP_MINUTES_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[ScheduleMatch]
    room_ids: _containers.RepeatedScalarFieldContainer[str]
    time_zone: str
    window_start: _timestamp_pb2.Timestamp
    start_step_minutes: int
    preference: SchedulePreference
    time_limit_seconds: float
    seed: int
    def __init__(self, matches: _Optional[_Iterable[_Union[ScheduleMatch, _Mapping]]] = ..., room_ids: _Optional[_Iterable[str]] = ..., time_zone: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ...) -> None: ...

class MatchSlot(_message.Message):
    __slots__ = ("match_id", "placed", "start", "end", "room_id", "cost", "reason")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    placed: bool
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    room_id: str
    cost: int
    reason: str
    def __init__(self, match_id: _Optional[str] = ..., placed: _Optional[bool] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., room_id: _Optional[str] = ..., cost: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class ScheduleObjective(_message.Message):
    __slots__ = ("matches_placed", "preference_cost")
    MATCHES_PLACED_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_COST_FIELD_NUMBER: _ClassVar[int]
    matches_placed: int
    preference_cost: int
    def __init__(self, matches_placed: _Optional[int] = ..., preference_cost: _Optional[int] = ...) -> None: ...

class ProposeRoundScheduleResponse(_message.Message):
    __slots__ = ("status", "slots", "objective", "bound", "wall_time_seconds", "method", "notes", "seed")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVE_FIELD_NUMBER: _ClassVar[int]
    BOUND_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    status: SolveStatus
    slots: _containers.RepeatedCompositeFieldContainer[MatchSlot]
    objective: ScheduleObjective
    bound: ScheduleObjective
    wall_time_seconds: float
    method: str
    notes: _containers.RepeatedScalarFieldContainer[str]
    seed: int
    def __init__(self, status: _Optional[_Union[SolveStatus, str]] = ..., slots: _Optional[_Iterable[_Union[MatchSlot, _Mapping]]] = ..., objective: _Optional[_Union[ScheduleObjective, _Mapping]] = ..., bound: _Optional[_Union[ScheduleObjective, _Mapping]] = ..., wall_time_seconds: _Optional[float] = ..., method: _Optional[str] = ..., notes: _Optional[_Iterable[str]] = ..., seed: _Optional[int] = ...) -> None: ...

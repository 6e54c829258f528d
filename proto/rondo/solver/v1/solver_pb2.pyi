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

class Entrant(_message.Message):
    __slots__ = ("id", "title", "rating", "applied_at", "win_numerator", "win_denominator")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    APPLIED_AT_FIELD_NUMBER: _ClassVar[int]
    WIN_NUMERATOR_FIELD_NUMBER: _ClassVar[int]
    WIN_DENOMINATOR_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    rating: int
    applied_at: int
    win_numerator: int
    win_denominator: int
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., rating: _Optional[int] = ..., applied_at: _Optional[int] = ..., win_numerator: _Optional[int] = ..., win_denominator: _Optional[int] = ...) -> None: ...

class KnockoutMatch(_message.Message):
    __slots__ = ("number", "first_seed", "second_seed", "first_id", "second_id", "blue_rule")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEED_FIELD_NUMBER: _ClassVar[int]
    SECOND_SEED_FIELD_NUMBER: _ClassVar[int]
    FIRST_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_ID_FIELD_NUMBER: _ClassVar[int]
    BLUE_RULE_FIELD_NUMBER: _ClassVar[int]
    number: int
    first_seed: int
    second_seed: int
    first_id: str
    second_id: str
    blue_rule: str
    def __init__(self, number: _Optional[int] = ..., first_seed: _Optional[int] = ..., second_seed: _Optional[int] = ..., first_id: _Optional[str] = ..., second_id: _Optional[str] = ..., blue_rule: _Optional[str] = ...) -> None: ...

class BuildKnockoutRequest(_message.Message):
    __slots__ = ("entrants", "title_order", "max_participants", "min_participants", "byes_to_top_seeds")
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    TITLE_ORDER_FIELD_NUMBER: _ClassVar[int]
    MAX_PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    MIN_PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    BYES_TO_TOP_SEEDS_FIELD_NUMBER: _ClassVar[int]
    entrants: _containers.RepeatedCompositeFieldContainer[Entrant]
    title_order: _containers.RepeatedScalarFieldContainer[str]
    max_participants: int
    min_participants: int
    byes_to_top_seeds: bool
    def __init__(self, entrants: _Optional[_Iterable[_Union[Entrant, _Mapping]]] = ..., title_order: _Optional[_Iterable[str]] = ..., max_participants: _Optional[int] = ..., min_participants: _Optional[int] = ..., byes_to_top_seeds: _Optional[bool] = ...) -> None: ...

class BuildKnockoutResponse(_message.Message):
    __slots__ = ("seed_ids", "cut_ids", "void_possible", "void_reason", "bracket_size", "stage_name", "first_stage", "explanation", "positions")
    SEED_IDS_FIELD_NUMBER: _ClassVar[int]
    CUT_IDS_FIELD_NUMBER: _ClassVar[int]
    VOID_POSSIBLE_FIELD_NUMBER: _ClassVar[int]
    VOID_REASON_FIELD_NUMBER: _ClassVar[int]
    BRACKET_SIZE_FIELD_NUMBER: _ClassVar[int]
    STAGE_NAME_FIELD_NUMBER: _ClassVar[int]
    FIRST_STAGE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    POSITIONS_FIELD_NUMBER: _ClassVar[int]
    seed_ids: _containers.RepeatedScalarFieldContainer[str]
    cut_ids: _containers.RepeatedScalarFieldContainer[str]
    void_possible: bool
    void_reason: str
    bracket_size: int
    stage_name: str
    first_stage: _containers.RepeatedCompositeFieldContainer[KnockoutMatch]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    positions: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seed_ids: _Optional[_Iterable[str]] = ..., cut_ids: _Optional[_Iterable[str]] = ..., void_possible: _Optional[bool] = ..., void_reason: _Optional[str] = ..., bracket_size: _Optional[int] = ..., stage_name: _Optional[str] = ..., first_stage: _Optional[_Iterable[_Union[KnockoutMatch, _Mapping]]] = ..., explanation: _Optional[_Iterable[str]] = ..., positions: _Optional[_Iterable[int]] = ...) -> None: ...

class KnockoutPlayer(_message.Message):
    __slots__ = ("id", "seed", "position", "rating", "win_numerator", "win_denominator")
    ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    WIN_NUMERATOR_FIELD_NUMBER: _ClassVar[int]
    WIN_DENOMINATOR_FIELD_NUMBER: _ClassVar[int]
    id: str
    seed: int
    position: int
    rating: int
    win_numerator: int
    win_denominator: int
    def __init__(self, id: _Optional[str] = ..., seed: _Optional[int] = ..., position: _Optional[int] = ..., rating: _Optional[int] = ..., win_numerator: _Optional[int] = ..., win_denominator: _Optional[int] = ...) -> None: ...

class PairKnockoutStageRequest(_message.Message):
    __slots__ = ("players", "byes_to_top_seeds", "bracket_size", "stage_size")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BYES_TO_TOP_SEEDS_FIELD_NUMBER: _ClassVar[int]
    BRACKET_SIZE_FIELD_NUMBER: _ClassVar[int]
    STAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[KnockoutPlayer]
    byes_to_top_seeds: bool
    bracket_size: int
    stage_size: int
    def __init__(self, players: _Optional[_Iterable[_Union[KnockoutPlayer, _Mapping]]] = ..., byes_to_top_seeds: _Optional[bool] = ..., bracket_size: _Optional[int] = ..., stage_size: _Optional[int] = ...) -> None: ...

class PairKnockoutStageResponse(_message.Message):
    __slots__ = ("stage_name", "stage_size", "matches", "explanation")
    STAGE_NAME_FIELD_NUMBER: _ClassVar[int]
    STAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    stage_name: str
    stage_size: int
    matches: _containers.RepeatedCompositeFieldContainer[KnockoutMatch]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage_name: _Optional[str] = ..., stage_size: _Optional[int] = ..., matches: _Optional[_Iterable[_Union[KnockoutMatch, _Mapping]]] = ..., explanation: _Optional[_Iterable[str]] = ...) -> None: ...

class Pairing(_message.Message):
    __slots__ = ("first_id", "second_id")
    FIRST_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_ID_FIELD_NUMBER: _ClassVar[int]
    first_id: str
    second_id: str
    def __init__(self, first_id: _Optional[str] = ..., second_id: _Optional[str] = ...) -> None: ...

class RoundRobinRound(_message.Message):
    __slots__ = ("number", "cycle", "round_in_cycle", "pairings", "bye_id")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    ROUND_IN_CYCLE_FIELD_NUMBER: _ClassVar[int]
    PAIRINGS_FIELD_NUMBER: _ClassVar[int]
    BYE_ID_FIELD_NUMBER: _ClassVar[int]
    number: int
    cycle: int
    round_in_cycle: int
    pairings: _containers.RepeatedCompositeFieldContainer[Pairing]
    bye_id: str
    def __init__(self, number: _Optional[int] = ..., cycle: _Optional[int] = ..., round_in_cycle: _Optional[int] = ..., pairings: _Optional[_Iterable[_Union[Pairing, _Mapping]]] = ..., bye_id: _Optional[str] = ...) -> None: ...

class RoundRobinGroup(_message.Message):
    __slots__ = ("name", "player_ids", "rounds")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    rounds: _containers.RepeatedCompositeFieldContainer[RoundRobinRound]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., rounds: _Optional[_Iterable[_Union[RoundRobinRound, _Mapping]]] = ...) -> None: ...

class BuildRoundRobinRequest(_message.Message):
    __slots__ = ("players", "cycles", "group_size", "group_method", "seed")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CYCLES_FIELD_NUMBER: _ClassVar[int]
    GROUP_SIZE_FIELD_NUMBER: _ClassVar[int]
    GROUP_METHOD_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    cycles: int
    group_size: int
    group_method: str
    seed: int
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., cycles: _Optional[int] = ..., group_size: _Optional[int] = ..., group_method: _Optional[str] = ..., seed: _Optional[int] = ...) -> None: ...

class BuildRoundRobinResponse(_message.Message):
    __slots__ = ("groups",)
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    groups: _containers.RepeatedCompositeFieldContainer[RoundRobinGroup]
    def __init__(self, groups: _Optional[_Iterable[_Union[RoundRobinGroup, _Mapping]]] = ...) -> None: ...

class PlayoffTable(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class SeatPlayoffRoundRequest(_message.Message):
    __slots__ = ("stage", "groups")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    stage: str
    groups: _containers.RepeatedCompositeFieldContainer[PlayoffGroup]
    def __init__(self, stage: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[PlayoffGroup, _Mapping]]] = ...) -> None: ...

class SeatPlayoffRoundResponse(_message.Message):
    __slots__ = ("tables", "explanation")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[PlayoffTable]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, tables: _Optional[_Iterable[_Union[PlayoffTable, _Mapping]]] = ..., explanation: _Optional[_Iterable[str]] = ...) -> None: ...

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

import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from rondo.gateway.v1 import draws_pb2 as _draws_pb2
from rondo.gateway.v1 import results_pb2 as _results_pb2
from rondo.gateway.v1 import scheduling_pb2 as _scheduling_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Player(_message.Message):
    __slots__ = ("id", "rating", "team")
    ID_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    id: str
    rating: int
    team: str
    def __init__(self, id: _Optional[str] = ..., rating: _Optional[int] = ..., team: _Optional[str] = ...) -> None: ...

class DrawTablesRequest(_message.Message):
    __slots__ = ("players", "rounds", "table_size", "separations", "pins", "fixed_rounds", "previous", "seat_balance", "seed", "time_limit_seconds", "history", "work_budget", "sit_out", "cpsat_deterministic_seconds_per_unit")
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
    SIT_OUT_FIELD_NUMBER: _ClassVar[int]
    CPSAT_DETERMINISTIC_SECONDS_PER_UNIT_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    rounds: int
    table_size: int
    separations: _containers.RepeatedCompositeFieldContainer[_draws_pb2.Separation]
    pins: _containers.RepeatedCompositeFieldContainer[_draws_pb2.Pin]
    fixed_rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    previous: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    seat_balance: bool
    seed: int
    time_limit_seconds: float
    history: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    work_budget: int
    sit_out: _draws_pb2.SitOut
    cpsat_deterministic_seconds_per_unit: float
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., separations: _Optional[_Iterable[_Union[_draws_pb2.Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_draws_pb2.Pin, _Mapping]]] = ..., fixed_rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., previous: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., seed: _Optional[int] = ..., time_limit_seconds: _Optional[float] = ..., history: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., work_budget: _Optional[int] = ..., sit_out: _Optional[_Union[_draws_pb2.SitOut, _Mapping]] = ..., cpsat_deterministic_seconds_per_unit: _Optional[float] = ...) -> None: ...

class DrawTablesResponse(_message.Message):
    __slots__ = ("status", "rounds", "objective", "lower_bound", "proven_optimal", "seed", "wall_time_seconds", "method", "players_moved", "diff", "conflicts", "notes", "seat_imbalance", "gap", "work_budget", "work_used", "reproducible", "cpsat_deterministic_seconds_per_unit", "search_work_used", "cpsat_deterministic_seconds_used", "sit_outs")
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
    CPSAT_DETERMINISTIC_SECONDS_PER_UNIT_FIELD_NUMBER: _ClassVar[int]
    SEARCH_WORK_USED_FIELD_NUMBER: _ClassVar[int]
    CPSAT_DETERMINISTIC_SECONDS_USED_FIELD_NUMBER: _ClassVar[int]
    SIT_OUTS_FIELD_NUMBER: _ClassVar[int]
    status: _common_pb2.SolveStatus
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    objective: _draws_pb2.DrawObjective
    lower_bound: _draws_pb2.DrawObjective
    proven_optimal: bool
    seed: int
    wall_time_seconds: float
    method: str
    players_moved: int
    diff: _containers.RepeatedCompositeFieldContainer[_draws_pb2.RoundDiff]
    conflicts: _containers.RepeatedScalarFieldContainer[str]
    notes: _containers.RepeatedScalarFieldContainer[str]
    seat_imbalance: int
    gap: _draws_pb2.DrawObjective
    work_budget: int
    work_used: int
    reproducible: bool
    cpsat_deterministic_seconds_per_unit: float
    search_work_used: int
    cpsat_deterministic_seconds_used: float
    sit_outs: _containers.RepeatedCompositeFieldContainer[SittingOut]
    def __init__(self, status: _Optional[_Union[_common_pb2.SolveStatus, str]] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[_draws_pb2.DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[_draws_pb2.DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., seed: _Optional[int] = ..., wall_time_seconds: _Optional[float] = ..., method: _Optional[str] = ..., players_moved: _Optional[int] = ..., diff: _Optional[_Iterable[_Union[_draws_pb2.RoundDiff, _Mapping]]] = ..., conflicts: _Optional[_Iterable[str]] = ..., notes: _Optional[_Iterable[str]] = ..., seat_imbalance: _Optional[int] = ..., gap: _Optional[_Union[_draws_pb2.DrawObjective, _Mapping]] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ..., cpsat_deterministic_seconds_per_unit: _Optional[float] = ..., search_work_used: _Optional[int] = ..., cpsat_deterministic_seconds_used: _Optional[float] = ..., sit_outs: _Optional[_Iterable[_Union[SittingOut, _Mapping]]] = ...) -> None: ...

class SittingOut(_message.Message):
    __slots__ = ("player_ids",)
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

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
    preference: _scheduling_pb2.SchedulePreference
    time_limit_seconds: float
    seed: int
    def __init__(self, matches: _Optional[_Iterable[_Union[ScheduleMatch, _Mapping]]] = ..., room_ids: _Optional[_Iterable[str]] = ..., time_zone: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[_scheduling_pb2.SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ...) -> None: ...

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
    status: _common_pb2.SolveStatus
    slots: _containers.RepeatedCompositeFieldContainer[MatchSlot]
    objective: _scheduling_pb2.ScheduleObjective
    bound: _scheduling_pb2.ScheduleObjective
    wall_time_seconds: float
    method: str
    notes: _containers.RepeatedScalarFieldContainer[str]
    seed: int
    def __init__(self, status: _Optional[_Union[_common_pb2.SolveStatus, str]] = ..., slots: _Optional[_Iterable[_Union[MatchSlot, _Mapping]]] = ..., objective: _Optional[_Union[_scheduling_pb2.ScheduleObjective, _Mapping]] = ..., bound: _Optional[_Union[_scheduling_pb2.ScheduleObjective, _Mapping]] = ..., wall_time_seconds: _Optional[float] = ..., method: _Optional[str] = ..., notes: _Optional[_Iterable[str]] = ..., seed: _Optional[int] = ...) -> None: ...

class ProjectionStanding(_message.Message):
    __slots__ = ("player_id", "total", "place_sum", "hanchans")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    PLACE_SUM_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    total: str
    place_sum: str
    hanchans: int
    def __init__(self, player_id: _Optional[str] = ..., total: _Optional[str] = ..., place_sum: _Optional[str] = ..., hanchans: _Optional[int] = ...) -> None: ...

class RemainingMahjongMatch(_message.Message):
    __slots__ = ("round", "table", "player_ids", "hanchans", "carried", "played")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    CARRIED_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    hanchans: int
    carried: _containers.RepeatedScalarFieldContainer[str]
    played: int
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., player_ids: _Optional[_Iterable[str]] = ..., hanchans: _Optional[int] = ..., carried: _Optional[_Iterable[str]] = ..., played: _Optional[int] = ...) -> None: ...

class MahjongProjectionProblem(_message.Message):
    __slots__ = ("standings", "remaining", "hanchan_uma", "match_uma", "split_ties", "tie_breaks", "table_total", "start_points", "score_step", "min_score")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_UMA_FIELD_NUMBER: _ClassVar[int]
    MATCH_UMA_FIELD_NUMBER: _ClassVar[int]
    SPLIT_TIES_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKS_FIELD_NUMBER: _ClassVar[int]
    TABLE_TOTAL_FIELD_NUMBER: _ClassVar[int]
    START_POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORE_STEP_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[ProjectionStanding]
    remaining: _containers.RepeatedCompositeFieldContainer[RemainingMahjongMatch]
    hanchan_uma: _containers.RepeatedScalarFieldContainer[int]
    match_uma: _containers.RepeatedScalarFieldContainer[int]
    split_ties: bool
    tie_breaks: _containers.RepeatedScalarFieldContainer[str]
    table_total: int
    start_points: int
    score_step: int
    min_score: int
    def __init__(self, standings: _Optional[_Iterable[_Union[ProjectionStanding, _Mapping]]] = ..., remaining: _Optional[_Iterable[_Union[RemainingMahjongMatch, _Mapping]]] = ..., hanchan_uma: _Optional[_Iterable[int]] = ..., match_uma: _Optional[_Iterable[int]] = ..., split_ties: _Optional[bool] = ..., tie_breaks: _Optional[_Iterable[str]] = ..., table_total: _Optional[int] = ..., start_points: _Optional[int] = ..., score_step: _Optional[int] = ..., min_score: _Optional[int] = ...) -> None: ...

class UpDownProjectionStanding(_message.Message):
    __slots__ = ("player_id", "points", "carried", "withdrawn")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CARRIED_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    points: int
    carried: int
    withdrawn: bool
    def __init__(self, player_id: _Optional[str] = ..., points: _Optional[int] = ..., carried: _Optional[int] = ..., withdrawn: _Optional[bool] = ...) -> None: ...

class UpDownPairPoints(_message.Message):
    __slots__ = ("player_id", "opponent_id", "points")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    opponent_id: str
    points: int
    def __init__(self, player_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...

class RemainingUpDownGame(_message.Message):
    __slots__ = ("round", "table", "white_player_id", "black_player_id", "win")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    WHITE_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    BLACK_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    WIN_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    white_player_id: str
    black_player_id: str
    win: int
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., white_player_id: _Optional[str] = ..., black_player_id: _Optional[str] = ..., win: _Optional[int] = ...) -> None: ...

class UpDownProjectionProblem(_message.Message):
    __slots__ = ("standings", "scored", "remaining", "two_tied_sonneborn_berger", "sb_counts_carried", "unplayed_possible")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    SCORED_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    TWO_TIED_SONNEBORN_BERGER_FIELD_NUMBER: _ClassVar[int]
    SB_COUNTS_CARRIED_FIELD_NUMBER: _ClassVar[int]
    UNPLAYED_POSSIBLE_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[UpDownProjectionStanding]
    scored: _containers.RepeatedCompositeFieldContainer[UpDownPairPoints]
    remaining: _containers.RepeatedCompositeFieldContainer[RemainingUpDownGame]
    two_tied_sonneborn_berger: bool
    sb_counts_carried: bool
    unplayed_possible: bool
    def __init__(self, standings: _Optional[_Iterable[_Union[UpDownProjectionStanding, _Mapping]]] = ..., scored: _Optional[_Iterable[_Union[UpDownPairPoints, _Mapping]]] = ..., remaining: _Optional[_Iterable[_Union[RemainingUpDownGame, _Mapping]]] = ..., two_tied_sonneborn_berger: _Optional[bool] = ..., sb_counts_carried: _Optional[bool] = ..., unplayed_possible: _Optional[bool] = ...) -> None: ...

class CupProjectionStanding(_message.Message):
    __slots__ = ("player_id", "stage", "out", "third_place", "place")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    THIRD_PLACE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    stage: int
    out: bool
    third_place: bool
    place: int
    def __init__(self, player_id: _Optional[str] = ..., stage: _Optional[int] = ..., out: _Optional[bool] = ..., third_place: _Optional[bool] = ..., place: _Optional[int] = ...) -> None: ...

class CupProjectionProblem(_message.Message):
    __slots__ = ("standings", "stages", "third_place_match")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    STAGES_FIELD_NUMBER: _ClassVar[int]
    THIRD_PLACE_MATCH_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[CupProjectionStanding]
    stages: int
    third_place_match: bool
    def __init__(self, standings: _Optional[_Iterable[_Union[CupProjectionStanding, _Mapping]]] = ..., stages: _Optional[int] = ..., third_place_match: _Optional[bool] = ...) -> None: ...

class ProjectStandingsRequest(_message.Message):
    __slots__ = ("mahjong", "updown", "cup", "cuts", "player_ids", "time_limit_seconds")
    MAHJONG_FIELD_NUMBER: _ClassVar[int]
    UPDOWN_FIELD_NUMBER: _ClassVar[int]
    CUP_FIELD_NUMBER: _ClassVar[int]
    CUTS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    mahjong: MahjongProjectionProblem
    updown: UpDownProjectionProblem
    cup: CupProjectionProblem
    cuts: _containers.RepeatedCompositeFieldContainer[_results_pb2.ProjectionCut]
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    time_limit_seconds: float
    def __init__(self, mahjong: _Optional[_Union[MahjongProjectionProblem, _Mapping]] = ..., updown: _Optional[_Union[UpDownProjectionProblem, _Mapping]] = ..., cup: _Optional[_Union[CupProjectionProblem, _Mapping]] = ..., cuts: _Optional[_Iterable[_Union[_results_pb2.ProjectionCut, _Mapping]]] = ..., player_ids: _Optional[_Iterable[str]] = ..., time_limit_seconds: _Optional[float] = ...) -> None: ...

class CutProjection(_message.Message):
    __slots__ = ("player_id", "cut", "status", "questions", "witnesses", "need")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    CUT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    WITNESSES_FIELD_NUMBER: _ClassVar[int]
    NEED_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    cut: str
    status: _results_pb2.ProjectionStatus
    questions: _containers.RepeatedCompositeFieldContainer[_results_pb2.ProjectionQuestion]
    witnesses: _containers.RepeatedCompositeFieldContainer[_results_pb2.ProjectionWitness]
    need: _results_pb2.ProjectionNeed
    def __init__(self, player_id: _Optional[str] = ..., cut: _Optional[str] = ..., status: _Optional[_Union[_results_pb2.ProjectionStatus, str]] = ..., questions: _Optional[_Iterable[_Union[_results_pb2.ProjectionQuestion, _Mapping]]] = ..., witnesses: _Optional[_Iterable[_Union[_results_pb2.ProjectionWitness, _Mapping]]] = ..., need: _Optional[_Union[_results_pb2.ProjectionNeed, _Mapping]] = ...) -> None: ...

class ProjectStandingsResponse(_message.Message):
    __slots__ = ("projections", "wall_time_seconds", "method", "unreached_player_ids")
    PROJECTIONS_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    UNREACHED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    projections: _containers.RepeatedCompositeFieldContainer[CutProjection]
    wall_time_seconds: float
    method: str
    unreached_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, projections: _Optional[_Iterable[_Union[CutProjection, _Mapping]]] = ..., wall_time_seconds: _Optional[float] = ..., method: _Optional[str] = ..., unreached_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

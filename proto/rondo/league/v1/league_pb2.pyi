from rondo.gateway.v1 import common_pb2 as _common_pb2
from rondo.gateway.v1 import competitions_pb2 as _competitions_pb2
from rondo.gateway.v1 import draws_pb2 as _draws_pb2
from rondo.gateway.v1 import results_pb2 as _results_pb2
from rondo.gateway.v1 import stages_pb2 as _stages_pb2
from rondo.solver.v1 import solver_pb2 as _solver_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateCompetitionRequest(_message.Message):
    __slots__ = ("name", "ruleset", "rounds", "table_size", "idempotency_key", "ruleset_overrides")
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    RULESET_OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    name: str
    ruleset: str
    rounds: int
    table_size: int
    idempotency_key: str
    ruleset_overrides: str
    def __init__(self, name: _Optional[str] = ..., ruleset: _Optional[str] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., ruleset_overrides: _Optional[str] = ...) -> None: ...

class SaveDrawRequest(_message.Message):
    __slots__ = ("competition_id", "seed", "rounds", "objective", "lower_bound", "proven_optimal", "method", "replaces_draw_id", "played_rounds", "reason", "players_moved", "idempotency_key", "solver_request", "work_budget", "work_used", "reproducible", "search_work_used", "cpsat_deterministic_seconds_used")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
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
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    SOLVER_REQUEST_FIELD_NUMBER: _ClassVar[int]
    WORK_BUDGET_FIELD_NUMBER: _ClassVar[int]
    WORK_USED_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    SEARCH_WORK_USED_FIELD_NUMBER: _ClassVar[int]
    CPSAT_DETERMINISTIC_SECONDS_USED_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    seed: int
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    objective: _draws_pb2.DrawObjective
    lower_bound: _draws_pb2.DrawObjective
    proven_optimal: bool
    method: str
    replaces_draw_id: str
    played_rounds: int
    reason: str
    players_moved: int
    idempotency_key: str
    solver_request: bytes
    work_budget: int
    work_used: int
    reproducible: bool
    search_work_used: int
    cpsat_deterministic_seconds_used: float
    def __init__(self, competition_id: _Optional[str] = ..., seed: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[_draws_pb2.DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[_draws_pb2.DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., method: _Optional[str] = ..., replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., players_moved: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., solver_request: _Optional[bytes] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ..., search_work_used: _Optional[int] = ..., cpsat_deterministic_seconds_used: _Optional[float] = ...) -> None: ...

class PrepareRedrawRequest(_message.Message):
    __slots__ = ("competition_id", "played_rounds", "reason", "options")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    played_rounds: int
    reason: str
    options: DrawOptions
    def __init__(self, competition_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., options: _Optional[_Union[DrawOptions, _Mapping]] = ...) -> None: ...

class PrepareRedrawResponse(_message.Message):
    __slots__ = ("replaces_draw_id", "played_rounds", "notes", "request", "player_names")
    class PlayerNamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REPLACES_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAMES_FIELD_NUMBER: _ClassVar[int]
    replaces_draw_id: str
    played_rounds: int
    notes: _containers.RepeatedScalarFieldContainer[str]
    request: _solver_pb2.DrawTablesRequest
    player_names: _containers.ScalarMap[str, str]
    def __init__(self, replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., notes: _Optional[_Iterable[str]] = ..., request: _Optional[_Union[_solver_pb2.DrawTablesRequest, _Mapping]] = ..., player_names: _Optional[_Mapping[str, str]] = ...) -> None: ...

class DrawOptions(_message.Message):
    __slots__ = ("separations", "pins", "seat_balance", "time_limit_seconds", "seed", "key_seed", "sit_out")
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    KEY_SEED_FIELD_NUMBER: _ClassVar[int]
    SIT_OUT_FIELD_NUMBER: _ClassVar[int]
    separations: _containers.RepeatedCompositeFieldContainer[_draws_pb2.Separation]
    pins: _containers.RepeatedCompositeFieldContainer[_draws_pb2.Pin]
    seat_balance: bool
    time_limit_seconds: float
    seed: int
    key_seed: int
    sit_out: _draws_pb2.SitOut
    def __init__(self, separations: _Optional[_Iterable[_Union[_draws_pb2.Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_draws_pb2.Pin, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ..., key_seed: _Optional[int] = ..., sit_out: _Optional[_Union[_draws_pb2.SitOut, _Mapping]] = ...) -> None: ...

class PrepareDrawRequest(_message.Message):
    __slots__ = ("competition_id", "options")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    options: DrawOptions
    def __init__(self, competition_id: _Optional[str] = ..., options: _Optional[_Union[DrawOptions, _Mapping]] = ...) -> None: ...

class PrepareDrawResponse(_message.Message):
    __slots__ = ("request", "player_names")
    class PlayerNamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAMES_FIELD_NUMBER: _ClassVar[int]
    request: _solver_pb2.DrawTablesRequest
    player_names: _containers.ScalarMap[str, str]
    def __init__(self, request: _Optional[_Union[_solver_pb2.DrawTablesRequest, _Mapping]] = ..., player_names: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ListMatchHistoryRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "stage", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    stage: int
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., stage: _Optional[int] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListMatchHistoryResponse(_message.Message):
    __slots__ = ("records", "next_page_token")
    RECORDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    records: _containers.RepeatedCompositeFieldContainer[_results_pb2.ResultRecord]
    next_page_token: str
    def __init__(self, records: _Optional[_Iterable[_Union[_results_pb2.ResultRecord, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListRulesetVersionsResponse(_message.Message):
    __slots__ = ("versions", "next_page_token")
    VERSIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    versions: _containers.RepeatedCompositeFieldContainer[_competitions_pb2.RulesetVersion]
    next_page_token: str
    def __init__(self, versions: _Optional[_Iterable[_Union[_competitions_pb2.RulesetVersion, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class StagePlan(_message.Message):
    __slots__ = ("competition_id", "number", "kind", "name", "groups", "rounds", "notes", "finished", "notes_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    kind: str
    name: str
    groups: _containers.RepeatedCompositeFieldContainer[_stages_pb2.StageGroup]
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    notes: _containers.RepeatedScalarFieldContainer[str]
    finished: bool
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[_stages_pb2.StageGroup, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., notes: _Optional[_Iterable[str]] = ..., finished: _Optional[bool] = ..., notes_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class SaveStageRequest(_message.Message):
    __slots__ = ("competition_id", "number", "rounds", "created_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    created_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., created_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetStageGameRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "round", "table")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    round: int
    table: int
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ...) -> None: ...

class StageGame(_message.Message):
    __slots__ = ("first_player_id", "second_player_id")
    FIRST_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    first_player_id: str
    second_player_id: str
    def __init__(self, first_player_id: _Optional[str] = ..., second_player_id: _Optional[str] = ...) -> None: ...

class GetRoundTablesRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "round")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    round: int
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ...) -> None: ...

class RoundTable(_message.Message):
    __slots__ = ("match_key", "player_ids")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_key: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class RoundTables(_message.Message):
    __slots__ = ("tables", "games_per_match", "one_meeting")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    GAMES_PER_MATCH_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[RoundTable]
    games_per_match: int
    one_meeting: bool
    def __init__(self, tables: _Optional[_Iterable[_Union[RoundTable, _Mapping]]] = ..., games_per_match: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class PrepareProjectionsRequest(_message.Message):
    __slots__ = ("competition_id", "player_ids", "time_limit_seconds")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    time_limit_seconds: float
    def __init__(self, competition_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., time_limit_seconds: _Optional[float] = ...) -> None: ...

class PrepareProjectionsResponse(_message.Message):
    __slots__ = ("request", "cuts", "players", "rounds", "after_round", "matches_left", "notes", "notes_ru", "group_requests")
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    CUTS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    AFTER_ROUND_FIELD_NUMBER: _ClassVar[int]
    MATCHES_LEFT_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    GROUP_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    request: _solver_pb2.ProjectStandingsRequest
    cuts: _containers.RepeatedCompositeFieldContainer[_results_pb2.ProjectionCut]
    players: _containers.RepeatedCompositeFieldContainer[_results_pb2.PlayerProjection]
    rounds: int
    after_round: int
    matches_left: int
    notes: _containers.RepeatedScalarFieldContainer[str]
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    group_requests: _containers.RepeatedCompositeFieldContainer[_solver_pb2.ProjectStandingsRequest]
    def __init__(self, request: _Optional[_Union[_solver_pb2.ProjectStandingsRequest, _Mapping]] = ..., cuts: _Optional[_Iterable[_Union[_results_pb2.ProjectionCut, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[_results_pb2.PlayerProjection, _Mapping]]] = ..., rounds: _Optional[int] = ..., after_round: _Optional[int] = ..., matches_left: _Optional[int] = ..., notes: _Optional[_Iterable[str]] = ..., notes_ru: _Optional[_Iterable[str]] = ..., group_requests: _Optional[_Iterable[_Union[_solver_pb2.ProjectStandingsRequest, _Mapping]]] = ...) -> None: ...

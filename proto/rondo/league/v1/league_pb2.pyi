import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.solver.v1 import solver_pb2 as _solver_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlayerStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAYER_STATUS_UNSPECIFIED: _ClassVar[PlayerStatus]
    PLAYER_STATUS_MAIN: _ClassVar[PlayerStatus]
    PLAYER_STATUS_RESERVE: _ClassVar[PlayerStatus]
    PLAYER_STATUS_SUBSTITUTE: _ClassVar[PlayerStatus]
    PLAYER_STATUS_WITHDRAWN: _ClassVar[PlayerStatus]
    PLAYER_STATUS_DISQUALIFIED: _ClassVar[PlayerStatus]

class DrawStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DRAW_STATUS_UNSPECIFIED: _ClassVar[DrawStatus]
    DRAW_STATUS_PROPOSED: _ClassVar[DrawStatus]
    DRAW_STATUS_APPROVED: _ClassVar[DrawStatus]
    DRAW_STATUS_SUPERSEDED: _ClassVar[DrawStatus]
PLAYER_STATUS_UNSPECIFIED: PlayerStatus
PLAYER_STATUS_MAIN: PlayerStatus
PLAYER_STATUS_RESERVE: PlayerStatus
PLAYER_STATUS_SUBSTITUTE: PlayerStatus
PLAYER_STATUS_WITHDRAWN: PlayerStatus
PLAYER_STATUS_DISQUALIFIED: PlayerStatus
DRAW_STATUS_UNSPECIFIED: DrawStatus
DRAW_STATUS_PROPOSED: DrawStatus
DRAW_STATUS_APPROVED: DrawStatus
DRAW_STATUS_SUPERSEDED: DrawStatus

class Competition(_message.Message):
    __slots__ = ("id", "name", "ruleset", "rounds", "table_size", "created_at", "published_draw_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    ruleset: str
    rounds: int
    table_size: int
    created_at: _timestamp_pb2.Timestamp
    published_draw_id: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., ruleset: _Optional[str] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., published_draw_id: _Optional[str] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("id", "competition_id", "name", "registration_order", "status", "rating")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REGISTRATION_ORDER_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    name: str
    registration_order: int
    status: PlayerStatus
    rating: int
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., name: _Optional[str] = ..., registration_order: _Optional[int] = ..., status: _Optional[_Union[PlayerStatus, str]] = ..., rating: _Optional[int] = ...) -> None: ...

class CreateCompetitionRequest(_message.Message):
    __slots__ = ("name", "ruleset", "rounds", "table_size", "idempotency_key")
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    name: str
    ruleset: str
    rounds: int
    table_size: int
    idempotency_key: str
    def __init__(self, name: _Optional[str] = ..., ruleset: _Optional[str] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetCompetitionRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class RegisterPlayerRequest(_message.Message):
    __slots__ = ("competition_id", "name", "rating", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    name: str
    rating: int
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., name: _Optional[str] = ..., rating: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class WithdrawPlayerRequest(_message.Message):
    __slots__ = ("competition_id", "player_id", "reason")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_id: str
    reason: str
    def __init__(self, competition_id: _Optional[str] = ..., player_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ListPlayersRequest(_message.Message):
    __slots__ = ("competition_id", "include_inactive")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_INACTIVE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    include_inactive: bool
    def __init__(self, competition_id: _Optional[str] = ..., include_inactive: _Optional[bool] = ...) -> None: ...

class ListPlayersResponse(_message.Message):
    __slots__ = ("players",)
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ...) -> None: ...

class Draw(_message.Message):
    __slots__ = ("id", "competition_id", "version", "status", "seed", "rounds", "objective", "lower_bound", "proven_optimal", "method", "replaces_draw_id", "played_rounds", "reason", "players_moved", "created_at", "approved_at")
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
    id: str
    competition_id: str
    version: int
    status: DrawStatus
    seed: int
    rounds: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    objective: _solver_pb2.DrawObjective
    lower_bound: _solver_pb2.DrawObjective
    proven_optimal: bool
    method: str
    replaces_draw_id: str
    played_rounds: int
    reason: str
    players_moved: int
    created_at: _timestamp_pb2.Timestamp
    approved_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[DrawStatus, str]] = ..., seed: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., method: _Optional[str] = ..., replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., players_moved: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., approved_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SaveDrawRequest(_message.Message):
    __slots__ = ("competition_id", "seed", "rounds", "objective", "lower_bound", "proven_optimal", "method", "replaces_draw_id", "played_rounds", "reason", "players_moved", "idempotency_key")
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
    competition_id: str
    seed: int
    rounds: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    objective: _solver_pb2.DrawObjective
    lower_bound: _solver_pb2.DrawObjective
    proven_optimal: bool
    method: str
    replaces_draw_id: str
    played_rounds: int
    reason: str
    players_moved: int
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., seed: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., method: _Optional[str] = ..., replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., players_moved: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class ListDrawsResponse(_message.Message):
    __slots__ = ("draws",)
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    draws: _containers.RepeatedCompositeFieldContainer[Draw]
    def __init__(self, draws: _Optional[_Iterable[_Union[Draw, _Mapping]]] = ...) -> None: ...

class PrepareRedrawRequest(_message.Message):
    __slots__ = ("competition_id", "played_rounds", "reason", "pins")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    played_rounds: int
    reason: str
    pins: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Pin]
    def __init__(self, competition_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., pins: _Optional[_Iterable[_Union[_solver_pb2.Pin, _Mapping]]] = ...) -> None: ...

class PrepareRedrawResponse(_message.Message):
    __slots__ = ("replaces_draw_id", "played_rounds", "roster", "rounds", "table_size", "history", "previous", "pins", "notes")
    REPLACES_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    replaces_draw_id: str
    played_rounds: int
    roster: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Player]
    rounds: int
    table_size: int
    history: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    previous: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    pins: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Pin]
    notes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., roster: _Optional[_Iterable[_Union[_solver_pb2.Player, _Mapping]]] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., history: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., previous: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_solver_pb2.Pin, _Mapping]]] = ..., notes: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffTableResult(_message.Message):
    __slots__ = ("table", "order", "substitute_ids")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    SUBSTITUTE_IDS_FIELD_NUMBER: _ClassVar[int]
    table: str
    order: _containers.RepeatedScalarFieldContainer[str]
    substitute_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, table: _Optional[str] = ..., order: _Optional[_Iterable[str]] = ..., substitute_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffExit(_message.Message):
    __slots__ = ("player_id", "stage", "table", "place", "withdrawn", "reason")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    stage: str
    table: str
    place: int
    withdrawn: bool
    reason: str
    def __init__(self, player_id: _Optional[str] = ..., stage: _Optional[str] = ..., table: _Optional[str] = ..., place: _Optional[int] = ..., withdrawn: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class PlayoffProgressRequest(_message.Message):
    __slots__ = ("regular_places", "results", "withdrawn")
    class WithdrawnEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REGULAR_PLACES_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    regular_places: _containers.RepeatedScalarFieldContainer[str]
    results: _containers.RepeatedCompositeFieldContainer[PlayoffTableResult]
    withdrawn: _containers.ScalarMap[str, str]
    def __init__(self, regular_places: _Optional[_Iterable[str]] = ..., results: _Optional[_Iterable[_Union[PlayoffTableResult, _Mapping]]] = ..., withdrawn: _Optional[_Mapping[str, str]] = ...) -> None: ...

class PlayoffGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffProgressResponse(_message.Message):
    __slots__ = ("stage", "groups", "waiting_ids", "exits", "final_order", "explanation")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    WAITING_IDS_FIELD_NUMBER: _ClassVar[int]
    EXITS_FIELD_NUMBER: _ClassVar[int]
    FINAL_ORDER_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    stage: str
    groups: _containers.RepeatedCompositeFieldContainer[PlayoffGroup]
    waiting_ids: _containers.RepeatedScalarFieldContainer[str]
    exits: _containers.RepeatedCompositeFieldContainer[PlayoffExit]
    final_order: _containers.RepeatedScalarFieldContainer[str]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[PlayoffGroup, _Mapping]]] = ..., waiting_ids: _Optional[_Iterable[str]] = ..., exits: _Optional[_Iterable[_Union[PlayoffExit, _Mapping]]] = ..., final_order: _Optional[_Iterable[str]] = ..., explanation: _Optional[_Iterable[str]] = ...) -> None: ...

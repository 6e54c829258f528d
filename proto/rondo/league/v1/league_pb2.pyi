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

class RegistrationResolution(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REGISTRATION_RESOLUTION_UNSPECIFIED: _ClassVar[RegistrationResolution]
    REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED: _ClassVar[RegistrationResolution]
    REGISTRATION_RESOLUTION_PROMOTE_RESERVES: _ClassVar[RegistrationResolution]

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

class RecordStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORD_STATUS_UNSPECIFIED: _ClassVar[RecordStatus]
    RECORD_STATUS_CONFIRMED: _ClassVar[RecordStatus]
    RECORD_STATUS_REPORTED: _ClassVar[RecordStatus]
    RECORD_STATUS_DISPUTED: _ClassVar[RecordStatus]
    RECORD_STATUS_REJECTED: _ClassVar[RecordStatus]
    RECORD_STATUS_REPLACED: _ClassVar[RecordStatus]

class ReviewVerdict(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REVIEW_VERDICT_UNSPECIFIED: _ClassVar[ReviewVerdict]
    REVIEW_VERDICT_CONFIRM: _ClassVar[ReviewVerdict]
    REVIEW_VERDICT_DISPUTE: _ClassVar[ReviewVerdict]
    REVIEW_VERDICT_UPHOLD: _ClassVar[ReviewVerdict]
    REVIEW_VERDICT_REJECT: _ClassVar[ReviewVerdict]

class DisputeDecision(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DISPUTE_DECISION_UNSPECIFIED: _ClassVar[DisputeDecision]
    DISPUTE_DECISION_UPHOLD: _ClassVar[DisputeDecision]
    DISPUTE_DECISION_REJECT: _ClassVar[DisputeDecision]
    DISPUTE_DECISION_REPLACE: _ClassVar[DisputeDecision]

class RulesetKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RULESET_KIND_UNSPECIFIED: _ClassVar[RulesetKind]
    RULESET_KIND_MAHJONG_LEAGUE: _ClassVar[RulesetKind]
    RULESET_KIND_CUP: _ClassVar[RulesetKind]
    RULESET_KIND_UPDOWN: _ClassVar[RulesetKind]

class TieMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIE_METHOD_UNSPECIFIED: _ClassVar[TieMethod]
    TIE_METHOD_ORGANIZER_ORDER: _ClassVar[TieMethod]
    TIE_METHOD_LOT: _ClassVar[TieMethod]

class StageStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STAGE_STATUS_UNSPECIFIED: _ClassVar[StageStatus]
    STAGE_STATUS_OPEN: _ClassVar[StageStatus]
    STAGE_STATUS_COMPLETED: _ClassVar[StageStatus]

class Checkpoint(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHECKPOINT_UNSPECIFIED: _ClassVar[Checkpoint]
    CHECKPOINT_FIRST: _ClassVar[Checkpoint]
    CHECKPOINT_SECOND: _ClassVar[Checkpoint]

class PlayoffDecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAYOFF_DECISION_KIND_UNSPECIFIED: _ClassVar[PlayoffDecisionKind]
    PLAYOFF_DECISION_KIND_REGENERATE: _ClassVar[PlayoffDecisionKind]
    PLAYOFF_DECISION_KIND_KEEP: _ClassVar[PlayoffDecisionKind]
REGISTRATION_RESOLUTION_UNSPECIFIED: RegistrationResolution
REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED: RegistrationResolution
REGISTRATION_RESOLUTION_PROMOTE_RESERVES: RegistrationResolution
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
RECORD_STATUS_UNSPECIFIED: RecordStatus
RECORD_STATUS_CONFIRMED: RecordStatus
RECORD_STATUS_REPORTED: RecordStatus
RECORD_STATUS_DISPUTED: RecordStatus
RECORD_STATUS_REJECTED: RecordStatus
RECORD_STATUS_REPLACED: RecordStatus
REVIEW_VERDICT_UNSPECIFIED: ReviewVerdict
REVIEW_VERDICT_CONFIRM: ReviewVerdict
REVIEW_VERDICT_DISPUTE: ReviewVerdict
REVIEW_VERDICT_UPHOLD: ReviewVerdict
REVIEW_VERDICT_REJECT: ReviewVerdict
DISPUTE_DECISION_UNSPECIFIED: DisputeDecision
DISPUTE_DECISION_UPHOLD: DisputeDecision
DISPUTE_DECISION_REJECT: DisputeDecision
DISPUTE_DECISION_REPLACE: DisputeDecision
RULESET_KIND_UNSPECIFIED: RulesetKind
RULESET_KIND_MAHJONG_LEAGUE: RulesetKind
RULESET_KIND_CUP: RulesetKind
RULESET_KIND_UPDOWN: RulesetKind
TIE_METHOD_UNSPECIFIED: TieMethod
TIE_METHOD_ORGANIZER_ORDER: TieMethod
TIE_METHOD_LOT: TieMethod
STAGE_STATUS_UNSPECIFIED: StageStatus
STAGE_STATUS_OPEN: StageStatus
STAGE_STATUS_COMPLETED: StageStatus
CHECKPOINT_UNSPECIFIED: Checkpoint
CHECKPOINT_FIRST: Checkpoint
CHECKPOINT_SECOND: Checkpoint
PLAYOFF_DECISION_KIND_UNSPECIFIED: PlayoffDecisionKind
PLAYOFF_DECISION_KIND_REGENERATE: PlayoffDecisionKind
PLAYOFF_DECISION_KIND_KEEP: PlayoffDecisionKind

class CloseRegistrationRequest(_message.Message):
    __slots__ = ("competition_id", "resolution", "closed_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RESOLUTION_FIELD_NUMBER: _ClassVar[int]
    CLOSED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    resolution: RegistrationResolution
    closed_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., resolution: _Optional[_Union[RegistrationResolution, str]] = ..., closed_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CloseRegistrationResponse(_message.Message):
    __slots__ = ("competition", "moved_to_reserve", "promoted", "main_participants")
    COMPETITION_FIELD_NUMBER: _ClassVar[int]
    MOVED_TO_RESERVE_FIELD_NUMBER: _ClassVar[int]
    PROMOTED_FIELD_NUMBER: _ClassVar[int]
    MAIN_PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
    competition: Competition
    moved_to_reserve: _containers.RepeatedCompositeFieldContainer[Player]
    promoted: _containers.RepeatedCompositeFieldContainer[Player]
    main_participants: int
    def __init__(self, competition: _Optional[_Union[Competition, _Mapping]] = ..., moved_to_reserve: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., promoted: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., main_participants: _Optional[int] = ...) -> None: ...

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

class Competition(_message.Message):
    __slots__ = ("id", "name", "ruleset", "rounds", "table_size", "created_at", "published_draw_id", "registration_closed_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    REGISTRATION_CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    ruleset: str
    rounds: int
    table_size: int
    created_at: _timestamp_pb2.Timestamp
    published_draw_id: str
    registration_closed_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., ruleset: _Optional[str] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., published_draw_id: _Optional[str] = ..., registration_closed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("id", "competition_id", "name", "registration_order", "status", "rating", "completed_stage", "title")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REGISTRATION_ORDER_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_STAGE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    name: str
    registration_order: int
    status: PlayerStatus
    rating: int
    completed_stage: int
    title: str
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., name: _Optional[str] = ..., registration_order: _Optional[int] = ..., status: _Optional[_Union[PlayerStatus, str]] = ..., rating: _Optional[int] = ..., completed_stage: _Optional[int] = ..., title: _Optional[str] = ...) -> None: ...

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

class GetCompetitionRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class ListCompetitionsRequest(_message.Message):
    __slots__ = ("offset", "limit")
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    offset: int
    limit: int
    def __init__(self, offset: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListCompetitionsResponse(_message.Message):
    __slots__ = ("competitions",)
    COMPETITIONS_FIELD_NUMBER: _ClassVar[int]
    competitions: _containers.RepeatedCompositeFieldContainer[Competition]
    def __init__(self, competitions: _Optional[_Iterable[_Union[Competition, _Mapping]]] = ...) -> None: ...

class RegisterPlayerRequest(_message.Message):
    __slots__ = ("competition_id", "name", "rating", "idempotency_key", "status", "title")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    name: str
    rating: int
    idempotency_key: str
    status: PlayerStatus
    title: str
    def __init__(self, competition_id: _Optional[str] = ..., name: _Optional[str] = ..., rating: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., status: _Optional[_Union[PlayerStatus, str]] = ..., title: _Optional[str] = ...) -> None: ...

class WithdrawPlayerRequest(_message.Message):
    __slots__ = ("competition_id", "player_id", "reason", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_id: str
    reason: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., player_id: _Optional[str] = ..., reason: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("competition_id", "seed", "rounds", "objective", "lower_bound", "proven_optimal", "method", "replaces_draw_id", "played_rounds", "reason", "players_moved", "idempotency_key", "solver_request", "work_budget", "work_used", "reproducible")
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
    solver_request: bytes
    work_budget: int
    work_used: int
    reproducible: bool
    def __init__(self, competition_id: _Optional[str] = ..., seed: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., objective: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., lower_bound: _Optional[_Union[_solver_pb2.DrawObjective, _Mapping]] = ..., proven_optimal: _Optional[bool] = ..., method: _Optional[str] = ..., replaces_draw_id: _Optional[str] = ..., played_rounds: _Optional[int] = ..., reason: _Optional[str] = ..., players_moved: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., solver_request: _Optional[bytes] = ..., work_budget: _Optional[int] = ..., work_used: _Optional[int] = ..., reproducible: _Optional[bool] = ...) -> None: ...

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
    __slots__ = ("separations", "pins", "seat_balance", "time_limit_seconds", "seed", "key_seed")
    SEPARATIONS_FIELD_NUMBER: _ClassVar[int]
    PINS_FIELD_NUMBER: _ClassVar[int]
    SEAT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    KEY_SEED_FIELD_NUMBER: _ClassVar[int]
    separations: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Separation]
    pins: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Pin]
    seat_balance: bool
    time_limit_seconds: float
    seed: int
    key_seed: int
    def __init__(self, separations: _Optional[_Iterable[_Union[_solver_pb2.Separation, _Mapping]]] = ..., pins: _Optional[_Iterable[_Union[_solver_pb2.Pin, _Mapping]]] = ..., seat_balance: _Optional[bool] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ..., key_seed: _Optional[int] = ...) -> None: ...

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

class PlayoffExit(_message.Message):
    __slots__ = ("player_id", "stage", "table", "place", "withdrawn", "reason", "reason_ru")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    REASON_RU_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    stage: str
    table: str
    place: int
    withdrawn: bool
    reason: str
    reason_ru: str
    def __init__(self, player_id: _Optional[str] = ..., stage: _Optional[str] = ..., table: _Optional[str] = ..., place: _Optional[int] = ..., withdrawn: _Optional[bool] = ..., reason: _Optional[str] = ..., reason_ru: _Optional[str] = ...) -> None: ...

class PlayoffGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffProgress(_message.Message):
    __slots__ = ("stage", "groups", "waiting_ids", "exits", "final_order", "explanation", "explanation_ru")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    WAITING_IDS_FIELD_NUMBER: _ClassVar[int]
    EXITS_FIELD_NUMBER: _ClassVar[int]
    FINAL_ORDER_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_RU_FIELD_NUMBER: _ClassVar[int]
    stage: str
    groups: _containers.RepeatedCompositeFieldContainer[PlayoffGroup]
    waiting_ids: _containers.RepeatedScalarFieldContainer[str]
    exits: _containers.RepeatedCompositeFieldContainer[PlayoffExit]
    final_order: _containers.RepeatedScalarFieldContainer[str]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    explanation_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stage: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[PlayoffGroup, _Mapping]]] = ..., waiting_ids: _Optional[_Iterable[str]] = ..., exits: _Optional[_Iterable[_Union[PlayoffExit, _Mapping]]] = ..., final_order: _Optional[_Iterable[str]] = ..., explanation: _Optional[_Iterable[str]] = ..., explanation_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class HanchanResult(_message.Message):
    __slots__ = ("number", "scores", "chombo")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class ChomboEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CHOMBO_FIELD_NUMBER: _ClassVar[int]
    number: int
    scores: _containers.ScalarMap[str, int]
    chombo: _containers.ScalarMap[str, int]
    def __init__(self, number: _Optional[int] = ..., scores: _Optional[_Mapping[str, int]] = ..., chombo: _Optional[_Mapping[str, int]] = ...) -> None: ...

class PenaltyEntry(_message.Message):
    __slots__ = ("player_id", "points", "reason")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    points: int
    reason: str
    def __init__(self, player_id: _Optional[str] = ..., points: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class NoShowEntry(_message.Message):
    __slots__ = ("player_id", "substitute")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    SUBSTITUTE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    substitute: str
    def __init__(self, player_id: _Optional[str] = ..., substitute: _Optional[str] = ...) -> None: ...

class GameResult(_message.Message):
    __slots__ = ("number", "first_player_id", "second_player_id", "result", "long")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    LONG_FIELD_NUMBER: _ClassVar[int]
    number: int
    first_player_id: str
    second_player_id: str
    result: str
    long: bool
    def __init__(self, number: _Optional[int] = ..., first_player_id: _Optional[str] = ..., second_player_id: _Optional[str] = ..., result: _Optional[str] = ..., long: _Optional[bool] = ...) -> None: ...

class RecordHanchanRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "hanchan", "recorded_by", "idempotency_key", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    hanchan: HanchanResult
    recorded_by: str
    idempotency_key: str
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., hanchan: _Optional[_Union[HanchanResult, _Mapping]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., stage: _Optional[int] = ...) -> None: ...

class RecordPenaltyRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "penalty", "recorded_by", "idempotency_key", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    penalty: PenaltyEntry
    recorded_by: str
    idempotency_key: str
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., penalty: _Optional[_Union[PenaltyEntry, _Mapping]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., stage: _Optional[int] = ...) -> None: ...

class RecordNoShowRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "no_show", "recorded_by", "idempotency_key", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    NO_SHOW_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    no_show: NoShowEntry
    recorded_by: str
    idempotency_key: str
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., no_show: _Optional[_Union[NoShowEntry, _Mapping]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., stage: _Optional[int] = ...) -> None: ...

class RecordGameRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "round", "table", "game", "recorded_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    round: int
    table: int
    game: GameResult
    recorded_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., game: _Optional[_Union[GameResult, _Mapping]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CorrectRecordRequest(_message.Message):
    __slots__ = ("competition_id", "record_id", "reason", "recorded_by", "hanchan", "penalty", "no_show", "game", "idempotency_key", "organizer_confirms")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    NO_SHOW_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    ORGANIZER_CONFIRMS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    record_id: str
    reason: str
    recorded_by: str
    hanchan: HanchanResult
    penalty: PenaltyEntry
    no_show: NoShowEntry
    game: GameResult
    idempotency_key: str
    organizer_confirms: bool
    def __init__(self, competition_id: _Optional[str] = ..., record_id: _Optional[str] = ..., reason: _Optional[str] = ..., recorded_by: _Optional[str] = ..., hanchan: _Optional[_Union[HanchanResult, _Mapping]] = ..., penalty: _Optional[_Union[PenaltyEntry, _Mapping]] = ..., no_show: _Optional[_Union[NoShowEntry, _Mapping]] = ..., game: _Optional[_Union[GameResult, _Mapping]] = ..., idempotency_key: _Optional[str] = ..., organizer_confirms: _Optional[bool] = ...) -> None: ...

class ResultRecord(_message.Message):
    __slots__ = ("id", "competition_id", "sequence", "round", "table", "hanchan", "penalty", "no_show", "game", "recorded_by", "recorded_at", "replaces_record_id", "reason", "replaced_by_record_id", "stage", "completed_stage", "status", "reported_by_player_id", "reviews", "changes")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    NO_SHOW_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_FIELD_NUMBER: _ClassVar[int]
    REPLACES_RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    REPLACED_BY_RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_STAGE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REPORTED_BY_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEWS_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    sequence: int
    round: int
    table: int
    hanchan: HanchanResult
    penalty: PenaltyEntry
    no_show: NoShowEntry
    game: GameResult
    recorded_by: str
    recorded_at: _timestamp_pb2.Timestamp
    replaces_record_id: str
    reason: str
    replaced_by_record_id: str
    stage: int
    completed_stage: bool
    status: RecordStatus
    reported_by_player_id: str
    reviews: _containers.RepeatedCompositeFieldContainer[RecordReview]
    changes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., sequence: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., hanchan: _Optional[_Union[HanchanResult, _Mapping]] = ..., penalty: _Optional[_Union[PenaltyEntry, _Mapping]] = ..., no_show: _Optional[_Union[NoShowEntry, _Mapping]] = ..., game: _Optional[_Union[GameResult, _Mapping]] = ..., recorded_by: _Optional[str] = ..., recorded_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., replaces_record_id: _Optional[str] = ..., reason: _Optional[str] = ..., replaced_by_record_id: _Optional[str] = ..., stage: _Optional[int] = ..., completed_stage: _Optional[bool] = ..., status: _Optional[_Union[RecordStatus, str]] = ..., reported_by_player_id: _Optional[str] = ..., reviews: _Optional[_Iterable[_Union[RecordReview, _Mapping]]] = ..., changes: _Optional[_Iterable[str]] = ...) -> None: ...

class ListMatchHistoryRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., stage: _Optional[int] = ...) -> None: ...

class ListMatchHistoryResponse(_message.Message):
    __slots__ = ("records",)
    RECORDS_FIELD_NUMBER: _ClassVar[int]
    records: _containers.RepeatedCompositeFieldContainer[ResultRecord]
    def __init__(self, records: _Optional[_Iterable[_Union[ResultRecord, _Mapping]]] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class StandingRow(_message.Message):
    __slots__ = ("place", "player_id", "name", "total", "average_place", "hanchans", "provisional", "separated_from_next", "notes", "fate", "fate_reason", "separated_from_next_ru", "notes_ru", "fate_reason_ru")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_PLACE_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    SEPARATED_FROM_NEXT_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    FATE_FIELD_NUMBER: _ClassVar[int]
    FATE_REASON_FIELD_NUMBER: _ClassVar[int]
    SEPARATED_FROM_NEXT_RU_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    FATE_REASON_RU_FIELD_NUMBER: _ClassVar[int]
    place: str
    player_id: str
    name: str
    total: str
    average_place: str
    hanchans: int
    provisional: bool
    separated_from_next: str
    notes: _containers.RepeatedScalarFieldContainer[str]
    fate: str
    fate_reason: str
    separated_from_next_ru: str
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    fate_reason_ru: str
    def __init__(self, place: _Optional[str] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ..., total: _Optional[str] = ..., average_place: _Optional[str] = ..., hanchans: _Optional[int] = ..., provisional: _Optional[bool] = ..., separated_from_next: _Optional[str] = ..., notes: _Optional[_Iterable[str]] = ..., fate: _Optional[str] = ..., fate_reason: _Optional[str] = ..., separated_from_next_ru: _Optional[str] = ..., notes_ru: _Optional[_Iterable[str]] = ..., fate_reason_ru: _Optional[str] = ...) -> None: ...

class UnresolvedTie(_message.Message):
    __slots__ = ("place", "player_ids", "reason", "at_cut", "reason_ru")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    AT_CUT_FIELD_NUMBER: _ClassVar[int]
    REASON_RU_FIELD_NUMBER: _ClassVar[int]
    place: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    at_cut: bool
    reason_ru: str
    def __init__(self, place: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ..., at_cut: _Optional[bool] = ..., reason_ru: _Optional[str] = ...) -> None: ...

class Standings(_message.Message):
    __slots__ = ("competition_id", "ruleset", "rows", "unresolved", "ruleset_version", "notes", "playoff_conflict", "rounds", "after_round", "final", "progress", "progress_ru", "notes_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_FIELD_NUMBER: _ClassVar[int]
    RULESET_VERSION_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    PLAYOFF_CONFLICT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    AFTER_ROUND_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_RU_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    ruleset: str
    rows: _containers.RepeatedCompositeFieldContainer[StandingRow]
    unresolved: _containers.RepeatedCompositeFieldContainer[UnresolvedTie]
    ruleset_version: int
    notes: _containers.RepeatedScalarFieldContainer[str]
    playoff_conflict: PlayoffConflict
    rounds: int
    after_round: int
    final: bool
    progress: str
    progress_ru: str
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., ruleset: _Optional[str] = ..., rows: _Optional[_Iterable[_Union[StandingRow, _Mapping]]] = ..., unresolved: _Optional[_Iterable[_Union[UnresolvedTie, _Mapping]]] = ..., ruleset_version: _Optional[int] = ..., notes: _Optional[_Iterable[str]] = ..., playoff_conflict: _Optional[_Union[PlayoffConflict, _Mapping]] = ..., rounds: _Optional[int] = ..., after_round: _Optional[int] = ..., final: _Optional[bool] = ..., progress: _Optional[str] = ..., progress_ru: _Optional[str] = ..., notes_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class RecordReview(_message.Message):
    __slots__ = ("verdict", "player_id", "judge", "reason", "at")
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    JUDGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    verdict: ReviewVerdict
    player_id: str
    judge: str
    reason: str
    at: _timestamp_pb2.Timestamp
    def __init__(self, verdict: _Optional[_Union[ReviewVerdict, str]] = ..., player_id: _Optional[str] = ..., judge: _Optional[str] = ..., reason: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ReportResultRequest(_message.Message):
    __slots__ = ("competition_id", "round", "table", "reported_by_player_id", "hanchan", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REPORTED_BY_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    round: int
    table: int
    reported_by_player_id: str
    hanchan: HanchanResult
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., reported_by_player_id: _Optional[str] = ..., hanchan: _Optional[_Union[HanchanResult, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ConfirmResultRequest(_message.Message):
    __slots__ = ("competition_id", "record_id", "player_id", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    record_id: str
    player_id: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., record_id: _Optional[str] = ..., player_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class DisputeResultRequest(_message.Message):
    __slots__ = ("competition_id", "record_id", "player_id", "reason", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    record_id: str
    player_id: str
    reason: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., record_id: _Optional[str] = ..., player_id: _Optional[str] = ..., reason: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ResolveDisputeRequest(_message.Message):
    __slots__ = ("competition_id", "record_id", "judge", "decision", "reason", "hanchan", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    JUDGE_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    HANCHAN_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    record_id: str
    judge: str
    decision: DisputeDecision
    reason: str
    hanchan: HanchanResult
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., record_id: _Optional[str] = ..., judge: _Optional[str] = ..., decision: _Optional[_Union[DisputeDecision, str]] = ..., reason: _Optional[str] = ..., hanchan: _Optional[_Union[HanchanResult, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RulesetVersion(_message.Message):
    __slots__ = ("competition_id", "version", "name", "data_json", "reason", "changed_by", "at")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DATA_JSON_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CHANGED_BY_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    version: int
    name: str
    data_json: str
    reason: str
    changed_by: str
    at: _timestamp_pb2.Timestamp
    def __init__(self, competition_id: _Optional[str] = ..., version: _Optional[int] = ..., name: _Optional[str] = ..., data_json: _Optional[str] = ..., reason: _Optional[str] = ..., changed_by: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ChangeRulesetRequest(_message.Message):
    __slots__ = ("competition_id", "overrides_json", "reason", "changed_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    OVERRIDES_JSON_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CHANGED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    overrides_json: str
    reason: str
    changed_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., overrides_json: _Optional[str] = ..., reason: _Optional[str] = ..., changed_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListRulesetVersionsRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class ListRulesetVersionsResponse(_message.Message):
    __slots__ = ("versions",)
    VERSIONS_FIELD_NUMBER: _ClassVar[int]
    versions: _containers.RepeatedCompositeFieldContainer[RulesetVersion]
    def __init__(self, versions: _Optional[_Iterable[_Union[RulesetVersion, _Mapping]]] = ...) -> None: ...

class Ruleset(_message.Message):
    __slots__ = ("name", "kind", "description", "description_ru", "default_rounds", "default_table_size", "stages", "stages_ru", "version", "default")
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_RU_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    STAGES_FIELD_NUMBER: _ClassVar[int]
    STAGES_RU_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: RulesetKind
    description: str
    description_ru: str
    default_rounds: int
    default_table_size: int
    stages: _containers.RepeatedScalarFieldContainer[str]
    stages_ru: _containers.RepeatedScalarFieldContainer[str]
    version: str
    default: bool
    def __init__(self, name: _Optional[str] = ..., kind: _Optional[_Union[RulesetKind, str]] = ..., description: _Optional[str] = ..., description_ru: _Optional[str] = ..., default_rounds: _Optional[int] = ..., default_table_size: _Optional[int] = ..., stages: _Optional[_Iterable[str]] = ..., stages_ru: _Optional[_Iterable[str]] = ..., version: _Optional[str] = ..., default: _Optional[bool] = ...) -> None: ...

class ListRulesetsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListRulesetsResponse(_message.Message):
    __slots__ = ("rulesets",)
    RULESETS_FIELD_NUMBER: _ClassVar[int]
    rulesets: _containers.RepeatedCompositeFieldContainer[Ruleset]
    def __init__(self, rulesets: _Optional[_Iterable[_Union[Ruleset, _Mapping]]] = ...) -> None: ...

class DecideTieRequest(_message.Message):
    __slots__ = ("competition_id", "player_ids", "method", "seed", "reason", "decided_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    method: TieMethod
    seed: int
    reason: str
    decided_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., method: _Optional[_Union[TieMethod, str]] = ..., seed: _Optional[int] = ..., reason: _Optional[str] = ..., decided_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class TieDecision(_message.Message):
    __slots__ = ("id", "competition_id", "player_ids", "method", "seed", "reason", "decided_by", "at", "stage")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    method: TieMethod
    seed: int
    reason: str
    decided_by: str
    at: _timestamp_pb2.Timestamp
    stage: int
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., method: _Optional[_Union[TieMethod, str]] = ..., seed: _Optional[int] = ..., reason: _Optional[str] = ..., decided_by: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., stage: _Optional[int] = ...) -> None: ...

class StageGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PrepareStageRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

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
    groups: _containers.RepeatedCompositeFieldContainer[StageGroup]
    rounds: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    notes: _containers.RepeatedScalarFieldContainer[str]
    finished: bool
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[StageGroup, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., notes: _Optional[_Iterable[str]] = ..., finished: _Optional[bool] = ..., notes_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class SaveStageRequest(_message.Message):
    __slots__ = ("competition_id", "number", "rounds", "created_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    rounds: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    created_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., created_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class Stage(_message.Message):
    __slots__ = ("id", "competition_id", "number", "kind", "name", "status", "groups", "rounds", "created_by", "created_at", "completed_at", "games_per_match", "one_meeting")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_AT_FIELD_NUMBER: _ClassVar[int]
    GAMES_PER_MATCH_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    number: int
    kind: str
    name: str
    status: StageStatus
    groups: _containers.RepeatedCompositeFieldContainer[StageGroup]
    rounds: _containers.RepeatedCompositeFieldContainer[_solver_pb2.Round]
    created_by: str
    created_at: _timestamp_pb2.Timestamp
    completed_at: _timestamp_pb2.Timestamp
    games_per_match: int
    one_meeting: bool
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., number: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., status: _Optional[_Union[StageStatus, str]] = ..., groups: _Optional[_Iterable[_Union[StageGroup, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[_solver_pb2.Round, _Mapping]]] = ..., created_by: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., completed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., games_per_match: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class GetStageRequest(_message.Message):
    __slots__ = ("competition_id", "number")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ...) -> None: ...

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

class ListStagesRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class ListStagesResponse(_message.Message):
    __slots__ = ("stages",)
    STAGES_FIELD_NUMBER: _ClassVar[int]
    stages: _containers.RepeatedCompositeFieldContainer[Stage]
    def __init__(self, stages: _Optional[_Iterable[_Union[Stage, _Mapping]]] = ...) -> None: ...

class GetUpdownStandingsRequest(_message.Message):
    __slots__ = ("competition_id", "stage")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ...) -> None: ...

class UpdownRow(_message.Message):
    __slots__ = ("place", "player_id", "name", "points", "carried", "sonneborn_berger", "games", "really_played", "fate", "withdrawn", "separated_from_next", "notes", "fate_reason", "provisional", "separated_from_next_ru", "notes_ru", "fate_reason_ru")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CARRIED_FIELD_NUMBER: _ClassVar[int]
    SONNEBORN_BERGER_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    REALLY_PLAYED_FIELD_NUMBER: _ClassVar[int]
    FATE_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    SEPARATED_FROM_NEXT_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    FATE_REASON_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    SEPARATED_FROM_NEXT_RU_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    FATE_REASON_RU_FIELD_NUMBER: _ClassVar[int]
    place: str
    player_id: str
    name: str
    points: int
    carried: int
    sonneborn_berger: int
    games: int
    really_played: int
    fate: str
    withdrawn: bool
    separated_from_next: str
    notes: _containers.RepeatedScalarFieldContainer[str]
    fate_reason: str
    provisional: bool
    separated_from_next_ru: str
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    fate_reason_ru: str
    def __init__(self, place: _Optional[str] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ..., points: _Optional[int] = ..., carried: _Optional[int] = ..., sonneborn_berger: _Optional[int] = ..., games: _Optional[int] = ..., really_played: _Optional[int] = ..., fate: _Optional[str] = ..., withdrawn: _Optional[bool] = ..., separated_from_next: _Optional[str] = ..., notes: _Optional[_Iterable[str]] = ..., fate_reason: _Optional[str] = ..., provisional: _Optional[bool] = ..., separated_from_next_ru: _Optional[str] = ..., notes_ru: _Optional[_Iterable[str]] = ..., fate_reason_ru: _Optional[str] = ...) -> None: ...

class UpdownGroup(_message.Message):
    __slots__ = ("name", "rows", "unresolved")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_FIELD_NUMBER: _ClassVar[int]
    name: str
    rows: _containers.RepeatedCompositeFieldContainer[UpdownRow]
    unresolved: _containers.RepeatedCompositeFieldContainer[UnresolvedTie]
    def __init__(self, name: _Optional[str] = ..., rows: _Optional[_Iterable[_Union[UpdownRow, _Mapping]]] = ..., unresolved: _Optional[_Iterable[_Union[UnresolvedTie, _Mapping]]] = ...) -> None: ...

class UpdownStandings(_message.Message):
    __slots__ = ("competition_id", "stage", "stage_kind", "ruleset", "groups", "complete", "champion_id", "promoted_ids", "relegated_ids", "ruleset_version", "progress", "progress_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    STAGE_KIND_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    CHAMPION_ID_FIELD_NUMBER: _ClassVar[int]
    PROMOTED_IDS_FIELD_NUMBER: _ClassVar[int]
    RELEGATED_IDS_FIELD_NUMBER: _ClassVar[int]
    RULESET_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    stage_kind: str
    ruleset: str
    groups: _containers.RepeatedCompositeFieldContainer[UpdownGroup]
    complete: bool
    champion_id: str
    promoted_ids: _containers.RepeatedScalarFieldContainer[str]
    relegated_ids: _containers.RepeatedScalarFieldContainer[str]
    ruleset_version: int
    progress: str
    progress_ru: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., stage_kind: _Optional[str] = ..., ruleset: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[UpdownGroup, _Mapping]]] = ..., complete: _Optional[bool] = ..., champion_id: _Optional[str] = ..., promoted_ids: _Optional[_Iterable[str]] = ..., relegated_ids: _Optional[_Iterable[str]] = ..., ruleset_version: _Optional[int] = ..., progress: _Optional[str] = ..., progress_ru: _Optional[str] = ...) -> None: ...

class ApplyCheckpointRequest(_message.Message):
    __slots__ = ("competition_id", "checkpoint", "recorded_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    checkpoint: Checkpoint
    recorded_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., checkpoint: _Optional[_Union[Checkpoint, str]] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CheckpointRemoval(_message.Message):
    __slots__ = ("player_id", "name", "really_played", "due", "reason", "results_annulled", "reason_ru")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REALLY_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DUE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RESULTS_ANNULLED_FIELD_NUMBER: _ClassVar[int]
    REASON_RU_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    really_played: int
    due: int
    reason: str
    results_annulled: bool
    reason_ru: str
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ..., really_played: _Optional[int] = ..., due: _Optional[int] = ..., reason: _Optional[str] = ..., results_annulled: _Optional[bool] = ..., reason_ru: _Optional[str] = ...) -> None: ...

class ApplyCheckpointResponse(_message.Message):
    __slots__ = ("competition_id", "checkpoint", "removed")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    checkpoint: Checkpoint
    removed: _containers.RepeatedCompositeFieldContainer[CheckpointRemoval]
    def __init__(self, competition_id: _Optional[str] = ..., checkpoint: _Optional[_Union[Checkpoint, str]] = ..., removed: _Optional[_Iterable[_Union[CheckpointRemoval, _Mapping]]] = ...) -> None: ...

class DisqualifyPlayerRequest(_message.Message):
    __slots__ = ("competition_id", "player_id", "reason", "recorded_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_id: str
    reason: str
    recorded_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., player_id: _Optional[str] = ..., reason: _Optional[str] = ..., recorded_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class DisqualifyPlayerResponse(_message.Message):
    __slots__ = ("player", "stage", "reason", "recorded_by", "recorded_at", "completed_stage")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_STAGE_FIELD_NUMBER: _ClassVar[int]
    player: Player
    stage: int
    reason: str
    recorded_by: str
    recorded_at: _timestamp_pb2.Timestamp
    completed_stage: bool
    def __init__(self, player: _Optional[_Union[Player, _Mapping]] = ..., stage: _Optional[int] = ..., reason: _Optional[str] = ..., recorded_by: _Optional[str] = ..., recorded_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., completed_stage: _Optional[bool] = ...) -> None: ...

class GetCupBracketRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class CupSeed(_message.Message):
    __slots__ = ("seed", "player_id", "name")
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seed: int
    player_id: str
    name: str
    def __init__(self, seed: _Optional[int] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CupGame(_message.Message):
    __slots__ = ("number", "setting", "replay", "winner_id", "technical_loser_ids", "text", "text_ru")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    SETTING_FIELD_NUMBER: _ClassVar[int]
    REPLAY_FIELD_NUMBER: _ClassVar[int]
    WINNER_ID_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_LOSER_IDS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TEXT_RU_FIELD_NUMBER: _ClassVar[int]
    number: int
    setting: str
    replay: bool
    winner_id: str
    technical_loser_ids: _containers.RepeatedScalarFieldContainer[str]
    text: str
    text_ru: str
    def __init__(self, number: _Optional[int] = ..., setting: _Optional[str] = ..., replay: _Optional[bool] = ..., winner_id: _Optional[str] = ..., technical_loser_ids: _Optional[_Iterable[str]] = ..., text: _Optional[str] = ..., text_ru: _Optional[str] = ...) -> None: ...

class CupPairing(_message.Message):
    __slots__ = ("table", "third_place", "player_ids", "is_pass", "games", "wins", "winner_id", "loser_ids", "decided", "technical", "explanation", "explanation_ru")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    THIRD_PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    IS_PASS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    WINNER_ID_FIELD_NUMBER: _ClassVar[int]
    LOSER_IDS_FIELD_NUMBER: _ClassVar[int]
    DECIDED_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_RU_FIELD_NUMBER: _ClassVar[int]
    table: int
    third_place: bool
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    is_pass: bool
    games: _containers.RepeatedCompositeFieldContainer[CupGame]
    wins: _containers.RepeatedScalarFieldContainer[int]
    winner_id: str
    loser_ids: _containers.RepeatedScalarFieldContainer[str]
    decided: bool
    technical: bool
    explanation: str
    explanation_ru: str
    def __init__(self, table: _Optional[int] = ..., third_place: _Optional[bool] = ..., player_ids: _Optional[_Iterable[str]] = ..., is_pass: _Optional[bool] = ..., games: _Optional[_Iterable[_Union[CupGame, _Mapping]]] = ..., wins: _Optional[_Iterable[int]] = ..., winner_id: _Optional[str] = ..., loser_ids: _Optional[_Iterable[str]] = ..., decided: _Optional[bool] = ..., technical: _Optional[bool] = ..., explanation: _Optional[str] = ..., explanation_ru: _Optional[str] = ...) -> None: ...

class CupStage(_message.Message):
    __slots__ = ("number", "name", "status", "pairings")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAIRINGS_FIELD_NUMBER: _ClassVar[int]
    number: int
    name: str
    status: StageStatus
    pairings: _containers.RepeatedCompositeFieldContainer[CupPairing]
    def __init__(self, number: _Optional[int] = ..., name: _Optional[str] = ..., status: _Optional[_Union[StageStatus, str]] = ..., pairings: _Optional[_Iterable[_Union[CupPairing, _Mapping]]] = ...) -> None: ...

class CupPlace(_message.Message):
    __slots__ = ("place", "player_id", "name", "prize_eligible", "reason", "reason_ru")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PRIZE_ELIGIBLE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    REASON_RU_FIELD_NUMBER: _ClassVar[int]
    place: int
    player_id: str
    name: str
    prize_eligible: bool
    reason: str
    reason_ru: str
    def __init__(self, place: _Optional[int] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ..., prize_eligible: _Optional[bool] = ..., reason: _Optional[str] = ..., reason_ru: _Optional[str] = ...) -> None: ...

class CupPlayerResult(_message.Message):
    __slots__ = ("player_id", "name", "seed", "place", "eliminated_in", "award", "technical_defeats", "prize_place", "disqualified", "why", "why_ru")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_IN_FIELD_NUMBER: _ClassVar[int]
    AWARD_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_DEFEATS_FIELD_NUMBER: _ClassVar[int]
    PRIZE_PLACE_FIELD_NUMBER: _ClassVar[int]
    DISQUALIFIED_FIELD_NUMBER: _ClassVar[int]
    WHY_FIELD_NUMBER: _ClassVar[int]
    WHY_RU_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    seed: int
    place: int
    eliminated_in: str
    award: str
    technical_defeats: int
    prize_place: int
    disqualified: bool
    why: _containers.RepeatedScalarFieldContainer[str]
    why_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ..., seed: _Optional[int] = ..., place: _Optional[int] = ..., eliminated_in: _Optional[str] = ..., award: _Optional[str] = ..., technical_defeats: _Optional[int] = ..., prize_place: _Optional[int] = ..., disqualified: _Optional[bool] = ..., why: _Optional[_Iterable[str]] = ..., why_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class CupBracket(_message.Message):
    __slots__ = ("competition_id", "seeds", "left_out", "stages", "finished", "places", "results", "explanation", "explanation_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    SEEDS_FIELD_NUMBER: _ClassVar[int]
    LEFT_OUT_FIELD_NUMBER: _ClassVar[int]
    STAGES_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    seeds: _containers.RepeatedCompositeFieldContainer[CupSeed]
    left_out: _containers.RepeatedCompositeFieldContainer[CupSeed]
    stages: _containers.RepeatedCompositeFieldContainer[CupStage]
    finished: bool
    places: _containers.RepeatedCompositeFieldContainer[CupPlace]
    results: _containers.RepeatedCompositeFieldContainer[CupPlayerResult]
    explanation: _containers.RepeatedScalarFieldContainer[str]
    explanation_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., seeds: _Optional[_Iterable[_Union[CupSeed, _Mapping]]] = ..., left_out: _Optional[_Iterable[_Union[CupSeed, _Mapping]]] = ..., stages: _Optional[_Iterable[_Union[CupStage, _Mapping]]] = ..., finished: _Optional[bool] = ..., places: _Optional[_Iterable[_Union[CupPlace, _Mapping]]] = ..., results: _Optional[_Iterable[_Union[CupPlayerResult, _Mapping]]] = ..., explanation: _Optional[_Iterable[str]] = ..., explanation_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class GetPlayoffRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class PlayoffTableView(_message.Message):
    __slots__ = ("name", "table", "player_ids", "hanchans_played", "hanchans", "order", "substitute_ids", "unresolved", "no_show_ids", "unresolved_ru")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    SUBSTITUTE_IDS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_FIELD_NUMBER: _ClassVar[int]
    NO_SHOW_IDS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_RU_FIELD_NUMBER: _ClassVar[int]
    name: str
    table: int
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    hanchans_played: int
    hanchans: int
    order: _containers.RepeatedScalarFieldContainer[str]
    substitute_ids: _containers.RepeatedScalarFieldContainer[str]
    unresolved: str
    no_show_ids: _containers.RepeatedScalarFieldContainer[str]
    unresolved_ru: str
    def __init__(self, name: _Optional[str] = ..., table: _Optional[int] = ..., player_ids: _Optional[_Iterable[str]] = ..., hanchans_played: _Optional[int] = ..., hanchans: _Optional[int] = ..., order: _Optional[_Iterable[str]] = ..., substitute_ids: _Optional[_Iterable[str]] = ..., unresolved: _Optional[str] = ..., no_show_ids: _Optional[_Iterable[str]] = ..., unresolved_ru: _Optional[str] = ...) -> None: ...

class PlayoffStageView(_message.Message):
    __slots__ = ("number", "name", "status", "tables")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    number: int
    name: str
    status: StageStatus
    tables: _containers.RepeatedCompositeFieldContainer[PlayoffTableView]
    def __init__(self, number: _Optional[int] = ..., name: _Optional[str] = ..., status: _Optional[_Union[StageStatus, str]] = ..., tables: _Optional[_Iterable[_Union[PlayoffTableView, _Mapping]]] = ...) -> None: ...

class Playoff(_message.Message):
    __slots__ = ("competition_id", "regular_places", "stages", "progress", "blocked", "finished", "first_prize_player_id", "second_prize_player_id", "names", "blocked_ru")
    class NamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    REGULAR_PLACES_FIELD_NUMBER: _ClassVar[int]
    STAGES_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    FIRST_PRIZE_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_PRIZE_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    regular_places: _containers.RepeatedScalarFieldContainer[str]
    stages: _containers.RepeatedCompositeFieldContainer[PlayoffStageView]
    progress: PlayoffProgress
    blocked: _containers.RepeatedScalarFieldContainer[str]
    finished: bool
    first_prize_player_id: str
    second_prize_player_id: str
    names: _containers.ScalarMap[str, str]
    blocked_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., regular_places: _Optional[_Iterable[str]] = ..., stages: _Optional[_Iterable[_Union[PlayoffStageView, _Mapping]]] = ..., progress: _Optional[_Union[PlayoffProgress, _Mapping]] = ..., blocked: _Optional[_Iterable[str]] = ..., finished: _Optional[bool] = ..., first_prize_player_id: _Optional[str] = ..., second_prize_player_id: _Optional[str] = ..., names: _Optional[_Mapping[str, str]] = ..., blocked_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayoffConflict(_message.Message):
    __slots__ = ("stage", "seated_not_qualified_ids", "qualified_not_seated_ids", "explanation", "open", "explanation_ru")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    SEATED_NOT_QUALIFIED_IDS_FIELD_NUMBER: _ClassVar[int]
    QUALIFIED_NOT_SEATED_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_RU_FIELD_NUMBER: _ClassVar[int]
    stage: int
    seated_not_qualified_ids: _containers.RepeatedScalarFieldContainer[str]
    qualified_not_seated_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    open: bool
    explanation_ru: str
    def __init__(self, stage: _Optional[int] = ..., seated_not_qualified_ids: _Optional[_Iterable[str]] = ..., qualified_not_seated_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ..., open: _Optional[bool] = ..., explanation_ru: _Optional[str] = ...) -> None: ...

class DecidePlayoffRequest(_message.Message):
    __slots__ = ("competition_id", "decision", "reason", "decided_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    decision: PlayoffDecisionKind
    reason: str
    decided_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., decision: _Optional[_Union[PlayoffDecisionKind, str]] = ..., reason: _Optional[str] = ..., decided_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class PlayoffDecision(_message.Message):
    __slots__ = ("id", "competition_id", "decision", "reason", "decided_by", "at", "stored_player_ids", "qualified_player_ids", "removed_stages")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    STORED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    QUALIFIED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_STAGES_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    decision: PlayoffDecisionKind
    reason: str
    decided_by: str
    at: _timestamp_pb2.Timestamp
    stored_player_ids: _containers.RepeatedScalarFieldContainer[str]
    qualified_player_ids: _containers.RepeatedScalarFieldContainer[str]
    removed_stages: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., decision: _Optional[_Union[PlayoffDecisionKind, str]] = ..., reason: _Optional[str] = ..., decided_by: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., stored_player_ids: _Optional[_Iterable[str]] = ..., qualified_player_ids: _Optional[_Iterable[str]] = ..., removed_stages: _Optional[_Iterable[int]] = ...) -> None: ...

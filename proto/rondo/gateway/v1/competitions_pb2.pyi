import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
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

class RegistrationResolution(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REGISTRATION_RESOLUTION_UNSPECIFIED: _ClassVar[RegistrationResolution]
    REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED: _ClassVar[RegistrationResolution]
    REGISTRATION_RESOLUTION_PROMOTE_RESERVES: _ClassVar[RegistrationResolution]

class RulesetKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RULESET_KIND_UNSPECIFIED: _ClassVar[RulesetKind]
    RULESET_KIND_MAHJONG_LEAGUE: _ClassVar[RulesetKind]
    RULESET_KIND_CUP: _ClassVar[RulesetKind]
    RULESET_KIND_UPDOWN: _ClassVar[RulesetKind]
PLAYER_STATUS_UNSPECIFIED: PlayerStatus
PLAYER_STATUS_MAIN: PlayerStatus
PLAYER_STATUS_RESERVE: PlayerStatus
PLAYER_STATUS_SUBSTITUTE: PlayerStatus
PLAYER_STATUS_WITHDRAWN: PlayerStatus
PLAYER_STATUS_DISQUALIFIED: PlayerStatus
REGISTRATION_RESOLUTION_UNSPECIFIED: RegistrationResolution
REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED: RegistrationResolution
REGISTRATION_RESOLUTION_PROMOTE_RESERVES: RegistrationResolution
RULESET_KIND_UNSPECIFIED: RulesetKind
RULESET_KIND_MAHJONG_LEAGUE: RulesetKind
RULESET_KIND_CUP: RulesetKind
RULESET_KIND_UPDOWN: RulesetKind

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
    __slots__ = ("competition", "ruleset_overrides", "idempotency_key")
    COMPETITION_FIELD_NUMBER: _ClassVar[int]
    RULESET_OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition: Competition
    ruleset_overrides: str
    idempotency_key: str
    def __init__(self, competition: _Optional[_Union[Competition, _Mapping]] = ..., ruleset_overrides: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetCompetitionRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class ListCompetitionsRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListCompetitionsResponse(_message.Message):
    __slots__ = ("competitions", "next_page_token")
    COMPETITIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competitions: _containers.RepeatedCompositeFieldContainer[Competition]
    next_page_token: str
    def __init__(self, competitions: _Optional[_Iterable[_Union[Competition, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("competition_id", "include_inactive", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_INACTIVE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    include_inactive: bool
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., include_inactive: _Optional[bool] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListPlayersResponse(_message.Message):
    __slots__ = ("players", "next_page_token")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    next_page_token: str
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("competition_id", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListRulesetVersionsResponse(_message.Message):
    __slots__ = ("ruleset_versions", "next_page_token")
    RULESET_VERSIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ruleset_versions: _containers.RepeatedCompositeFieldContainer[RulesetVersion]
    next_page_token: str
    def __init__(self, ruleset_versions: _Optional[_Iterable[_Union[RulesetVersion, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListRulesetsResponse(_message.Message):
    __slots__ = ("rulesets", "next_page_token")
    RULESETS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    rulesets: _containers.RepeatedCompositeFieldContainer[Ruleset]
    next_page_token: str
    def __init__(self, rulesets: _Optional[_Iterable[_Union[Ruleset, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

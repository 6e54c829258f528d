import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from rondo.gateway.v1 import competitions_pb2 as _competitions_pb2
from rondo.gateway.v1 import results_pb2 as _results_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

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
STAGE_STATUS_UNSPECIFIED: StageStatus
STAGE_STATUS_OPEN: StageStatus
STAGE_STATUS_COMPLETED: StageStatus
CHECKPOINT_UNSPECIFIED: Checkpoint
CHECKPOINT_FIRST: Checkpoint
CHECKPOINT_SECOND: Checkpoint

class StageGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

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
    rounds: _containers.RepeatedCompositeFieldContainer[_common_pb2.Round]
    created_by: str
    created_at: _timestamp_pb2.Timestamp
    completed_at: _timestamp_pb2.Timestamp
    games_per_match: int
    one_meeting: bool
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., number: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., status: _Optional[_Union[StageStatus, str]] = ..., groups: _Optional[_Iterable[_Union[StageGroup, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[_common_pb2.Round, _Mapping]]] = ..., created_by: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., completed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., games_per_match: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class AdvanceStageRequest(_message.Message):
    __slots__ = ("competition_id", "created_by", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    created_by: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., created_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class PrepareStageRequest(_message.Message):
    __slots__ = ("competition_id",)
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    def __init__(self, competition_id: _Optional[str] = ...) -> None: ...

class StagePlan(_message.Message):
    __slots__ = ("competition_id", "number", "kind", "name", "groups", "notes", "finished", "notes_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    kind: str
    name: str
    groups: _containers.RepeatedCompositeFieldContainer[StageGroup]
    notes: _containers.RepeatedScalarFieldContainer[str]
    finished: bool
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., groups: _Optional[_Iterable[_Union[StageGroup, _Mapping]]] = ..., notes: _Optional[_Iterable[str]] = ..., finished: _Optional[bool] = ..., notes_ru: _Optional[_Iterable[str]] = ...) -> None: ...

class GetStageRequest(_message.Message):
    __slots__ = ("competition_id", "number")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    number: int
    def __init__(self, competition_id: _Optional[str] = ..., number: _Optional[int] = ...) -> None: ...

class ListStagesRequest(_message.Message):
    __slots__ = ("competition_id", "page_size", "page_token")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    page_size: int
    page_token: str
    def __init__(self, competition_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListStagesResponse(_message.Message):
    __slots__ = ("stages", "next_page_token")
    STAGES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    stages: _containers.RepeatedCompositeFieldContainer[Stage]
    next_page_token: str
    def __init__(self, stages: _Optional[_Iterable[_Union[Stage, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

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
    unresolved: _containers.RepeatedCompositeFieldContainer[_results_pb2.UnresolvedTie]
    def __init__(self, name: _Optional[str] = ..., rows: _Optional[_Iterable[_Union[UpdownRow, _Mapping]]] = ..., unresolved: _Optional[_Iterable[_Union[_results_pb2.UnresolvedTie, _Mapping]]] = ...) -> None: ...

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
    player: _competitions_pb2.Player
    stage: int
    reason: str
    recorded_by: str
    recorded_at: _timestamp_pb2.Timestamp
    completed_stage: bool
    def __init__(self, player: _Optional[_Union[_competitions_pb2.Player, _Mapping]] = ..., stage: _Optional[int] = ..., reason: _Optional[str] = ..., recorded_by: _Optional[str] = ..., recorded_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., completed_stage: _Optional[bool] = ...) -> None: ...

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

class PlayoffGroup(_message.Message):
    __slots__ = ("name", "player_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

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

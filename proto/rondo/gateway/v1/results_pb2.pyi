import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

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

class TieMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIE_METHOD_UNSPECIFIED: _ClassVar[TieMethod]
    TIE_METHOD_ORGANIZER_ORDER: _ClassVar[TieMethod]
    TIE_METHOD_LOT: _ClassVar[TieMethod]

class PlayoffDecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAYOFF_DECISION_KIND_UNSPECIFIED: _ClassVar[PlayoffDecisionKind]
    PLAYOFF_DECISION_KIND_REGENERATE: _ClassVar[PlayoffDecisionKind]
    PLAYOFF_DECISION_KIND_KEEP: _ClassVar[PlayoffDecisionKind]

class ProjectionStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROJECTION_STATUS_UNSPECIFIED: _ClassVar[ProjectionStatus]
    PROJECTION_STATUS_CLINCHED: _ClassVar[ProjectionStatus]
    PROJECTION_STATUS_ELIMINATED: _ClassVar[ProjectionStatus]
    PROJECTION_STATUS_ALIVE: _ClassVar[ProjectionStatus]
    PROJECTION_STATUS_ORGANIZER_DECISION: _ClassVar[ProjectionStatus]
    PROJECTION_STATUS_UNKNOWN: _ClassVar[ProjectionStatus]

class ProjectionFate(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROJECTION_FATE_UNSPECIFIED: _ClassVar[ProjectionFate]
    PROJECTION_FATE_IN: _ClassVar[ProjectionFate]
    PROJECTION_FATE_OUT: _ClassVar[ProjectionFate]
    PROJECTION_FATE_ORGANIZER_DECISION: _ClassVar[ProjectionFate]

class ProjectionSearch(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROJECTION_SEARCH_UNSPECIFIED: _ClassVar[ProjectionSearch]
    PROJECTION_SEARCH_FOUND: _ClassVar[ProjectionSearch]
    PROJECTION_SEARCH_IMPOSSIBLE: _ClassVar[ProjectionSearch]
    PROJECTION_SEARCH_NOT_PROVEN: _ClassVar[ProjectionSearch]
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
TIE_METHOD_UNSPECIFIED: TieMethod
TIE_METHOD_ORGANIZER_ORDER: TieMethod
TIE_METHOD_LOT: TieMethod
PLAYOFF_DECISION_KIND_UNSPECIFIED: PlayoffDecisionKind
PLAYOFF_DECISION_KIND_REGENERATE: PlayoffDecisionKind
PLAYOFF_DECISION_KIND_KEEP: PlayoffDecisionKind
PROJECTION_STATUS_UNSPECIFIED: ProjectionStatus
PROJECTION_STATUS_CLINCHED: ProjectionStatus
PROJECTION_STATUS_ELIMINATED: ProjectionStatus
PROJECTION_STATUS_ALIVE: ProjectionStatus
PROJECTION_STATUS_ORGANIZER_DECISION: ProjectionStatus
PROJECTION_STATUS_UNKNOWN: ProjectionStatus
PROJECTION_FATE_UNSPECIFIED: ProjectionFate
PROJECTION_FATE_IN: ProjectionFate
PROJECTION_FATE_OUT: ProjectionFate
PROJECTION_FATE_ORGANIZER_DECISION: ProjectionFate
PROJECTION_SEARCH_UNSPECIFIED: ProjectionSearch
PROJECTION_SEARCH_FOUND: ProjectionSearch
PROJECTION_SEARCH_IMPOSSIBLE: ProjectionSearch
PROJECTION_SEARCH_NOT_PROVEN: ProjectionSearch

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

class ListResultRecordsRequest(_message.Message):
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

class ListResultRecordsResponse(_message.Message):
    __slots__ = ("result_records", "next_page_token")
    RESULT_RECORDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    result_records: _containers.RepeatedCompositeFieldContainer[ResultRecord]
    next_page_token: str
    def __init__(self, result_records: _Optional[_Iterable[_Union[ResultRecord, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

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

class ProjectionCut(_message.Message):
    __slots__ = ("name", "places", "title", "title_ru", "group")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    TITLE_RU_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    name: str
    places: int
    title: str
    title_ru: str
    group: int
    def __init__(self, name: _Optional[str] = ..., places: _Optional[int] = ..., title: _Optional[str] = ..., title_ru: _Optional[str] = ..., group: _Optional[int] = ...) -> None: ...

class ProjectionQuestion(_message.Message):
    __slots__ = ("fate", "search")
    FATE_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    fate: ProjectionFate
    search: ProjectionSearch
    def __init__(self, fate: _Optional[_Union[ProjectionFate, str]] = ..., search: _Optional[_Union[ProjectionSearch, str]] = ...) -> None: ...

class WitnessHanchan(_message.Message):
    __slots__ = ("number", "player_ids", "scores")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    number: int
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, number: _Optional[int] = ..., player_ids: _Optional[_Iterable[str]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class WitnessMatch(_message.Message):
    __slots__ = ("round", "table", "hanchans")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    hanchans: _containers.RepeatedCompositeFieldContainer[WitnessHanchan]
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., hanchans: _Optional[_Iterable[_Union[WitnessHanchan, _Mapping]]] = ...) -> None: ...

class ProjectionWitness(_message.Message):
    __slots__ = ("fate", "matches")
    FATE_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    fate: ProjectionFate
    matches: _containers.RepeatedCompositeFieldContainer[WitnessMatch]
    def __init__(self, fate: _Optional[_Union[ProjectionFate, str]] = ..., matches: _Optional[_Iterable[_Union[WitnessMatch, _Mapping]]] = ...) -> None: ...

class ProjectionNeed(_message.Message):
    __slots__ = ("place", "proven", "wins")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PROVEN_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    place: int
    proven: bool
    wins: int
    def __init__(self, place: _Optional[int] = ..., proven: _Optional[bool] = ..., wins: _Optional[int] = ...) -> None: ...

class GetProjectionsRequest(_message.Message):
    __slots__ = ("competition_id", "player_ids", "viewer_player_id", "time_limit_seconds")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    VIEWER_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    viewer_player_id: str
    time_limit_seconds: float
    def __init__(self, competition_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., viewer_player_id: _Optional[str] = ..., time_limit_seconds: _Optional[float] = ...) -> None: ...

class CutStatus(_message.Message):
    __slots__ = ("cut", "status", "text", "text_ru", "need", "witnesses", "questions")
    CUT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TEXT_RU_FIELD_NUMBER: _ClassVar[int]
    NEED_FIELD_NUMBER: _ClassVar[int]
    WITNESSES_FIELD_NUMBER: _ClassVar[int]
    QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    cut: str
    status: ProjectionStatus
    text: str
    text_ru: str
    need: ProjectionNeed
    witnesses: _containers.RepeatedCompositeFieldContainer[ProjectionWitness]
    questions: _containers.RepeatedCompositeFieldContainer[ProjectionQuestion]
    def __init__(self, cut: _Optional[str] = ..., status: _Optional[_Union[ProjectionStatus, str]] = ..., text: _Optional[str] = ..., text_ru: _Optional[str] = ..., need: _Optional[_Union[ProjectionNeed, _Mapping]] = ..., witnesses: _Optional[_Iterable[_Union[ProjectionWitness, _Mapping]]] = ..., questions: _Optional[_Iterable[_Union[ProjectionQuestion, _Mapping]]] = ...) -> None: ...

class PlayerProjection(_message.Message):
    __slots__ = ("player_id", "name", "place", "total", "cuts", "matches_left", "group")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    CUTS_FIELD_NUMBER: _ClassVar[int]
    MATCHES_LEFT_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    place: str
    total: str
    cuts: _containers.RepeatedCompositeFieldContainer[CutStatus]
    matches_left: int
    group: int
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ..., place: _Optional[str] = ..., total: _Optional[str] = ..., cuts: _Optional[_Iterable[_Union[CutStatus, _Mapping]]] = ..., matches_left: _Optional[int] = ..., group: _Optional[int] = ...) -> None: ...

class Projections(_message.Message):
    __slots__ = ("competition_id", "cuts", "players", "rounds", "after_round", "matches_left", "exact", "wall_time_seconds", "notes", "notes_ru")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    CUTS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    AFTER_ROUND_FIELD_NUMBER: _ClassVar[int]
    MATCHES_LEFT_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    WALL_TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    NOTES_RU_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    cuts: _containers.RepeatedCompositeFieldContainer[ProjectionCut]
    players: _containers.RepeatedCompositeFieldContainer[PlayerProjection]
    rounds: int
    after_round: int
    matches_left: int
    exact: bool
    wall_time_seconds: float
    notes: _containers.RepeatedScalarFieldContainer[str]
    notes_ru: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, competition_id: _Optional[str] = ..., cuts: _Optional[_Iterable[_Union[ProjectionCut, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[PlayerProjection, _Mapping]]] = ..., rounds: _Optional[int] = ..., after_round: _Optional[int] = ..., matches_left: _Optional[int] = ..., exact: _Optional[bool] = ..., wall_time_seconds: _Optional[float] = ..., notes: _Optional[_Iterable[str]] = ..., notes_ru: _Optional[_Iterable[str]] = ...) -> None: ...

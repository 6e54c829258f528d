"""The reviews of a competition's results, read (docs/rules.md ``mahjong.records.player-report-confirmed-by-table``,
``mahjong.records.dispute-to-judge``, ``mahjong.records.standings-use-confirmed-only``): the status of
every record from the append-only reviews, who sat at a table, the records that count. Plain functions
over a repository, shared by the records and the standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.adapters.repository import LeagueRepository
from league.domain import records
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import RecordStatus, Review, ReviewedRecord
from league.domain.model import Competition, PlayerStatus, Round
from league.domain.records import Content, ResultRecord
from league.use_cases.common import find_player, find_record
from rondo_runtime.errors import FailedPrecondition, InvalidArgument


@dataclass(frozen=True)
class MatchState:
    """What the reviews say about a set of records."""

    statuses: dict[str, RecordStatus]
    reviews: list[Review]
    seated_main: dict[tuple[int, int], list[str]]


def approved_seats(rounds: Sequence[Round], competition: Competition, round_no: int, table: int) -> tuple[str, ...]:
    """The table of the approved draw: an unknown match names ``round`` or ``table``."""
    if not rounds:
        raise FailedPrecondition.because("RESULTS_NEED_APPROVED_DRAW", competition=competition.name)
    if not 1 <= round_no <= len(rounds):
        raise InvalidArgument.at("round", "ROUND_OUT_OF_RANGE", rounds=len(rounds), round=round_no)
    if not 1 <= table <= len(rounds[round_no - 1]):
        raise InvalidArgument.single(
            "table", f"round {round_no} of the approved draw has tables 1-{len(rounds[round_no - 1])}, got {table}"
        )
    return tuple(rounds[round_no - 1][table - 1])


def seated_main(
    repo: LeagueRepository, competition: Competition, seats: Sequence[str], in_match: Sequence[ResultRecord]
) -> list[str]:
    """The main participants who sat at a table: drawn there, not a registered substitute, not a no-show."""
    main = {p.id for p in repo.players(competition.id) if p.status is not PlayerStatus.SUBSTITUTE}
    absent = reviews.no_shows(in_match)
    return [p for p in seats if p in main and p not in absent]


def match_state(
    repo: LeagueRepository, competition: Competition, rounds: Sequence[Round], stored: Sequence[ResultRecord]
) -> MatchState:
    """The status of every record of ``stored`` from the competition's reviews."""
    main = {p.id for p in repo.players(competition.id) if p.status is not PlayerStatus.SUBSTITUTE}
    by_match: dict[tuple[int, int], list[ResultRecord]] = {}
    for r in stored:
        by_match.setdefault((r.round, r.table), []).append(r)
    seated: dict[tuple[int, int], list[str]] = {}
    for (rnd, tbl), in_match in by_match.items():
        if 1 <= rnd <= len(rounds) and 1 <= tbl <= len(rounds[rnd - 1]):
            absent = reviews.no_shows(in_match)
            seated[(rnd, tbl)] = [p for p in rounds[rnd - 1][tbl - 1] if p in main and p not in absent]
    all_reviews = repo.reviews(competition.id)
    return MatchState(reviews.statuses(stored, all_reviews, seated), all_reviews, seated)


def check_report(
    repo: LeagueRepository,
    competition: Competition,
    round_no: int,
    table: int,
    seats: Sequence[str],
    in_match: Sequence[ResultRecord],
    reporter: str,
    content: Content,
) -> None:
    find_player(repo, competition, reporter)
    seated = seated_main(repo, competition, seats, in_match)
    reviews.check_report(reporter, seated, round_no, table)
    state = match_state(repo, competition, approved_rounds(repo, competition), in_match)
    reviews.check_not_already_there(content, reviews.live(in_match, state.statuses), round_no, table)


def live_records(repo: LeagueRepository, competition: Competition, in_match: Sequence[ResultRecord]) -> list[ResultRecord]:
    """The latest versions of a match's records that count or may count (rejected ones never do)."""
    if not any(r.reported_by_player_id for r in in_match):  # only a player's report can be rejected
        return records.current(in_match)
    state = match_state(repo, competition, approved_rounds(repo, competition), in_match)
    return reviews.live(in_match, state.statuses)


def approved_rounds(repo: LeagueRepository, competition: Competition) -> tuple[Round, ...]:
    if not competition.published_draw_id:
        return ()
    draw = repo.draw(competition.published_draw_id)
    return draw.rounds if draw else ()


def reviewed(repo: LeagueRepository, competition: Competition, record_id: str) -> ReviewedRecord:
    record = find_record(repo, competition, record_id)
    in_match = repo.records(competition.id, record.round, record.table, stage=record.stage)
    state = match_state(repo, competition, approved_rounds(repo, competition), in_match)
    mine = tuple(r for r in state.reviews if r.record_id == record.id)
    return ReviewedRecord(record, state.statuses[record.id], mine)

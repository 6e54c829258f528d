"""The running standings (fed record by record) equal the standings from scratch after any sequence of
records, corrections, no-shows, penalties and player reports (with their reviews), row for row and text for text in both
languages (docs/rules.md ``mahjong.standings.incremental-equals-from-scratch``)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from fractions import Fraction
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain import records
from league.domain.lots import TieDecision, TieMethod
from league.domain.mahjong import running_standings
from league.domain.mahjong.reviews import Review, Verdict
from league.domain.mahjong.running_standings import (
    Ranking,
    RegularStandings,
    RunningStandings,
    StageFacts,
    standings_from_scratch,
)
from league.domain.mahjong.standings import Figures, rank_standings, standings_as_dict
from league.domain.model import Player, PlayerStatus
from league.domain.records import Content, HanchanEntry, NoShowEntry, PenaltyEntry, ResultRecord

AT = datetime(2026, 10, 1, tzinfo=UTC)
IDS = [f"p{i}" for i in range(8)]
#: 2 rounds of 2 tables of 4: every player once a round
ROUNDS = (
    ((IDS[0], IDS[1], IDS[2], IDS[3]), (IDS[4], IDS[5], IDS[6], IDS[7])),
    ((IDS[0], IDS[1], IDS[4], IDS[5]), (IDS[2], IDS[3], IDS[6], IDS[7])),
)
#: final scores of a hanchan (any order): equal ones give split uma and tied totals
SCORES = (
    (30_000, 30_000, 30_000, 30_000),
    (45_000, 35_000, 25_000, 15_000),
    (40_000, 40_000, 25_000, 15_000),
    (50_000, 50_000, 10_000, 10_000),
)


def facts_of(withdrawn: set[int], decided: bool, reviews: tuple[Review, ...] = ()) -> tuple[StageFacts, list[TieDecision] | None]:
    status = {i: PlayerStatus.WITHDRAWN for i in withdrawn}
    everyone = tuple(Player(p, "c", f"Player {p}", i + 1, status.get(i, PlayerStatus.MAIN)) for i, p in enumerate(IDS))
    everyone += (Player("s1", "c", "Registered Sub", 9, PlayerStatus.SUBSTITUTE),)
    ruleset = records.ruleset_for("discard-league-2026", len(ROUNDS), 4)
    decisions = None
    if decided:  # a decision on a tie that may or may not be there (stale: a note says so)
        decisions = [TieDecision("d1", "c", 1, (IDS[1], IDS[0]), TieMethod.ORGANIZER_ORDER, None, "coin", "organizer", AT)]
    return StageFacts(ruleset, everyone, ROUNDS, reviews), decisions


@st.composite
def reviews_of_records(draw: st.DrawFn) -> tuple[Review, ...]:
    """Confirmations, disputes and a judge's decisions on some of the records to come (r1, r2, ...)."""
    out = []
    for n in range(draw(st.integers(0, 8))):
        verdict = draw(st.sampled_from(list(Verdict)))
        judge = verdict in (Verdict.UPHOLD, Verdict.REJECT)
        player = None if judge else draw(st.sampled_from(IDS))
        out.append(
            Review(f"v{n}", "c", f"r{draw(st.integers(1, 12))}", verdict, player, "judge" if judge else "", "why", AT, n + 1)
        )
    return tuple(out)


@st.composite
def histories(draw: st.DrawFn) -> tuple[StageFacts, list[TieDecision] | None, list[list[ResultRecord]]]:
    """The facts, and the records entered, in batches (one read of the standings after each batch)."""
    facts, decisions = facts_of(draw(st.sets(st.integers(0, 7), max_size=2)), draw(st.booleans()), draw(reviews_of_records()))
    entered: list[ResultRecord] = []
    batches: list[list[ResultRecord]] = []
    sequence = itertools.count(1)

    def add(rnd: int, tbl: int, content: Content, replaces: ResultRecord | None = None, reporter: str | None = None) -> None:
        n = next(sequence)
        entered.append(
            ResultRecord(
                f"r{n}",
                "c",
                n,
                rnd,
                tbl,
                content,
                "judge",
                AT,
                replaces_record_id=replaces.id if replaces else None,
                reason="fix" if replaces else "",
                reported_by_player_id=reporter,
            )
        )

    def seats(rnd: int, tbl: int) -> list[str]:
        """The drawn seats with each no-show's substitute in his seat."""
        instead = {r.content.player: r.content.substitute for r in in_match(rnd, tbl) if isinstance(r.content, NoShowEntry)}
        return [instead.get(p, p) for p in ROUNDS[rnd - 1][tbl - 1]]

    def in_match(rnd: int, tbl: int) -> list[ResultRecord]:
        return records.current(r for r in entered if (r.round, r.table) == (rnd, tbl))

    def scores(rnd: int, tbl: int) -> tuple[tuple[str, int], ...]:
        values = draw(st.permutations(draw(st.sampled_from(SCORES))))
        return tuple(zip(seats(rnd, tbl), values, strict=True))

    for _ in range(draw(st.integers(1, 14))):
        batch_start = len(entered)
        for _ in range(draw(st.integers(1, 3))):
            rnd, tbl = draw(st.sampled_from([(1, 1), (1, 2), (2, 1), (2, 2)]))
            here = in_match(rnd, tbl)
            numbers = {r.content.number for r in here if isinstance(r.content, HanchanEntry)}
            action = draw(st.sampled_from(["hanchan", "report", "correct", "penalty", "no_show"]))
            if action in ("hanchan", "report") and len(numbers) < 3:
                number = min({1, 2, 3} - numbers)
                reporter = draw(st.sampled_from(ROUNDS[rnd - 1][tbl - 1])) if action == "report" else None
                add(rnd, tbl, HanchanEntry(number, scores(rnd, tbl)), reporter=reporter)
            elif action == "correct" and here:
                old = draw(st.sampled_from(here))
                content: Content = old.content
                if isinstance(content, HanchanEntry):
                    content = HanchanEntry(content.number, scores(rnd, tbl))
                elif isinstance(content, PenaltyEntry):
                    content = PenaltyEntry(content.player, draw(st.sampled_from([1_000, 5_000, 20_000])), "corrected")
                add(rnd, tbl, content, replaces=old)
            elif action == "penalty":
                add(rnd, tbl, PenaltyEntry(draw(st.sampled_from(ROUNDS[rnd - 1][tbl - 1])), 5_000, "late"))
            elif action == "no_show" and not here:  # before any hanchan: its substitute plays them
                substitute = draw(st.sampled_from(["Sub One", "s1"]))
                if not any(
                    isinstance(r.content, NoShowEntry) and r.content.substitute == substitute and r.round == rnd for r in entered
                ):
                    add(rnd, tbl, NoShowEntry(draw(st.sampled_from(ROUNDS[rnd - 1][tbl - 1])), substitute))
        batches.append(entered[batch_start:])
    return facts, decisions, batches


def assert_same(found: RegularStandings, expected: RegularStandings) -> None:
    """Full equality: the rows, places, figures, unresolved ties, history, and every text in both languages."""
    assert found == expected
    assert standings_as_dict(found.standings) == standings_as_dict(expected.standings)
    assert [(n, n.ru) for n in found.notes] == [(n, n.ru) for n in expected.notes]


@pytest.mark.rule("mahjong.standings.incremental-equals-from-scratch")
@pytest.mark.parametrize("rank_all_above", [running_standings.RANK_ALL_ABOVE, 1.0], ids=["as-configured", "always-by-parts"])
@settings(max_examples=150, deadline=None)
@given(history=histories())
def test_the_running_standings_equal_the_standings_from_scratch_after_every_batch_of_records(rank_all_above, history):
    """Also with every read ranking by parts (:class:`running_standings.Ranking`: the moved players
    taken out and put back), however many moved: the 8 players of these seasons are 4 a match."""
    facts, decisions, batches = history
    running = RunningStandings(facts)
    so_far: list[ResultRecord] = []
    for batch in batches:
        with patch.object(running_standings, "RANK_ALL_ABOVE", rank_all_above):
            running = running.with_records(batch)
            found = running.standings(decisions)
        so_far += batch
        assert_same(found, standings_from_scratch(facts, so_far, decisions))
    assert_same(
        RunningStandings.from_scratch(facts, so_far).standings(decisions), standings_from_scratch(facts, so_far, decisions)
    )


@pytest.mark.rule("mahjong.standings.incremental-equals-from-scratch")
def test_feeding_records_leaves_the_standings_fed_before_unchanged():
    facts, _ = facts_of(set(), decided=False)
    first = RunningStandings(facts).with_records(
        [ResultRecord("r1", "c", 1, 1, 1, HanchanEntry(1, tuple(zip(ROUNDS[0][0], SCORES[1], strict=True))), "judge", AT)]
    )
    before = first.standings()
    second = first.with_records(
        [ResultRecord("r2", "c", 2, 1, 2, HanchanEntry(1, tuple(zip(ROUNDS[0][1], SCORES[1], strict=True))), "judge", AT)]
    )
    assert first.standings() == before != second.standings()
    assert first.with_records([]) is first


@st.composite
def figures_of_players(draw: st.DrawFn, players: list[str]) -> dict[str, Figures]:
    """Few totals and few places, so that runs of equal totals and ties the chain cannot break are
    common; no hanchans (no average place) now and then."""
    out = {}
    for p in players:
        places = tuple(Fraction(x) for x in draw(st.lists(st.integers(1, 4), max_size=3)))
        out[p] = Figures(p, draw(st.integers(-3, 3)) * 5_000, places, (), False, ())
    return out


@pytest.mark.rule("mahjong.standings.incremental-equals-from-scratch")
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_ranking_again_by_parts_equals_ranking_every_row(data):
    """:class:`running_standings.Ranking` kept over many changes of a few players' figures (up to 40
    players, so most rows are only moved by those who passed them) equals ``rank_standings`` of the
    same figures each time: rows, places, steps and the ties left to the organizer (at the cut too)."""
    players = [f"p{i}" for i in range(data.draw(st.integers(2, 40)))]
    everyone = tuple(Player(p, "c", p, i + 1) for i, p in enumerate(players))
    ruleset = records.ruleset_for("discard-league-2026", 4, 4)
    facts = StageFacts(ruleset, everyone, ())
    in_progress = data.draw(st.booleans())
    figures = data.draw(figures_of_players(players))
    first = Ranking.of(facts, figures, in_progress)
    assert isinstance(first, Ranking)  # a total for everyone: kept
    ranking: Ranking | None = first
    for _ in range(data.draw(st.integers(1, 8))):
        moved = data.draw(st.lists(st.sampled_from(players), min_size=1, max_size=4, unique=True))
        figures = figures | data.draw(figures_of_players(moved))
        assert isinstance(ranking, Ranking)
        with patch.object(running_standings, "RANK_ALL_ABOVE", 1.0):
            ranking = ranking.moved(facts, figures, moved)
        rows, unresolved = rank_standings([figures[p] for p in players], ruleset, in_progress)
        assert isinstance(ranking, Ranking)
        assert (tuple(ranking.rows), tuple(tie for _, tie in ranking.unresolved)) == (rows, unresolved)
        assert [row.separated_from_next.ru if row.separated_from_next else None for row in ranking.rows] == [
            row.separated_from_next.ru if row.separated_from_next else None for row in rows
        ]

"""The standings' explanations exist in English and Russian (league.domain.texts): every phrase kind
renders both with its parameters, and whole seasons (random ones, the example season files) leave no
explanation without a Russian twin or with English words in it."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.adapters.season_file import load_season
from league.domain import texts
from league.domain.cup.knockout import CUP_RULESETS, CupProgress, Disqualification, cup_progress
from league.domain.cup.knockout import Game as CupGame
from league.domain.lots import TieDecision, TieMethod, apply_tie_decisions
from league.domain.mahjong.playoff import PlayoffStage, TableResult, explain_playoff, initial_playoff, playoff_next_round
from league.domain.mahjong.playoff_basis import playoff_conflict
from league.domain.mahjong.standings import Season, Standings, regular_standings, standings_as_dict
from league.domain.texts import Text
from league.domain.updown.standings import (
    Game,
    GameResult,
    UpdownRuleset,
    UpdownSeason,
    UpdownStandings,
    updown_standings,
    updown_standings_as_dict,
)
from tests.domain.test_cup_progress import play_through, random_cups, random_series
from tests.domain.test_mahjong_standings import seasons

pytestmark = pytest.mark.domain
AT = datetime(2026, 3, 1, tzinfo=UTC)
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

#: Latin words a Russian text may keep: the regulations' file names in clause references and a
#: ruleset variant's JSON keys (data the organizer types as is)
_DATA = re.compile(
    r"[a-z]+(?:-[a-z]+)*-\d{4}"  # discard-league-2026, updown-league-2007
    r"|updown-first-league|\{[^}]*\}"
)


def english_words(ru: str, names: Iterable[str] = ()) -> list[str]:
    """Latin words of two letters or more left in a Russian text once names and clause references are
    removed (table "A", "x2" chombo counts and numbers are not words)."""
    ru = _DATA.sub(" ", ru)
    for name in sorted(names, key=len, reverse=True):
        ru = ru.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", ru)


def check(text: object, names: Iterable[str] = ()) -> None:
    assert isinstance(text, Text), f"not a two-language text: {text!r}"
    assert text.ru.strip(), f"no Russian twin for {text!r}"
    assert english_words(text.ru, names) == [], f"English left in {text.ru!r} (for {str(text)!r})"


# --- every phrase kind, with its parameters in both renderings ----------------------------------------

PHRASES: list[tuple[str, Callable[[], Text], tuple[str, ...]]] = [
    ("criterion compared", lambda: texts.criterion_compared("average place", "9/4", "<", "5/2"), ("9/4", "<", "5/2")),
    ("criterion greater", lambda: texts.criterion_greater("Sonneborn-Berger", 17, 12), ("17 > 12",)),
    ("criterion equal", lambda: texts.criterion_equal("mini-table"), ()),
    ("criterion missing", lambda: texts.criterion_missing("average place", ["P07", "P09"]), ("P07, P09",)),
    ("decided by lot", lambda: texts.tie_decided_by_lot(424242), ("424242",)),
    ("decided by the organizer", lambda: texts.tie_decided_by_organizer("жребий в клубе"), ("жребий в клубе",)),
    ("stale decision", lambda: texts.stale_tie_decision(texts.tie_decided_by_lot(7), ["Anna", "Boris"]), ("7", "Anna, Boris")),
    ("no-show", lambda: texts.no_show(3, "-20 000"), ("3", "-20 000")),
    ("chombo", lambda: texts.chombo(2, 3, 2, "-40 000"), ("2", "3", "x2", "-40 000")),
    ("penalty", lambda: texts.penalty(4, "5 000", "опоздание"), ("4", "-5 000", "опоздание")),
    ("incomplete match", lambda: texts.match_incomplete(2, 4, 1, 3, [2, 3]), ("2", "4", "1", "3", "2, 3")),
    ("no match entered", lambda: texts.no_match_entered([2, 4]), ("2, 4",)),
    ("fate provisional within", lambda: texts.fate_provisional(texts.rounds_played(4, 1, True), "7", 8, "within"), ("7", "8")),
    ("fate provisional below", lambda: texts.fate_provisional(texts.rounds_played(4, 2, False), "11", 8, "below"), ("11", "8")),
    ("fate provisional at cut", lambda: texts.fate_provisional(texts.rounds_played(4, 0, True), "8-9", 8, "x"), ("8-9",)),
    ("fate playoff", lambda: texts.fate_playoff("3", 8), ("3", "1-8")),
    ("fate out", lambda: texts.fate_out("12-13", 8), ("12-13", "1-8")),
    ("fate at the cut", lambda: texts.fate_at_cut("8-9", 8), ("8-9", "8")),
    ("rounds played", lambda: texts.rounds_played(4, 3, True), ("3", "4")),
    ("playoff unplaceable", lambda: texts.playoff_seats_unplaceable(2, "Anna, Boris"), ("2", "Anna, Boris", "1-8")),
    ("playoff unqualified", lambda: texts.playoff_seats_unqualified(2, "Anna", "Boris"), ("2", "Anna", "Boris")),
    ("playoff reordered", lambda: texts.playoff_seats_reordered(2, "A1, A2", "B1, B2"), ("2", "A1, A2", "B1, B2")),
    ("playoff kept", lambda: texts.playoff_kept("org", "так решили"), ("org", "так решили")),
    (
        "result awaiting confirmation",
        lambda: texts.result_awaiting_confirmation(1, 3, texts.recorded_item("hanchan", 2), "Anna", ["Boris", "Vera"]),
        ("1", "3", "2", "Anna", "Boris, Vera"),
    ),
    (
        "result disputed",
        lambda: texts.result_disputed(1, 3, texts.recorded_item("no-show"), "Anna", ["Boris"]),
        ("1", "3", "Anna", "Boris"),
    ),
    ("games left", lambda: texts.games_left(21), ("21",)),
    ("updown provisional", lambda: texts.updown_provisional(1, texts.updown_champion("1")), ("1",)),
    ("updown straddle", lambda: texts.updown_straddle("6-7", texts.EXTRA_MATCH), ("6-7",)),
    ("withdrawal annulled", lambda: texts.withdrawal_note(3, 10, True, 0), ("3", "10", "§10.4")),
    ("withdrawal technical", lambda: texts.withdrawal_note(6, 10, False, 4), ("6", "10", "4", "0-1")),
    ("thrown match", lambda: texts.thrown_match(5, "Anna"), ("5", "Anna", "§9.2")),
    ("after the deadline", lambda: texts.played_after_deadline(6, "Boris"), ("6", "Boris")),
    ("no split", lambda: texts.updown_no_split(9, "updown", 8, 8, "updown-league-2007 §4.3.1"), ("9", "8", "§4.3.1")),
    ("leaders", lambda: texts.updown_leaders("3", 8, "updown-league-2007 §4.3.1"), ("3", "1-8", "§4.3.1")),
    ("outsiders", lambda: texts.updown_outsiders("14-15", 13, 20, "updown-league-2007 §4.3.1"), ("14-15", "13-20")),
    ("stop", lambda: texts.updown_stop("10", 9, 12, "updown-league-2007 §4.3.2"), ("10", "9-12", "§4.3.2")),
    ("outsiders stay", lambda: texts.updown_outsiders_stay("5", 2), ("5", "2", "§4.4.1.2")),
    ("promoted", lambda: texts.updown_promoted("2", 3), ("2", "3", "§4.4.2.1")),
    ("champion", lambda: texts.updown_champion("1"), ("1", "§4.4.1.1")),
    ("prize places", lambda: texts.updown_prize_places("2-3"), ("2-3", "§4.4.1.1")),
]


@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
@pytest.mark.parametrize(("kind", "make", "parameters"), PHRASES, ids=[p[0] for p in PHRASES])
def test_every_phrase_kind_renders_in_both_languages_with_its_parameters(kind, make, parameters):
    text = make()
    check(text, names=["Anna", "Boris", "Vera", "org", "updown", "A1", "A2", "B1", "B2", "P07", "P09"])
    assert str(text) != text.ru
    assert re.search(r"[а-яё]", text.ru) and not re.search(
        r"[а-яё]", str(text).replace("жребий в клубе", "").replace("опоздание", "").replace("так решили", "")
    )
    for parameter in parameters:
        assert parameter in str(text) and parameter in text.ru, (kind, parameter)


def test_russian_nouns_agree_with_their_numbers():
    assert texts.games_left(1).ru == "осталось сыграть 1 партию"
    assert texts.games_left(3).ru == "осталось сыграть 3 партии"
    assert texts.games_left(11).ru == "осталось сыграть 11 партий"
    assert texts.games_left(21).ru == "осталось сыграть 21 партию"


def test_a_joined_or_replaced_text_keeps_both_renderings():
    reason = texts.join([texts.criterion_equal("total"), texts.ORGANIZER_DECISION])
    assert reason == "equal total; organizer decision required"
    assert reason.ru == "равная сумма очков; требуется решение организатора"
    so_far = reason.replace(texts.ORGANIZER_DECISION, texts.TIED_SO_FAR)
    assert so_far == "equal total; tied so far, order not final"
    assert so_far.ru == "равная сумма очков; пока равенство, порядок не окончательный"
    assert texts.ru_of("Anna") == "Anna" and texts.ru_of(None) == ""
    for copied in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason)), dataclasses.asdict(Holder(reason)).get("text")):
        assert isinstance(copied, Text) and (copied, copied.ru) == (reason, reason.ru)


@dataclasses.dataclass
class Holder:
    text: str


# --- whole seasons --------------------------------------------------------------------------------------


def check_mahjong(standings: Standings, notes: Iterable[str] = ()) -> None:
    names = standings_names(standings)
    for row in standings.rows:
        if row.separated_from_next is not None:
            check(row.separated_from_next, names)
        for note in row.figures.notes:
            check(note, names)
        if standings.playoff_places:
            check(standings.advancement(row)[1], names)
    for tie in standings.unresolved:
        check(tie.reason, names)
    for extra in notes:
        check(extra, names)
    data = standings_as_dict(standings)
    for shown in data["standings"]:
        assert len(shown["notes_ru"]) == len(shown["notes"])
        assert (shown["separated_from_next_ru"] is None) == (shown["separated_from_next"] is None)


def standings_names(standings: Standings) -> set[str]:
    """Data a Russian text repeats as is: the players, and the penalties' reasons as the organizer wrote them."""
    players = {row.player for row in standings.rows} | {p for r in standings.history for p in r.match.players}
    return players | {pen.reason for r in standings.history for line in r.lines for pen in line.penalties}


def check_updown(standings: UpdownStandings) -> None:
    names = {r.player for r in standings.rows} | {standings.ruleset}
    for row in standings.rows:
        if row.separated_from_next is not None:
            check(row.separated_from_next, names)
        for note in row.notes:
            check(note, names)
        check(row.fate_reason, names)
    for tie in standings.unresolved:
        check(tie.reason, names)
    for row in updown_standings_as_dict(standings)["standings"]:
        assert len(row["notes_ru"]) == len(row["notes"])


@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
@settings(max_examples=60, deadline=None)
@given(seasons(), st.integers(0, 2**32 - 1))
def test_every_explanation_of_a_random_mahjong_season_has_a_russian_twin(season, seed):
    rnd = random.Random(seed)
    standings = regular_standings(season)
    check_mahjong(standings)
    # the organizer decides one tie (or a decision no longer matches: a stale note), and a playoff conflict
    players = list(season.players)
    decision = TieDecision("d1", "c", 1, tuple(rnd.sample(players, 2)), TieMethod.LOT, rnd.randint(0, 99), "", "org", AT)
    decided, notes = apply_tie_decisions(standings, [decision])
    check_mahjong(decided, notes)
    stored = tuple(rnd.sample(players, 8))
    top = tuple(r.player for r in standings.rows[:8]) if rnd.random() < 0.7 else None
    conflict = playoff_conflict(2, stored, top, [], {})
    if conflict is not None:
        check(conflict.explanation, players)


@pytest.mark.rule("updown.standings.explanations-in-both-languages")
@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_explanation_of_a_random_updown_stage_has_a_russian_twin(seed):
    rnd = random.Random(seed)
    n = rnd.randint(3, 12)
    players = tuple(f"P{i}" for i in range(n))
    stage = rnd.choice((1, 2))
    leaders, outsiders = (rnd.randint(0, n // 2), rnd.randint(0, n // 2)) if stage == 1 else (n, 0)
    rs = UpdownRuleset("r", cycles=1, leaders=leaders, outsiders=outsiders, promoted=rnd.choice((0, 0, 2)), outsiders_stay=2)
    games = [
        Game(
            1,
            a,
            b,
            GameResult(rnd.choice([r.value for r in GameResult])),
            thrown=rnd.random() < 0.05,
            after_deadline=rnd.random() < 0.03,
        )
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if rnd.random() < 0.85
    ]
    withdrawn = tuple(p for p in players if rnd.random() < 0.1)
    group = None if stage == 1 else rnd.choice(("leaders", "outsiders"))
    carried = {p: rnd.randint(0, 3) for p in players} if stage == 2 else {}
    season = UpdownSeason(rs, players, tuple(games), stage=stage, group=group, carried=carried, withdrawn=withdrawn)
    check_updown(updown_standings(season))


@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
@pytest.mark.rule("updown.standings.explanations-in-both-languages")
@pytest.mark.parametrize("example", ["mahjong-league-season.json", "updown-season.json"])
def test_the_example_season_files_explain_themselves_in_russian(example):
    season = load_season((EXAMPLES / example).read_bytes())
    if isinstance(season, Season):
        check_mahjong(regular_standings(season))
    else:
        assert isinstance(season, UpdownSeason)
        check_updown(updown_standings(season))


def check_cup(progress: CupProgress) -> None:
    names = set(progress.results) | {"engine assistance", "5.3.3", "start", "replay"} | SETTINGS
    for stage in progress.stages:
        for m in stage.all_matches:
            check(m.explanation, names)
            for g in m.games:
                check(g.text, names)
    for r in progress.results.values():
        for why in r.why:
            check(why, names)
    for line in progress.explanation:
        check(line, names)


#: the regulation's start settings as the ruleset writes them (data, named in both languages as is)
SETTINGS = {CUP_RULESETS[name].start_setting for name in CUP_RULESETS} | {CUP_RULESETS[n].replay_setting for n in CUP_RULESETS}


@pytest.mark.rule("cup.progress.explanations-in-both-languages")
@settings(max_examples=40, deadline=None)
@given(random_cups(), st.booleans())
def test_every_explanation_of_a_random_cup_has_a_russian_twin(cup, disqualify):
    seeds, rng = cup
    cheat = rng.choice(seeds) if disqualify else ""

    series = random_series(rng)

    def decide(stage: int, match: int, players: tuple[str, ...], pairs: int) -> list[CupGame]:
        if cheat in players and stage > 1:
            return []  # his later opponents win technically
        return series(stage, match, players, pairs)

    dqs = [Disqualification(cheat, 1, "engine assistance (5.3.3)")] if cheat else []
    progress, pairings, games = play_through(seeds, decide, dqs)
    check_cup(progress)
    first_stage = [g for g in games if g.stage == 1]
    check_cup(cup_progress(seeds, pairings[:1], first_stage, dqs))  # mid-cup: who plays on, who is still in


@pytest.mark.rule("mahjong.playoff.explanations-in-both-languages")
@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_every_explanation_of_a_random_playoff_has_a_russian_twin(rnd, withdraw):
    places = tuple(f"p{i}" for i in range(1, 9))
    state = initial_playoff(places)
    subs = {"sub1"}
    while state.stage is not PlayoffStage.FINISHED:
        if state.stage is PlayoffStage.ROUND_1:
            eight = list(state.groups[0].players)
            rnd.shuffle(eight)
            seated = {"A": eight[:4], "B": eight[4:]}
        else:
            seated = {g.name: list(g.players) for g in state.groups}
        results = []
        for name, players in seated.items():
            order = list(players)
            rnd.shuffle(order)
            results.append(TableResult(name, tuple(order)))
        leaving = [rnd.choice(seated[next(iter(seated))])] if withdraw and state.stage is PlayoffStage.ROUND_2 else []
        state = playoff_next_round(state, results, withdrawn=leaving)
        for line in explain_playoff(state):
            check(line, [*places, *subs])
        for e in state.exits:
            check(e.reason, places)

"""The CLI's standings tables say where the season is (docs/rules.md
``mahjong.standings.provisional-until-played``, ``updown.standings.provisional-until-played``): the
title carries the progress, a provisional fate says so, a final one does not."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from rich.console import Console

from league.domain.mahjong.standings import Season, regular_standings
from league.domain.stages import Stage
from league.domain.updown.standings import Game, GameResult, UpdownRuleset, UpdownSeason, updown_standings
from league.grpc_api import standings_to_proto, updown_standings_to_proto
from league.use_cases.common import CompetitionStandings
from league.use_cases.standings import UpdownStageStandings
from rondo.gateway.v1 import results_pb2, stages_pb2
from rondo_app.client.standings import render_standings, render_updown
from tests.domain.test_mahjong_standings import RS, SIXTEEN, _played

pytestmark = pytest.mark.domain


def _shown(render, answer) -> str:
    out = io.StringIO()
    render(Console(file=out, width=400), answer)
    return out.getvalue()


def _gateway(message, kind):
    return kind.FromString(message.SerializeToString())  # league -> gateway, as the gateway passes it through


@pytest.mark.rule("mahjong.standings.provisional-until-played")
def test_mahjong_standings_after_round_1_say_so_and_mark_each_fate_provisional():
    names = {p: p for p in SIXTEEN}
    early = regular_standings(Season(RS, SIXTEEN, matches=_played(1), tables=(4, 4, 4, 4)))
    answer = _gateway(standings_to_proto("c", CompetitionStandings(early, names)), results_pb2.Standings)
    assert (answer.rounds, answer.after_round, answer.final) == (4, 1, False)
    assert answer.progress_ru == "после тура 1 из 4: места и итоги предварительные"
    assert all(r.provisional for r in answer.rows)
    text = _shown(render_standings, answer)
    assert "regular-stage standings, after round 1 of 4: places and fates are provisional" in text
    assert "out (provisional): provisional, after round 1 of 4" in text and "the season ends here" not in text
    final = regular_standings(Season(RS, SIXTEEN, matches=_played(4), tables=(4, 4, 4, 4)))
    answer = _gateway(standings_to_proto("c", CompetitionStandings(final, names)), results_pb2.Standings)
    assert answer.final and not any(r.provisional for r in answer.rows)
    text = _shown(render_standings, answer)
    assert "final, after round 4 of 4" in text and "(provisional)" not in text


@pytest.mark.rule("updown.standings.provisional-until-played")
def test_updown_tables_mid_stage_say_how_many_games_are_left():
    rs = UpdownRuleset("cut", cycles=1, leaders=1, outsiders=0)
    season = UpdownSeason(rs, ("A", "B", "C"), (Game(1, "A", "B", GameResult("-/-")), Game(1, "A", "C", GameResult("1-0"))))
    standings = updown_standings(season)
    stage = Stage("s", "c", 1, "updown-round-robin", "stage 1", (), datetime(2026, 12, 5, tzinfo=UTC), "organizer")
    result = UpdownStageStandings("c", stage, rs.name, [("stage 1", standings)], {}, False)
    answer = _gateway(updown_standings_to_proto(result), stages_pb2.UpdownStandings)
    assert answer.progress == "1 game still to play: places and fates are provisional"
    assert all(r.provisional for g in answer.groups for r in g.rows) and not answer.groups[0].unresolved
    text = _shown(render_updown, answer)
    assert "1 game still to play" in text and "(provisional)" in text and "extra match needed" not in text


def _shown_in(render, answer, language: str) -> str:
    out = io.StringIO()
    render(Console(file=out, width=400), answer, language)
    return out.getvalue()


@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
def test_the_gateways_standings_carry_russian_twins_and_the_cli_shows_them_to_a_russian_user():
    names = {p: p for p in SIXTEEN}
    early = regular_standings(Season(RS, SIXTEEN, matches=_played(1), tables=(4, 4, 4, 4)))
    answer = _gateway(standings_to_proto("c", CompetitionStandings(early, names)), results_pb2.Standings)
    for row in answer.rows:
        assert row.fate_reason_ru.startswith("предварительно, после тура 1 из 4: ")
        assert len(row.notes_ru) == len(row.notes)
        assert bool(row.separated_from_next_ru) == bool(row.separated_from_next)
    text = _shown_in(render_standings, answer, "ru")
    assert "после тура 1 из 4: места и итоги предварительные" in text and "предварительно, после тура 1 из 4" in text
    assert "after round 1" not in text and "таблица регулярного этапа" in text and "выбывает (предварительно)" in text
    assert "after round 1 of 4" in _shown_in(render_standings, answer, "en")


@pytest.mark.rule("updown.standings.explanations-in-both-languages")
def test_the_gateways_updown_tables_carry_russian_twins_and_the_cli_shows_them_to_a_russian_user():
    rs = UpdownRuleset("cut", cycles=1, leaders=2, outsiders=0)
    games = (Game(1, "A", "B", GameResult("1-0")), Game(1, "A", "C", GameResult("1-0")), Game(1, "B", "C", GameResult("-/-")))
    standings = updown_standings(UpdownSeason(rs, ("A", "B", "C"), games))
    stage = Stage("s", "c", 1, "updown-round-robin", "stage 1", (), datetime(2026, 12, 5, tzinfo=UTC), "organizer")
    result = UpdownStageStandings("c", stage, rs.name, [("stage 1", standings)], {}, True)
    answer = _gateway(updown_standings_to_proto(result), stages_pb2.UpdownStandings)
    rows = answer.groups[0].rows
    assert rows[0].separated_from_next == "points 2 > 0" and rows[0].separated_from_next_ru == "очки 2 > 0"
    assert rows[1].separated_from_next_ru == (
        "равенство очков; равенство в личных встречах; равный коэффициент Зонненборна-Бергера; нужен дополнительный матч"
    )
    assert rows[0].fate_reason_ru == "место 1: места 1-2 составляют группу лидеров второго этапа (updown-league-2007 §4.3.1)"
    assert answer.groups[0].unresolved and answer.groups[0].unresolved[0].reason_ru.endswith("нужен дополнительный матч")
    text = _shown_in(render_updown, answer, "ru")
    assert "нужен дополнительный матч" in text and "очки 2 > 0" in text and "extra match needed" not in text

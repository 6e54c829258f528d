"""The CLI's standings tables say where the season is (docs/rules.md
``mahjong.standings.provisional-until-played``, ``updown.standings.provisional-until-played``): the
title carries the progress, a provisional fate says so, a final one does not."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from rich.console import Console

from league.domain.stages import Stage
from league.domain.standings import Season, regular_standings
from league.domain.updown import Game, GameResult, UpdownRuleset, UpdownSeason, updown_standings
from league.grpc_api import standings_to_proto, updown_standings_to_proto
from league.updown_service import UpdownStageStandings
from league.use_cases import CompetitionStandings
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

"""A caller who reaches LeagueService directly cannot store a forged draw, publish a stale one or skip
the redraw rules (issue 7). A real league server on loopback."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from league.app import spec as league_spec
from rondo.gateway.v1 import competitions_pb2, draws_pb2
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.draw_messages import rounds_to_proto
from rondo_runtime.grpc_errors import field_violations
from rondo_runtime.server import start_server

pytestmark = pytest.mark.faults


def _settings(tmp_path) -> Settings:
    return Settings(host="127.0.0.1", port=0, metrics_port=None, data_dir=tmp_path, grace_seconds=1.0)


def _run(tmp_path, scenario):
    async def main():
        running = await start_server([league_spec(_settings(tmp_path))], _settings(tmp_path), readiness_interval=0.1)
        channel = grpc.aio.insecure_channel(running.address)
        try:
            await scenario(league_pb2_grpc.LeagueServiceStub(channel))
        finally:
            await channel.close()
            await running.stop(0)

    asyncio.run(main())


async def _fails(call, request, code, field=None) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as error:
        await call(request, timeout=10)
    assert error.value.code() == code, error.value.details()
    if field is not None:
        assert field in [f for f, _ in field_violations(error.value)], (field, field_violations(error.value))
    assert "Traceback" not in (error.value.details() or "")
    return error.value


async def _sixteen(stub, rounds: int = 4):
    c = await stub.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Forgery league", rounds=rounds), timeout=10)
    ids = [
        (await stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"F{i}"), timeout=10)).id
        for i in range(16)
    ]
    return c, ids


def _honest(ids, rounds: int = 4):
    return tuple(tuple(tuple(ids[(t * 4 + s + r) % 16] for s in range(4)) for t in range(4)) for r in range(rounds))


def _save(c, rounds, **fields) -> league_pb2.SaveDrawRequest:
    return league_pb2.SaveDrawRequest(
        competition_id=c.id,
        seed=1,
        rounds=rounds_to_proto(rounds),
        objective=draws_pb2.DrawObjective(),
        lower_bound=draws_pb2.DrawObjective(),
        method="cp-sat",
        **fields,
    )


def test_save_draw_refuses_the_forged_draw(tmp_path):
    """Issue 7: one table per round, 12 of 16 players missing, proven_optimal=true."""

    async def scenario(stub):
        c, ids = await _sixteen(stub)
        forged = tuple((tuple(ids[:4]),) for _ in range(4))
        error = await _fails(stub.SaveDraw, _save(c, forged, proven_optimal=True), grpc.StatusCode.INVALID_ARGUMENT, "rounds[0]")
        assert "12 active player(s) not seated" in error.details()
        assert (await stub.ListDraws(draws_pb2.ListDrawsRequest(competition_id=c.id), timeout=10)).draws == []

    _run(tmp_path, scenario)


def test_save_draw_refuses_a_withdrawn_player_and_unbounded_fields(tmp_path):
    async def scenario(stub):
        c, ids = await _sixteen(stub)
        await stub.WithdrawPlayer(
            competitions_pb2.WithdrawPlayerRequest(competition_id=c.id, player_id=ids[2], reason="left"), timeout=10
        )
        await stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Substitute"), timeout=10)
        error = await _fails(stub.SaveDraw, _save(c, _honest(ids)), grpc.StatusCode.INVALID_ARGUMENT)
        assert "withdrawn and cannot be seated" in error.details()
        assert any(f.startswith("rounds[0].tables[") for f, _ in field_violations(error))
        big_method = _save(c, _honest(ids))
        big_method.method = "m" * 100_000
        await _fails(stub.SaveDraw, big_method, grpc.StatusCode.INVALID_ARGUMENT, "method")
        await _fails(stub.SaveDraw, _save(c, _honest(ids), played_rounds=-5), grpc.StatusCode.INVALID_ARGUMENT, "played_rounds")

    _run(tmp_path, scenario)


def test_stale_proposal_cannot_be_approved_and_redraw_rules_hold(tmp_path):
    async def scenario(stub):
        c, ids = await _sixteen(stub)
        proposal = await stub.SaveDraw(_save(c, _honest(ids)), timeout=10)
        published = await stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=c.id, draw_id=proposal.id), timeout=10)
        stale = await stub.SaveDraw(_save(c, _honest(ids)), timeout=10)
        await stub.WithdrawPlayer(
            competitions_pb2.WithdrawPlayerRequest(competition_id=c.id, player_id=ids[9], reason="ill"), timeout=10
        )
        error = await _fails(
            stub.ApproveDraw,
            draws_pb2.ApproveDrawRequest(competition_id=c.id, draw_id=stale.id),
            grpc.StatusCode.FAILED_PRECONDITION,
        )
        assert "F9 no longer plays" in error.details()
        sub = await stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Substitute"), timeout=10
        )
        for request, field in (
            (league_pb2.PrepareRedrawRequest(competition_id=c.id, played_rounds=4, reason="x"), "played_rounds"),
            (league_pb2.PrepareRedrawRequest(competition_id=c.id, played_rounds=1, reason=" "), "reason"),
            (
                league_pb2.PrepareRedrawRequest(
                    competition_id=c.id,
                    played_rounds=1,
                    reason="x",
                    options=league_pb2.DrawOptions(pins=[draws_pb2.Pin(player_id=sub.id, round=0, table=0)]),
                ),
                "pins[0].round",
            ),
        ):
            await _fails(stub.PrepareRedraw, request, grpc.StatusCode.INVALID_ARGUMENT, field)
        # a direct redraw that rewrites the played round is refused
        rewritten = (_honest(ids)[1],) + _honest(ids)[1:]
        await _fails(
            stub.SaveDraw,
            _save(c, rewritten, replaces_draw_id=published.id, played_rounds=1, reason="x"),
            grpc.StatusCode.FAILED_PRECONDITION,
        )
        plan = await stub.PrepareRedraw(
            league_pb2.PrepareRedrawRequest(competition_id=c.id, played_rounds=1, reason="F9 ill"), timeout=10
        )
        # the played round goes to the solver as history, exactly as played; the 3 others are drawn
        assert plan.replaces_draw_id == published.id and plan.request.rounds == 3 and len(plan.request.previous) == 3
        assert list(plan.request.history) == list(published.rounds[:1])

    _run(tmp_path, scenario)

"""Events for bots over real gRPC (docs/architecture.md "Events for bots"): `WatchEvents` sends every
event after a cursor and then new ones live; a bot that reconnects with its last cursor misses
nothing and gets nothing twice, in order, also across a gateway restart; a stop ends open streams;
no event carries anyone's availability."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path

import grpc
import pytest
from google.protobuf.json_format import MessageToDict

from rondo.gateway.v1 import competitions_pb2, draws_pb2, events_pb2, gateway_pb2_grpc
from rondo_app.demo import rondo_process
from rondo_runtime.bearer import with_bearer
from rondo_runtime.config import Settings
from rondo_runtime.process import free_port
from tests.accounts import Accounts
from tests.typed_events import check_typed, every_event

pytestmark = pytest.mark.e2e


def league_with_draw(stub, name: str, players: int = 8) -> str:
    """A competition, its players, a proposed draw and its approval: draw.proposed, draw.published."""
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026")
        ),
        timeout=10,
    )
    for i in range(players):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"{name} P{i}"), timeout=10
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=2), timeout=30
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    return competition.id


def watch(stub, after: int, count: int, **filters) -> list[events_pb2.Event]:
    """The first ``count`` events the stream sends after ``after``, then the stream is cancelled."""
    stream = stub.WatchEvents(events_pb2.WatchEventsRequest(after=after, **filters), timeout=30)
    got = []
    for event in stream:
        got.append(event)
        if len(got) == count:
            stream.cancel()
            break
    return got


def test_a_bot_gets_the_backlog_then_live_events_and_resumes_from_its_cursor(embedded):
    stub = embedded.gateway
    first = league_with_draw(stub, "Events A")
    backlog = watch(stub, 0, 2, competition_id=first)
    assert [e.kind for e in backlog] == ["draw.proposed", "draw.published"]
    assert backlog[0].id < backlog[1].id and backlog[0].subject_id == backlog[1].subject_id

    # a live stream, open before the next league is drawn, receives its events as they happen
    received: list[events_pb2.Event] = []
    stream = stub.WatchEvents(events_pb2.WatchEventsRequest(after=backlog[-1].id, kinds=["draw.published"]), timeout=60)

    def follow() -> None:
        for event in stream:
            received.append(event)
            if event.kind == "draw.published":
                stream.cancel()
                return

    follower = threading.Thread(target=follow)
    follower.start()
    second = league_with_draw(stub, "Events B")
    follower.join(timeout=60)
    assert [(e.kind, e.competition_id) for e in received] == [("draw.published", second)]

    # reconnecting with the last cursor: exactly what came after, once each, in order
    resumed = watch(stub, backlog[-1].id, 2)
    assert [e.kind for e in resumed] == ["draw.proposed", "draw.published"]
    assert resumed[1].id == received[0].id and len({e.id for e in resumed}) == 2


def test_list_events_pages_with_tokens_and_refuses_a_foreign_token(embedded):
    stub = embedded.gateway
    league_with_draw(stub, "Events C")
    first = stub.ListEvents(events_pb2.ListEventsRequest(page_size=1), timeout=10)
    second = stub.ListEvents(events_pb2.ListEventsRequest(page_size=1, page_token=first.next_page_token), timeout=10)
    assert len(first.events) == len(second.events) == 1 and second.events[0].id > first.events[0].id
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListEvents(events_pb2.ListEventsRequest(page_token=first.next_page_token, kinds=["x"]), timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "another query" in caught.value.details()
    for bad in (events_pb2.ListEventsRequest(after=-1), events_pb2.ListEventsRequest(kinds=["k"] * 33)):
        with pytest.raises(grpc.RpcError) as caught:
            stub.ListEvents(bad, timeout=10)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_events_survive_a_gateway_restart_and_a_stop_ends_open_streams(tmp_path: Path):
    data = tmp_path / "data"
    port = free_port()
    env = {
        "RONDO_PORT": str(port),
        "RONDO_INTERNAL_PORT": str(free_port()),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_DATA_DIR": str(data),
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_GRACE_SECONDS": "120",  # a stream that held the stop open would outlast the wait below
    }
    address = f"127.0.0.1:{port}"
    with rondo_process(["up"], env, address) as process, grpc.insecure_channel(address) as channel:
        accounts = Accounts(channel, Settings(data_dir=data))  # the first organizer, logged in
        stub, token = accounts.organizer, accounts.organizer_token
        competition = league_with_draw(stub, "Before restart")
        before = watch(stub, 0, 2)
        open_stream = stub.WatchEvents(events_pb2.WatchEventsRequest(after=before[-1].id), timeout=300)
        open_stream.initial_metadata()  # the gateway opened it (a stream not yet started would be CANCELLED)
        process.send_signal(signal.SIGTERM)
        # the stop closes the stream at once (else it would hang until the 120 s grace ran out)
        assert list(open_stream) == []
        assert process.wait(timeout=60) == 0
    with rondo_process(["up"], env, address), grpc.insecure_channel(address) as channel:
        stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))  # the token survives the restart
        league_with_draw(stub, "After restart")
        after = watch(stub, before[-1].id, 2)
        assert [e.kind for e in after] == ["draw.proposed", "draw.published"]
        assert after[0].id > before[-1].id and after[0].competition_id != competition
        again = watch(stub, 0, 4)
        assert [e.id for e in again] == [e.id for e in before] + [e.id for e in after]


def test_no_event_carries_an_availability_interval(embedded):
    """Every payload is ids, names, kinds and meeting times: no key names intervals or availability."""
    every = embedded.gateway.ListEvents(events_pb2.ListEventsRequest(page_size=1000), timeout=10).events
    assert every
    for event in every:
        text = json.dumps(MessageToDict(event.payload)).lower()
        assert "interval" not in text and "availability" not in text, event


def test_every_event_arrives_typed_on_the_stream_and_the_list(embedded):
    """The typed member named after the kind, equal to the deprecated Struct (tests/typed_events.py);
    the fixture checks every other event of this module's flows the same way before it stops."""
    stub = embedded.gateway
    cid = league_with_draw(stub, "Events typed")
    streamed = watch(stub, 0, 2, competition_id=cid)
    listed = every_event(stub, cid)
    assert [check_typed(e) for e in streamed] == [check_typed(e) for e in listed] == ["draw.proposed", "draw.published"]
    assert [e.draw_published.status for e in listed if e.kind == "draw.published"] == [draws_pb2.DRAW_STATUS_APPROVED]
    assert listed[0].draw_proposed.status == draws_pb2.DRAW_STATUS_PROPOSED and listed[0].draw_proposed.version == 1

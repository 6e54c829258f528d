"""A table scheduled entirely through the bot under `rondo up` (docs/rules.md access.bot.acts-for-linked-player,
access.telegram.link-one-time-code): four players each link their Telegram account with a one-time code,
then the bot — its own service token plus ``x-rondo-telegram-user`` — answers each one's availability,
reads their cards (never another player's intervals), proposes and confirms the meeting until a room is
booked; every one of those actions is in the audit log as the player's, via the bot. The bot acting for
one player may not set another's availability, nor read another's intervals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2, scheduling_pb2
from rondo_runtime.bearer import with_bearer

pytestmark = pytest.mark.e2e
TIMEOUT = 30
HEADER = "x-rondo-telegram-user"
DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)


def ts(day: int, hour: int) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(DAY0 + timedelta(days=day, hours=hour))
    return out


def slot(day: int, h1: int, h2: int) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(start=ts(day, h1), end=ts(day, h2))


class As:
    """The bot's calls for the Telegram user ``user`` (its token and ``x-rondo-telegram-user``)."""

    def __init__(self, stub: gateway_pb2_grpc.GatewayServiceStub, user: int):
        self.stub, self.metadata = stub, ((HEADER, str(user)),)

    def __call__(self, rpc: str, request):
        return getattr(self.stub, rpc)(request, metadata=self.metadata, timeout=TIMEOUT)


def _table(organizer) -> tuple[str, list[str], str, str]:
    """A drawn and approved league, round 1 opened in a one-room club: (competition, the first table's
    players, its match key, the room)."""
    competition = organizer.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Telegram league", ruleset="discard-league-2026")
        ),
        timeout=TIMEOUT,
    )
    for i in range(8):
        organizer.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"TG{i}"), timeout=TIMEOUT
        )
    view = organizer.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=7, time_limit_seconds=10), timeout=60
    )
    organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=TIMEOUT)
    club = organizer.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Telegram club")), timeout=TIMEOUT)
    room = organizer.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room T"), club_id=club.id), timeout=TIMEOUT
    )
    opened = scheduling_pb2.OpenRoundSchedulingRequest(
        competition_id=competition.id, round=1, club_id=club.id, window_start=ts(0, 0), window_end=ts(7, 0), min_minutes=90
    )
    match = organizer.OpenRoundScheduling(opened, timeout=TIMEOUT).matches[0]
    return competition.id, list(match.player_ids), match.match_key, room.id


@pytest.mark.rule("access.bot.acts-for-linked-player")
@pytest.mark.rule("access.telegram.link-one-time-code")
def test_the_bot_schedules_a_table_for_four_linked_players_as_each_of_them(embedded):
    accounts = embedded.accounts
    cid, players, key, room_id = _table(accounts.organizer)
    bot_token = accounts.account(identity_pb2.ROLE_BOT, "Telegram bot")[1]
    bot = gateway_pb2_grpc.GatewayServiceStub(with_bearer(embedded.raw_channel, bot_token))
    telegram = {p: 7000 + i for i, p in enumerate(players)}
    for p in players:  # each player links from their own session (the web app), the bot completes it
        code = accounts.player(cid, p).CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT)
        linked = bot.LinkTelegram(
            identity_pb2.LinkTelegramRequest(code=code.code, telegram_user_id=telegram[p], chat_id=telegram[p], language="ru"),
            timeout=TIMEOUT,
        )
        assert [x.player_id for x in linked.players] == [p]
    via = {p: As(bot, telegram[p]) for p in players}
    first, second = players[0], players[1]

    private = slot(3, 10, 13)  # only the first player's: never on anyone else's card
    answers = {first: [slot(0, 17, 23), private], players[1]: [slot(0, 17, 23)]}
    answers |= {players[2]: [slot(0, 16, 22)], players[3]: [slot(0, 18, 23)]}
    for p in players:  # an empty player_id: filled in with the player the bot acts for
        assert (
            via[p]("SetAvailability", scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=answers[p])).player_id == p
        )
    mine = via[first]("GetAvailability", scheduling_pb2.GetAvailabilityRequest(match_key=key))
    assert len(mine.intervals) == 2
    for rpc, request in (  # acting for the second player, the bot may not touch the first one's
        ("GetAvailability", scheduling_pb2.GetAvailabilityRequest(match_key=key, player_id=first)),
        ("SetAvailability", scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=first, intervals=[slot(1, 9, 12)])),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            via[second](rpc, request)
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    card = via[second]("GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=key))
    assert private.start.SerializeToString() not in card.SerializeToString()
    assert card.state == scheduling_pb2.CARD_STATE_AGREEING and card.options

    meeting = via[first]("ProposeMeeting", scheduling_pb2.ProposeMeetingRequest(match_key=key, start=ts(0, 18), end=ts(0, 21)))
    for p in players:
        confirmed = via[p]("ConfirmMeeting", scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id))
    assert confirmed.status == scheduling_pb2.MEETING_STATUS_BOOKED and confirmed.room_id == room_id

    for p in players:
        account_id = accounts.account(identity_pb2.ROLE_PLAYER, f"player {p}")[0]
        log = accounts.organizer.ListAuditLog(identity_pb2.ListAuditLogRequest(account_id=account_id), timeout=TIMEOUT)
        done = sorted(e.rpc for e in log.entries if e.outcome == "OK")
        assert all(e.via == "Telegram bot" and e.role == identity_pb2.ROLE_PLAYER for e in log.entries)
        assert done == sorted(["SetAvailability", "ConfirmMeeting"] + (["ProposeMeeting"] if p == first else []))
        assert all(str(answers[p][0].start.seconds) not in e.summary for e in log.entries)  # intervals never kept

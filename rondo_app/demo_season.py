"""The demo's season: a whole Discard League season played through the gateway, as its people play it.

Every step is a gateway call made by the account that makes it in a real club: the organizer
creates the competition, commits to the draw seed, registers and draws, keeps the club's calendar
and generates the playoff; each player, with their own account linked to their league player,
answers their availability and agrees a time with their table; the judge records the results. The
players' behaviour comes from :mod:`rondo_app.demo_simulation` (deterministic from the seed); what
is printed is what the gateway answered.
"""

from __future__ import annotations

import json
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from itertools import combinations
from typing import Any
from zoneinfo import ZoneInfo

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console
from rich.table import Table

from rondo.gateway.v1 import (
    calendar_pb2,
    common_pb2,
    competitions_pb2,
    draws_pb2,
    gateway_pb2_grpc,
    identity_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from rondo_app import demo_simulation as sim
from rondo_app.verify import verify_certificate
from rondo_runtime.bearer import with_bearer

TIMEOUT = 30
RULESET = "discard-league-2026"
JUDGE = "Demo judge"
ROOMS = ("Hall", "Back room", "Small room")
# (room, weekday 0 = Monday, start, end club time, title): the club's own evenings, weekly for the season
DND_EVENINGS = (
    (0, 3, "19:00", "23:00", "D&D: Curse of Strahd"),
    (1, 5, "17:00", "23:30", "D&D: one-shot night"),
)
PLAYOFF_STAGES = 4  # round 1, round 2, round 3, the final: a week each after the regular rounds
CHOMBO_AT = (1, 1, 2)  # round, table, hanchan
NO_SHOW_AT = (2, 3)  # round, table: its last seat does not come
CORRECTED_AT = (3, 2, 1)  # round, table, hanchan first recorded with a misread score


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


def _interval(i: sim.Interval) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(start=_ts(i.start), end=_ts(i.end))


@dataclass
class Person:
    """A player account linked to its league player."""

    player_id: str
    name: str
    stub: gateway_pb2_grpc.GatewayServiceStub


@dataclass
class Facts:
    """What the season did, for the summary at the end and demo.json."""

    competition_id: str = ""
    club_id: str = ""
    first_day: str = ""  # of the season, club time (ISO)
    last_day: str = ""
    bookings: int = 0
    overlaps: int = 0
    chombo: str = ""
    no_show: str = ""
    correction: str = ""
    prizes: list[str] = field(default_factory=list)


class Season:
    """One season over one channel to the gateway: each step prints what the gateway answered and
    raises ``RuntimeError`` when an answer is not what the season needs (nothing is papered over)."""

    def __init__(self, channel: grpc.Channel, organizer_token: str, seed: int, console: Console, today: date | None = None):
        self.raw = channel
        self.organizer = self._stub(organizer_token)
        self.judge = self.organizer  # the judge's own account from registration on
        self.seed = seed
        self.out = console
        self.today = today or datetime.now(UTC).date()
        self.facts = Facts()
        self.started = time.monotonic()
        self.names: dict[str, str] = {}  # player id -> name
        self.people: dict[str, Person] = {}
        self.rounds: list[list[list[str]]] = []
        self.zone = ZoneInfo("UTC")
        self.rooms: dict[str, str] = {}  # room id -> name
        self.weeks: list[date] = []  # the first day (a Monday, club time) of every week of the season

    def _stub(self, token: str) -> gateway_pb2_grpc.GatewayServiceStub:
        return gateway_pb2_grpc.GatewayServiceStub(with_bearer(self.raw, token))

    def _login(self, name: str, password: str) -> str:
        stub = gateway_pb2_grpc.GatewayServiceStub(self.raw)
        return stub.Login(identity_pb2.LoginRequest(name=name, password=password), timeout=TIMEOUT).token

    def _account(self, name: str, role: identity_pb2.Role) -> tuple[str, str]:
        made = self.organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)), timeout=TIMEOUT
        )
        return made.account.id, self._login(name, made.password)

    def heading(self, text: str) -> None:
        self.out.print()
        self.out.rule(f"[bold]{text}[/] [dim](at {time.monotonic() - self.started:.1f} s)")

    def name(self, player_id: str) -> str:
        return self.names.get(player_id, player_id)

    # --- 1. the competition, the seed commitment, the roster -----------------------------------------

    def register(self, competition_name: str, player_names: list[str]) -> None:
        self.heading("1. Competition, seed commitment, registration")
        competition = self.organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=competition_name, ruleset=RULESET), idempotency_key="demo"
            ),
            timeout=TIMEOUT,
        )
        self.facts.competition_id = cid = competition.id
        self.out.print(
            f"competition {competition.name!r} ({competition.ruleset}): {competition.rounds} rounds, "
            f"tables of {competition.table_size}, id {cid}"
        )
        commitment = self.organizer.CommitDrawSeed(
            draws_pb2.CommitDrawSeedRequest(competition_id=cid, idempotency_key="seed"), timeout=TIMEOUT
        )
        self.out.print(
            f"draw seed committed before registration closes: sha256 [bold]{commitment.commitment}[/] "
            "(the seed itself stays secret until the draw is published)"
        )
        for i, player in enumerate(player_names):
            made = self.organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=player, idempotency_key=f"p{i}"),
                timeout=TIMEOUT,
            )
            self.names[made.id] = made.name
        closed = self.organizer.CloseRegistration(
            competitions_pb2.CloseRegistrationRequest(competition_id=cid, idempotency_key="close"), timeout=TIMEOUT
        )
        self.out.print(
            f"registered {len(player_names)} players; registration closed: {closed.main_participants} main participants"
        )
        self.judge = self._stub(self._account(JUDGE, identity_pb2.ROLE_JUDGE)[1])

        def link(player_id: str) -> Person:
            account_id, token = self._account(self.names[player_id], identity_pb2.ROLE_PLAYER)
            self.organizer.LinkPlayer(
                identity_pb2.LinkPlayerRequest(account_id=account_id, competition_id=cid, player_id=player_id), timeout=TIMEOUT
            )
            return Person(player_id, self.names[player_id], self._stub(token))

        with ThreadPoolExecutor(4) as pool:  # argon2id hashing on the server: a few at a time
            self.people = {p.player_id: p for p in pool.map(link, list(self.names))}
        self.out.print(f"accounts: judge {JUDGE!r} and one player account per player, each linked to its league player")

    # --- 2. the draw ----------------------------------------------------------------------------------

    def draw(self) -> None:
        self.heading("2. The draw: every round at once")
        cid = self.facts.competition_id
        view = self.organizer.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2, idempotency_key="draw"), timeout=60
        )
        draw = view.draw
        self.rounds = [[list(t.player_ids) for t in r.tables] for r in draw.rounds]
        stats = Table(title=f"draw v{draw.version} by {draw.method}: {len(self.rounds)} rounds of {len(self.rounds[0])} tables")
        for column in ("criterion", "this draw", "lower bound"):
            stats.add_column(column, justify="left" if column == "criterion" else "right")
        o, b = draw.objective, draw.lower_bound
        for label, value, bound in (
            ("largest number of meetings of a pair", o.max_meetings, b.max_meetings),
            ("repeated meetings, sum of C(m,2)", o.sum_repeat_pairs, b.sum_repeat_pairs),
            ("repeats in consecutive rounds", o.consecutive_repeats, b.consecutive_repeats),
            ("most repeated meetings of one player", o.max_player_repeats, b.max_player_repeats),
        ):
            stats.add_row(label, str(value), str(bound))
        meetings: dict[tuple[str, str], int] = {}
        for tables in self.rounds:
            for table in tables:
                for pair in combinations(sorted(table), 2):
                    meetings[pair] = meetings.get(pair, 0) + 1
        pairs = len(self.names) * (len(self.names) - 1) // 2
        histogram = {m: sum(1 for v in meetings.values() if v == m) for m in sorted(set(meetings.values()))}
        stats.add_row("pairs who never meet", str(pairs - len(meetings)), "")
        for m, count in histogram.items():
            stats.add_row(f"pairs who meet {m} time{'s' if m > 1 else ''}", str(count), "")
        self.out.print(stats)
        self.out.print(
            f"status {common_pb2.SolveStatus.Name(view.status).removeprefix('SOLVE_STATUS_')}, proven optimal: "
            f"[bold]{'yes' if draw.proven_optimal else 'no'}[/] ({view.wall_time_seconds:.2f} s, work {view.work_used} of "
            f"{view.work_budget} units, {'reproducible from its seed' if view.reproducible else 'cut by the clock'})"
        )
        self.organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=TIMEOUT)
        cert = json.loads(
            self.organizer.GetDrawCertificate(
                draws_pb2.GetDrawCertificateRequest(competition_id=cid), timeout=TIMEOUT
            ).certificate_json
        )
        self.out.print(f"approved and published; the seed is revealed: {cert['seed']['seed']} (nonce {cert['seed']['nonce']})")
        outcome = verify_certificate(cert)
        self.out.print(
            ("[bold green]verified[/]: " if outcome.ok else "[bold red]NOT verified[/]: ")
            + "sha256 of the revealed seed and nonce is the commitment, and re-running the solver offline from the "
            "certificate gives exactly these tables"
        )
        for line in outcome.lines:
            self.out.print(f"  {line}")
        if not outcome.ok:
            raise RuntimeError("the published draw did not verify")
        seating = Table(title="the published tables")
        seating.add_column("round")
        for t in range(len(self.rounds[0])):
            seating.add_column(f"table {t + 1}")
        for r, tables in enumerate(self.rounds, start=1):
            seating.add_row(str(r), *("\n".join(self.name(p) for p in table) for table in tables))
        self.out.print(seating)

    # --- 3. the club, its calendar, scheduling every round -----------------------------------------

    def club(self) -> None:
        self.heading("3. The club calendar and scheduling every round")
        club = self.organizer.CreateClub(
            scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Discard club"), idempotency_key="club"),
            timeout=TIMEOUT,
        )
        self.facts.club_id = club.id
        self.zone = ZoneInfo(club.time_zone)
        for name in ROOMS:
            room = self.organizer.CreateRoom(
                scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name=name), idempotency_key=name),
                timeout=TIMEOUT,
            )
            self.rooms[room.id] = room.name
        monday = self.today + timedelta(days=7 - self.today.weekday())  # next Monday: the season starts then
        self.weeks = [monday + timedelta(weeks=w) for w in range(len(self.rounds) + PLAYOFF_STAGES)]
        self.facts.first_day, self.facts.last_day = monday.isoformat(), (self.weeks[-1] + timedelta(days=7)).isoformat()
        self.out.print(
            f"club {club.name!r} ({club.time_zone}) with rooms {', '.join(ROOMS)}; round r is played in week r from "
            f"{monday}, then the playoff a stage a week"
        )
        room_ids = list(self.rooms)
        for room, weekday, start, end, title in DND_EVENINGS:
            day = monday + timedelta(days=weekday)
            first_start = datetime.combine(day, datetime.strptime(start, "%H:%M").time(), tzinfo=self.zone)
            first_end = datetime.combine(day, datetime.strptime(end, "%H:%M").time(), tzinfo=self.zone)
            series = self.organizer.BookRecurringActivity(
                calendar_pb2.BookRecurringActivityRequest(
                    club_id=club.id,
                    room_id=room_ids[room],
                    title=title,
                    start=_ts(first_start),
                    end=_ts(first_end),
                    rrule=f"FREQ=WEEKLY;COUNT={len(self.weeks)}",
                    idempotency_key=title,
                ),
                timeout=TIMEOUT,
            )
            self.out.print(
                f"recurring: {title!r} in {ROOMS[room]}, {first_start:%A}s {start}-{end}, "
                f"{len(series.occurrences)} evenings ({series.rrule})"
            )

    def schedule(self, stage: int, r: int, week: int, title: str) -> None:
        """Open round ``r`` of ``stage`` for scheduling in the season's ``week`` (0 = the first), every
        player answers, a player of each table proposes a time in a common option and the others
        confirm: the room is booked. Each match is one meeting of all its hanchans."""
        cid = self.facts.competition_id
        first_day = self.weeks[week]
        start = datetime.combine(first_day, datetime.min.time(), tzinfo=self.zone)
        matches = self.organizer.OpenRoundScheduling(
            scheduling_pb2.OpenRoundSchedulingRequest(
                competition_id=cid,
                stage=stage,
                round=r,
                club_id=self.facts.club_id,
                window_start=_ts(start),
                window_end=_ts(start + timedelta(days=7)),
                min_minutes=int(sim.meeting(3).total_seconds() // 60),
                idempotency_key=f"open-{stage}-{r}",
            ),
            timeout=TIMEOUT,
        ).matches
        where = f"{stage}/{r}"
        table = Table(title=f"{title}: week of {first_day}, times in club time")
        for column in ("table", "players", "common options", "booked", "room"):
            table.add_column(column)

        def answer(t: int, match: scheduling_pb2.ScheduledMatch) -> None:
            free = sim.availability(self.seed, where, t, list(match.player_ids), first_day, self.zone, match.games)
            for p, intervals in free.items():
                self.people[p].stub.SetAvailability(
                    scheduling_pb2.SetAvailabilityRequest(
                        match_key=match.match_key, intervals=[_interval(i) for i in intervals], idempotency_key=f"a{where}"
                    ),
                    timeout=TIMEOUT,
                )

        with ThreadPoolExecutor(4) as pool:  # the tables answer at the same time; each booking below is one at a time
            list(pool.map(answer, range(1, len(matches) + 1), matches))
        for t, match in enumerate(matches, start=1):
            proposer, *others = (self.people[p] for p in match.player_ids)
            card = proposer.stub.GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=match.match_key), timeout=TIMEOUT)
            evening = first_day + timedelta(days=sim.table_evening(self.seed, where, t))
            length = sim.meeting(match.games)
            # the table's own evening first: another option it happens to have may be the evening two other tables need
            option = min(
                (o for o in card.options if o.room_ids and o.slot.end.ToDatetime() - o.slot.start.ToDatetime() >= length),
                key=lambda o: o.slot.start.ToDatetime(UTC).astimezone(self.zone).date() != evening,
            )
            begin = option.slot.start.ToDatetime(UTC)
            meeting = proposer.stub.ProposeMeeting(
                scheduling_pb2.ProposeMeetingRequest(
                    match_key=match.match_key,
                    start=_ts(begin),
                    end=_ts(begin + length),
                    idempotency_key=f"m{where}",
                ),
                timeout=TIMEOUT,
            )
            for person in (proposer, *others):
                meeting = person.stub.ConfirmMeeting(
                    scheduling_pb2.ConfirmMeetingRequest(
                        match_key=match.match_key, meeting_id=meeting.id, idempotency_key=f"c{where}"
                    ),
                    timeout=TIMEOUT,
                )
            if meeting.status != scheduling_pb2.MEETING_STATUS_BOOKED:
                raise RuntimeError(f"{title}, table {t}: the meeting was not booked")
            options = ", ".join(self._span(o.slot) for o in card.options)
            table.add_row(
                str(t),
                ", ".join(self.name(p) for p in match.player_ids),
                options,
                f"{self._span(meeting.slot)} (proposed by {proposer.name})",
                self.rooms[meeting.room_id],
            )
        self.out.print(table)

    def _span(self, slot: common_pb2.TimeInterval) -> str:
        a = slot.start.ToDatetime(UTC).astimezone(self.zone)
        b = slot.end.ToDatetime(UTC).astimezone(self.zone)
        return f"{a:%a %d %b %H:%M}-{b:%H:%M}"

    def check_calendar(self) -> None:
        start = datetime.combine(self.weeks[0], datetime.min.time(), tzinfo=self.zone)
        end = start + timedelta(weeks=len(self.weeks))
        bookings: list[calendar_pb2.Booking] = []
        token = ""
        while True:
            page = self.organizer.ListBookings(
                calendar_pb2.ListBookingsRequest(
                    club_id=self.facts.club_id, page_size=1000, page_token=token, **{"from": _ts(start), "to": _ts(end)}
                ),
                timeout=TIMEOUT,
            )
            bookings += page.bookings
            if not (token := page.next_page_token):
                break
        by_room: dict[str, list[tuple[datetime, datetime]]] = {}
        for b in bookings:
            by_room.setdefault(b.room_id, []).append((b.slot.start.ToDatetime(UTC), b.slot.end.ToDatetime(UTC)))
        overlaps = 0
        for spans in by_room.values():  # by start: a booking overlaps an earlier one iff it starts before the latest end so far
            latest = datetime.min.replace(tzinfo=UTC)
            for begin, end_ in sorted(spans):
                overlaps += begin < latest
                latest = max(latest, end_)
        matches = sum(1 for b in bookings if b.match_id)
        self.facts.bookings, self.facts.overlaps = len(bookings), overlaps
        per_room = ", ".join(
            f"{self.rooms[room]} {len(spans)}" for room, spans in sorted(by_room.items(), key=lambda x: self.rooms[x[0]])
        )
        self.out.print(
            f"club calendar (ListBookings): {len(bookings)} bookings, {matches} matches and {len(bookings) - matches} D&D "
            f"evenings ({per_room}); checked room by room: "
            + ("[bold green]zero overlaps[/]" if overlaps == 0 else f"[bold red]{overlaps} overlaps[/]")
        )
        if overlaps:
            raise RuntimeError("two bookings of a room overlap")

    # --- 4. results --------------------------------------------------------------------------------

    def record(self, r: int, t: int, stage: int, seats: list[str], hanchans: list[dict[str, int]], key: str) -> list[Any]:
        records = []
        for n, scores in enumerate(hanchans, start=1):
            hanchan = results_pb2.HanchanResult(number=n, scores=scores)
            if (stage, r, t, n) == (1, *CHOMBO_AT):
                hanchan.chombo[seats[0]] = 1
            records.append(
                self.judge.RecordHanchan(
                    results_pb2.RecordHanchanRequest(
                        competition_id=self.facts.competition_id,
                        stage=stage,
                        round=r,
                        table=t,
                        hanchan=hanchan,
                        idempotency_key=f"{key}-{n}",
                    ),
                    timeout=TIMEOUT,
                )
            )
        return records

    def regular_results(self, substitute_name: str) -> None:
        self.heading("4. Results, recorded by the judge")
        cid = self.facts.competition_id
        substitute = self.organizer.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=cid,
                name=substitute_name,
                status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE,
                idempotency_key="substitute",
            ),
            timeout=TIMEOUT,
        )
        self.names[substitute.id] = substitute.name
        self.out.print(f"{substitute.name} registers as a technical substitute (never ranked)")
        to_correct = None
        truth: dict[str, int] = {}
        for r, tables in enumerate(self.rounds, start=1):
            lines = Table(title=f"round {r}: places in hanchans 1, 2, 3")
            lines.add_column("table")
            for seat in range(1, len(tables[0]) + 1):
                lines.add_column(f"seat {seat}")
            for t, seats in enumerate(tables, start=1):
                sat = list(seats)
                if (r, t) == NO_SHOW_AT:
                    absent = sat[-1]
                    sat[-1] = substitute.id
                    self.judge.RecordNoShow(
                        results_pb2.RecordNoShowRequest(
                            competition_id=cid,
                            round=r,
                            table=t,
                            no_show=results_pb2.NoShowEntry(player_id=absent, substitute=substitute.id),
                            idempotency_key="no-show",
                        ),
                        timeout=TIMEOUT,
                    )
                    self.facts.no_show = (
                        f"round {r}, table {t}: {self.name(absent)} did not come; {substitute.name} took the seat"
                    )
                    self.out.print(f"no-show (RecordNoShow): {self.facts.no_show}")
                chombo = {CHOMBO_AT[2]: sat[0]} if (r, t) == CHOMBO_AT[:2] else {}
                hanchans = sim.match_scores(self.seed, sat, 3, 1, r, t, chombo=chombo)
                entered = [dict(h) for h in hanchans]
                if (r, t) == CORRECTED_AT[:2]:
                    truth = hanchans[CORRECTED_AT[2] - 1]
                    entered[CORRECTED_AT[2] - 1] = sim.misread(truth)
                records = self.record(r, t, 1, sat, entered, f"h{r}-{t}")
                if (r, t) == CORRECTED_AT[:2]:
                    to_correct = records[CORRECTED_AT[2] - 1]
                if chombo:
                    self.facts.chombo = f"round {r}, table {t}, hanchan {CHOMBO_AT[2]}: {self.name(sat[0])}"
                lines.add_row(str(t), *(f"{self.name(p)} {'-'.join(str(sim.places(h)[p]) for h in hanchans)}" for p in sat))
            self.out.print(lines)
        self.out.print(f"chombo (RecordHanchan with a chombo count): {self.facts.chombo}, 40 000 points after uma")
        assert to_correct is not None
        correction = self.judge.CorrectRecord(
            results_pb2.CorrectRecordRequest(
                competition_id=cid,
                record_id=to_correct.id,
                reason="the 2nd's and the 3rd's scores were misread by 1 000 points",
                hanchan=results_pb2.HanchanResult(number=CORRECTED_AT[2], scores=truth),
                idempotency_key="correction",
            ),
            timeout=TIMEOUT,
        )
        r, t, n = CORRECTED_AT
        self.facts.correction = f"round {r}, table {t}, hanchan {n}: {correction.reason}"
        self.out.print(
            f"correction (CorrectRecord, record {correction.replaces_record_id[:8]} replaced): {self.facts.correction}"
        )
        for change in correction.changes:
            self.out.print(f"  {change}")

    # --- 5. standings ------------------------------------------------------------------------------

    def standings(self) -> list[str]:
        self.heading("5. Regular standings")
        cid = self.facts.competition_id
        standings = self.organizer.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=TIMEOUT)
        for tie in standings.unresolved:  # a tie the chain leaves that matters for the playoff: a lot
            if int(tie.place.split("-")[0]) <= 8 or tie.at_cut:
                decided = self.organizer.DecideTie(
                    results_pb2.DecideTieRequest(
                        competition_id=cid,
                        player_ids=list(tie.player_ids),
                        method=results_pb2.TIE_METHOD_LOT,
                        seed=self.seed,
                        idempotency_key=f"tie-{tie.place}",
                    ),
                    timeout=TIMEOUT,
                )
                self.out.print(
                    f"places {tie.place} tied ({tie.reason}): decided by lot: {', '.join(map(self.name, decided.player_ids))}"
                )
        if standings.unresolved:
            standings = self.organizer.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=TIMEOUT)
        table = Table(title=f"standings ({standings.ruleset}, ruleset version {standings.ruleset_version})")
        for column in ("place", "player", "total", "avg place", "hanchans", "above the next because", "fate", "notes"):
            table.add_column(column, justify="right" if column in ("place", "total", "hanchans") else "left")
        for row in standings.rows:
            table.add_row(
                row.place,
                row.name,
                row.total,
                row.average_place,
                str(row.hanchans),
                row.separated_from_next,
                row.fate,
                "; ".join(row.notes),
            )
        self.out.print(table)
        for tie in standings.unresolved:
            self.out.print(f"unresolved: places {tie.place}: {', '.join(map(self.name, tie.player_ids))} ({tie.reason})")
        for row in standings.rows[7:9]:  # the last in and the first out
            self.out.print(f"{row.name}: {row.fate_reason}")
        return [row.player_id for row in standings.rows]

    # --- 6. the playoff ----------------------------------------------------------------------------

    def playoff(self) -> None:
        self.heading("6. The playoff, stage by stage")
        cid = self.facts.competition_id
        for number in range(1, 9):  # the mahjong playoff has four stages; more would be a bug
            stage = self.organizer.AdvanceStage(
                stages_pb2.AdvanceStageRequest(competition_id=cid, idempotency_key=f"stage-{number}"), timeout=60
            )
            hanchans = stage.games_per_match
            self.schedule(stage.number, 1, len(self.rounds) + number - 1, f"stage {stage.number}: {stage.name}")
            result = Table(title=f"stage {stage.number}: {stage.name}, final scores (place)")
            result.add_column("table")
            result.add_column("player")
            for n in range(1, hanchans + 1):
                result.add_column(f"hanchan {n}", justify="right")
            for t, seated in enumerate(stage.rounds[0].tables, start=1):
                seats = list(seated.player_ids)
                played = sim.match_scores(self.seed, seats, hanchans, stage.number, 1, t)
                self.record(1, t, stage.number, seats, played, f"s{stage.number}-{t}")
                for i, p in enumerate(seats):
                    result.add_row(
                        str(t) if i == 0 else "",
                        self.name(p),
                        *(f"{h[p]:,} ({sim.places(h)[p]})".replace(",", " ") for h in played),
                        end_section=i == len(seats) - 1,
                    )
            self.out.print(result)
            view = self.organizer.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=TIMEOUT)
            done = next(s for s in view.stages if s.number == stage.number)
            for table_view in done.tables:
                self.out.print(f"  {table_view.name}: {' > '.join(view.names.get(p, p) for p in table_view.order)}")
            if view.finished:
                break
        view = self.organizer.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=TIMEOUT)
        for exit_ in view.progress.exits:
            self.out.print(f"out: {view.names.get(exit_.player_id, exit_.player_id)}: {exit_.reason}")
        for line in view.progress.explanation:
            self.out.print(line)
        final = Table(title="final order and prizes")
        final.add_column("place", justify="right")
        final.add_column("player")
        final.add_column("prize")
        prizes = {view.first_prize_player_id: "1st prize", view.second_prize_player_id: "2nd prize"}
        for place, p in enumerate(view.progress.final_order, start=1):
            final.add_row(str(place), view.names.get(p, p), prizes.get(p, ""))
        self.out.print(final)
        self.facts.prizes = [
            f"1st prize: {view.names.get(view.first_prize_player_id)}",
            f"2nd prize: {view.names.get(view.second_prize_player_id)}",
        ]
        self.out.print("prizes: " + "; ".join(self.facts.prizes))
        if not view.finished:
            raise RuntimeError("the playoff did not finish: " + "; ".join(view.blocked))


def play(season: Season, competition_name: str, player_names: list[str], substitute: str) -> Facts:
    """The whole season, step by step."""
    season.register(competition_name, player_names)
    season.draw()
    season.club()
    for r in range(1, len(season.rounds) + 1):
        season.schedule(1, r, r - 1, f"round {r}")
    season.check_calendar()
    season.regular_results(substitute)
    season.standings()
    season.playoff()
    season.check_calendar()
    return season.facts


# --- the other two competitions: an open cup and an Up&Down league ----------------------------------

CUP_RULESET = "open-cup-2023"
UPDOWN_RULESET = "updown-league-2007"


class GameSeason:
    """A cup or an Up&Down league played through the gateway by the organizer (who also records the
    games here, as the judge would): each stage generated (``AdvanceStage``), every game recorded in the
    regulations' notation (``RecordGame``), the final standings printed by the CLI's own renderers
    (``rondo standings ID``). Results are simulated from the seed: the higher rated wins more often."""

    def __init__(self, channel: grpc.Channel, organizer_token: str, seed: int, console: Console):
        self.stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, organizer_token))
        self.rng = random.Random(seed)
        self.out = console
        self.started = time.monotonic()
        self.names: dict[str, str] = {}
        self.rating: dict[str, int] = {}
        self.competition_id = ""
        self.games = 0

    def heading(self, text: str) -> None:
        self.out.print()
        self.out.rule(f"[bold]{text}[/] [dim](at {time.monotonic() - self.started:.1f} s)")

    def create(self, name: str, ruleset: str, player_names: list[str]) -> None:
        self.heading("1. Competition and registration")
        competition = self.stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=name, ruleset=ruleset), idempotency_key="demo"
            ),
            timeout=TIMEOUT,
        )
        self.competition_id = competition.id
        self.out.print(
            f"competition {competition.name!r} ({competition.ruleset}): the ruleset's {competition.rounds} rounds, "
            f"tables of {competition.table_size}"
        )
        for i, player in enumerate(player_names):
            made = self.stub.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(
                    competition_id=self.competition_id, name=player, rating=2400 - 10 * i, idempotency_key=f"p{i}"
                ),
                timeout=TIMEOUT,
            )
            self.names[made.id] = made.name
            self.rating[made.id] = 2400 - 10 * i
        self.out.print(f"registered {len(player_names)} players with their ratings (the seeds: the higher rated first)")

    def advance(self) -> stages_pb2.Stage:
        stage = self.stub.AdvanceStage(
            stages_pb2.AdvanceStageRequest(competition_id=self.competition_id, idempotency_key=f"stage-{self.games}"),
            timeout=60,
        )
        self.heading(f"stage {stage.number}: {stage.name} ({stage.kind})")
        return stage

    def record(self, stage: int, round_: int, table: int, number: int, a: str, b: str, result: str, long: bool = False) -> None:
        self.stub.RecordGame(
            results_pb2.RecordGameRequest(
                competition_id=self.competition_id,
                stage=stage,
                round=round_,
                table=table,
                game=results_pb2.GameResult(number=number, first_player_id=a, second_player_id=b, result=result, long=long),
                idempotency_key=f"g{stage}-{round_}-{table}-{number}",
            ),
            timeout=TIMEOUT,
        )
        self.games += 1

    def winner(self, a: str, b: str) -> bool:
        """True when ``a`` wins: the higher rated wins two games in three."""
        stronger = self.rating[a] > self.rating[b]
        return stronger if self.rng.random() < 2 / 3 else not stronger


def play_cup(season: GameSeason, competition_name: str, player_names: list[str]) -> None:
    """The open cup (open-cup-2023): series to two wins, a drawn game replayed, a technical defeat,
    stage by stage to the final and the match for third place; places 1-4 and the prizes."""
    from rondo_app.client.standings import render_cup_bracket

    season.create(competition_name, CUP_RULESET, player_names)
    cid = season.competition_id
    for _ in range(8):  # 64 players play 6 stages; more would be a bug
        stage = season.advance()
        for t, pairing in enumerate(stage.rounds[0].tables, start=1):
            if len(pairing.player_ids) < 2:
                season.out.print(f"  table {t}: {season.names[pairing.player_ids[0]]} passes")
                continue
            a, b = pairing.player_ids
            games: list[str] = []
            for n in range(1, 10):
                if stage.number == 1 and t == 1 and n == 1:
                    result = "="  # a drawn game: replayed as the next
                elif stage.number == 1 and t == 2 and n == 1:
                    result = "-/+" if season.rating[a] > season.rating[b] else "+/-"  # the favourite did not come
                else:
                    result = "1-0" if season.winner(a, b) else "0-1"
                season.record(stage.number, 1, t, n, a, b, result)
                games.append(result)
                bracket = season.stub.GetCupBracket(stages_pb2.GetCupBracketRequest(competition_id=cid), timeout=TIMEOUT)
                done = next(s for s in bracket.stages if s.number == stage.number)
                played = next(p for p in done.pairings if p.table == t)
                if played.winner_id:
                    break
            season.out.print(
                f"  table {t}: {season.names[a]} v {season.names[b]}: {' '.join(games)} -> {season.names[played.winner_id]}"
                + (" (technical)" if played.technical else "")
            )
        if bracket.finished:
            break
    season.heading("The bracket and the final places (rondo standings ID)")
    render_cup_bracket(season.out, bracket)
    if not bracket.finished:
        raise RuntimeError("the cup did not finish")


def play_updown(season: GameSeason, competition_name: str, player_names: list[str]) -> None:
    """The Up&Down league (updown-league-2007): stage 1 a double round robin, the split into the leaders
    (long matches) and the outsiders, stage 2 a round robin in each group; the champion, who stays and
    who is relegated. A tie the standings leave at a cut is decided by the extra match (simulated)."""
    from rondo_app.client.standings import render_updown

    season.create(competition_name, UPDOWN_RULESET, player_names)
    for _ in range(2):
        stage = season.advance()
        long = {p for g in stage.groups if g.name == "leaders" for p in g.player_ids} if stage.number == 2 else set()
        for r, rnd in enumerate(stage.rounds, start=1):
            for t, table in enumerate(rnd.tables, start=1):
                if len(table.player_ids) < 2:
                    continue
                a, b = table.player_ids
                if stage.number == 1 and r == 1 and t == 1:
                    result = "+/-"  # the second player did not come: a technical result
                else:
                    result = "1-0" if season.winner(a, b) else "0-1"
                season.record(stage.number, r, t, 1, a, b, result, a in long)
        season.out.print(f"  {sum(len(r.tables) for r in stage.rounds)} games recorded in {len(stage.rounds)} rounds")
        standings = _decide_ties(season, stage.number)
        render_updown(season.out, standings)
    if not standings.complete:
        raise RuntimeError("the Up&Down league did not finish")


def _decide_ties(season: GameSeason, stage: int) -> stages_pb2.UpdownStandings:
    """Every tie the stage's standings leave to the organizer, decided by the extra match the regulation
    plays (simulated: the higher rated wins), recorded with ``DecideTie``; the standings afterwards."""
    cid = season.competition_id
    for _ in range(10):
        standings = season.stub.GetUpdownStandings(
            stages_pb2.GetUpdownStandingsRequest(competition_id=cid, stage=stage), timeout=TIMEOUT
        )
        ties = [t for g in standings.groups for t in g.unresolved]
        if not ties:
            return standings
        for tie in ties:
            order = sorted(tie.player_ids, key=lambda p: -season.rating[p])
            season.stub.DecideTie(
                results_pb2.DecideTieRequest(
                    competition_id=cid,
                    player_ids=order,
                    method=results_pb2.TIE_METHOD_ORGANIZER_ORDER,
                    reason=f"the extra match: {season.names[order[0]]} won",
                    idempotency_key=f"tie-{stage}-{tie.place}",
                ),
                timeout=TIMEOUT,
            )
            season.out.print(
                f"  places {tie.place} tied ({tie.reason}): the extra match decided " + ", ".join(season.names[p] for p in order)
            )
    raise RuntimeError("ties left after every decision")

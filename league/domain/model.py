"""League domain: competitions, rosters and the life of a draw (docs/rules.md `mahjong.roster.*`, `mahjong.draw.*`).

Pure Python: no SQL, no protobuf. The service layer loads these, calls the rules, stores the result.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, replace
from datetime import datetime

from league.domain.sit_outs import sit_out_breaches, who_sits_out
from rondo_runtime import capacity, text
from rondo_runtime.confusables import lookalike_of
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.text import name_key
from rondo_runtime.validation import Violations


class PlayerStatus(enum.Enum):
    MAIN = "main"
    RESERVE = "reserve"
    SUBSTITUTE = "substitute"
    WITHDRAWN = "withdrawn"
    DISQUALIFIED = "disqualified"


#: Who left the competition: out of the standings and of every stage still to play (history kept).
LEFT = frozenset({PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED})


class DrawStatus(enum.Enum):
    PROPOSED = "proposed"
    APPROVED = "approved"
    SUPERSEDED = "superseded"


# The rulesets Rondo ships (docs/rules.md), with the draw shape each one uses by default.
RULESETS: dict[str, tuple[int, int]] = {
    "discard-league-2026": (4, 4),  # 4 rounds, tables of 4 (riichi mahjong)
    "open-cup-2023": (6, 2),  # knockout, 1 vs 1: up to 6 rounds (a bracket of 64, open-cup-2023 2.3)
    "updown-league-2007": (22, 2),  # round robin, 1 vs 1: 22 rounds (two stages)
}
CUP_RULESET = "open-cup-2023"
UPDOWN_RULESET = "updown-league-2007"


def ruleset_contradictions(ruleset: str, rounds: int, table_size: int) -> list[tuple[str, str]]:
    """(field, message) for each value a ruleset fixes that the request contradicts (docs/rules.md
    draw.competition.ruleset-defaults): both one-vs-one rulesets play tables of 2, a cup has at most
    the 6 rounds of a 64-player bracket, an Up&Down league exactly its 22 rounds. Pure."""
    if ruleset not in (CUP_RULESET, UPDOWN_RULESET):
        return []
    default_rounds, default_size = RULESETS[ruleset]
    found = []
    if ruleset == CUP_RULESET and rounds > default_rounds:
        found.append(("rounds", f"{ruleset} has at most {default_rounds} rounds (a bracket of 64), got {rounds}"))
    if ruleset == UPDOWN_RULESET and rounds != default_rounds:
        found.append(("rounds", f"{ruleset} has {default_rounds} rounds, got {rounds}; leave it 0 for the ruleset's"))
    if table_size != default_size:
        found.append(("table_size", f"{ruleset} plays tables of {default_size}, got {table_size}"))
    return found


DEFAULT_RULESET = "discard-league-2026"
MAX_NAME_LENGTH = text.MAX_NAME_LENGTH  # one limit for every name, league and booking alike
MAX_ROUNDS = capacity.MAX_ROUNDS  # Rondo's capacity, shared with the solver (rondo_runtime.capacity)
MIN_RATING, MAX_RATING = -1_000_000, 1_000_000  # a player's rating (any club scale fits)
TABLE_SIZES = range(capacity.MIN_TABLE_SIZE, capacity.MAX_TABLE_SIZE + 1)


@dataclass(frozen=True)
class Competition:
    id: str
    name: str
    ruleset: str
    rounds: int
    table_size: int
    created_at: datetime
    published_draw_id: str | None = None
    registration_closed_at: datetime | None = None


@dataclass(frozen=True)
class Player:
    id: str
    competition_id: str
    name: str
    registration_order: int
    status: PlayerStatus = PlayerStatus.MAIN
    rating: int | None = None
    #: The player's title as the club writes it ("1 dan", "MCR master"); "" for none. Bounded like a name.
    title: str = ""
    #: Not stored: set on the answer to WithdrawPlayer when the withdrawal settled the last open games
    #: of that stage, which is now completed (an Up&Down player's unplayed games are not awaited).
    completed_stage: int = dataclasses.field(default=0, compare=False)

    @property
    def active(self) -> bool:
        return self.status in (PlayerStatus.MAIN, PlayerStatus.SUBSTITUTE)


Round = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class DrawStatistics:
    objective: tuple[int, ...]
    lower_bound: tuple[int, ...]
    proven_optimal: bool
    method: str


@dataclass(frozen=True)
class Draw:
    id: str
    competition_id: str
    version: int
    status: DrawStatus
    seed: int
    rounds: tuple[Round, ...]
    statistics: DrawStatistics
    created_at: datetime
    replaces_draw_id: str | None = None
    played_rounds: int = 0
    reason: str = ""
    players_moved: int | None = None
    approved_at: datetime | None = None
    sitting_out: int = 0  # a club night: players sitting out each round (docs/rules.md draw.sit-out.*)


def normalized_name(name: str) -> str:
    """Names compare as the one edge rule of ``rondo_runtime.text`` cleans them (NFKC, invisible
    characters removed, spaces folded), without case: "Al\u200bice" and "alice" are one name."""
    return name_key(name)


def validate_new_competition(name: str, ruleset: str, rounds: int, table_size: int) -> tuple[str, str, int, int]:
    """Checks a competition request; empty ruleset/rounds/table size take the ruleset's defaults."""
    v = Violations()
    name = v.name("name", name, "give the competition a name", MAX_NAME_LENGTH)
    ruleset = ruleset.strip() or DEFAULT_RULESET
    if ruleset not in RULESETS:
        v.add("ruleset", f"unknown ruleset {ruleset!r}; known: {', '.join(sorted(RULESETS))}")
        default_rounds, default_size = 0, 0
    else:
        default_rounds, default_size = RULESETS[ruleset]
    rounds = rounds or default_rounds
    table_size = table_size or default_size
    if not 1 <= rounds <= MAX_ROUNDS:
        v.add("rounds", f"must be between 1 and {MAX_ROUNDS}, got {rounds}" + _never_drawn(rounds > MAX_ROUNDS))
    if table_size not in TABLE_SIZES:
        v.add(
            "table_size",
            f"must be between {TABLE_SIZES.start} and {TABLE_SIZES.stop - 1}, got {table_size}"
            + _never_drawn(table_size >= TABLE_SIZES.stop),
        )
    if not v:
        for field, message in ruleset_contradictions(ruleset, rounds, table_size):
            v.add(field, message)
    v.raise_if_any()
    return name, ruleset, rounds, table_size


def _never_drawn(beyond_capacity: bool) -> str:
    return " (Rondo's capacity); the draw could never be made" if beyond_capacity else ""


def validate_player_name(name: str, roster: list[Player]) -> str:
    """A player's name is required and unique within the competition (withdrawn players included), and
    no look-alike of another's (docs/rules.md mahjong.roster.no-lookalike-names: UTS #39 skeletons)."""
    v = Violations()
    clean = v.name("name", name, "give the player's name", MAX_NAME_LENGTH)
    if not v and any(normalized_name(p.name) == normalized_name(clean) for p in roster):
        v.add("name", f"a player named {clean!r} is already registered in this competition; add a distinguishing detail")
    elif not v and (twin := lookalike_of(clean, [p.name for p in roster])) is not None:
        v.add(
            "name",
            f"{clean!r} looks like {twin!r}, already registered in this competition (Unicode confusables); "
            "type it in one alphabet or add a distinguishing detail",
        )
    v.raise_if_any()
    return clean


def validate_rating(rating: int | None, field: str = "rating") -> int | None:
    """A rating, when given, is an integer within ``MIN_RATING``..``MAX_RATING``."""
    v = Violations()
    v.integer(field, rating, MIN_RATING, MAX_RATING)
    v.raise_if_any()
    return rating


#: The statuses a player may be registered with: a main participant, a reserve (promoted when
#: registration closes, docs/rules.md ``mahjong.roster.close-registration``) or a technical substitute
#: (docs/rules.md ``mahjong.roster.substitute-registered``).
REGISTRABLE = (PlayerStatus.MAIN, PlayerStatus.RESERVE, PlayerStatus.SUBSTITUTE)


def check_registrable(status: PlayerStatus) -> PlayerStatus:
    if status not in REGISTRABLE:
        raise InvalidArgument.single(
            "status", f"a player is registered as {' or '.join(s.name for s in REGISTRABLE)}, not {status.name}"
        )
    return status


def main_roster(players: list[Player]) -> list[Player]:
    """Players who take part in the draw, in registration order (the order decides who is dropped)."""
    return sorted((p for p in players if p.active), key=lambda p: p.registration_order)


def draw_roster(players: list[Player], redraw: bool) -> list[Player]:
    """Who a draw seats, in registration order: a first draw seats the main participants only; a redraw
    also seats the registered technical substitutes, in the seats of players who left (docs/rules.md
    `mahjong.roster.substitute-registered`: a substitute is drawn only by a redraw)."""
    return [p for p in main_roster(players) if redraw or p.status is PlayerStatus.MAIN]


def withdraw(player: Player) -> Player:
    """A withdrawn player leaves the standings and future draws; the history is kept (docs/rules.md
    `mahjong.roster.withdrawal-keeps-history`; discard-league-2026 §6.1)."""
    if player.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED):
        raise FailedPrecondition(f"player {player.name!r} is already {player.status.value}")
    return replace(player, status=PlayerStatus.WITHDRAWN)


def validate_draw_shape(competition: Competition, rounds: tuple[Round, ...], roster_ids: set[str]) -> None:
    """A stored draw has the competition's rounds, full tables, and only its own players, once per round."""
    v = Violations()
    if len(rounds) != competition.rounds:
        v.add("rounds", f"the competition has {competition.rounds} rounds, the draw has {len(rounds)}")
    for r, rnd in enumerate(rounds):
        seen: set[str] = set()
        for t, table in enumerate(rnd):
            if len(table) != competition.table_size:
                v.add(f"rounds[{r}].tables[{t}]", f"has {len(table)} players, tables seat {competition.table_size}")
            for pid in table:
                if pid not in roster_ids:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{pid!r} is not a player of this competition")
                elif pid in seen:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{pid!r} is seated twice in round {r + 1}")
                seen.add(pid)
    v.raise_if_any()


MAX_LISTED = 5  # how many players a message names before "and N more"


def _listing(names: list[str]) -> str:
    shown = ", ".join(names[:MAX_LISTED])
    return shown + (f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else "")


def validate_draw_to_store(
    competition: Competition,
    rounds: tuple[Round, ...],
    players: list[Player],
    played_rounds: int = 0,
    redraw: bool = False,
    sitting_out: int = 0,
) -> None:
    """What league stores as a draw, as strictly as the gateway asks for it (docs/rules.md
    `mahjong.draw.redraw-keeps-played-rounds`): the competition's number of rounds, full tables, and in
    every round still to play each active main-roster player exactly once and nobody else (a club
    night's draw: all but ``sitting_out`` of them, who sit out fairly, docs/rules.md ``draw.sit-out.*``). The first
    ``played_rounds`` rounds of a redraw are history (checked against the replaced draw by
    ``league.domain.mahjong.redraw.splice_redraw``): there a player who has since withdrawn still sits."""
    v = Violations()
    if len(rounds) != competition.rounds:
        v.add("rounds", f"the competition has {competition.rounds} rounds, the draw has {len(rounds)}")
    by_id = {p.id: p for p in players}
    active = [p.id for p in draw_roster(players, redraw)]
    active_ids, k = frozenset(active), competition.table_size
    for r, rnd in enumerate(rounds):
        history = r < played_rounds
        # The common case in one pass of set operations (a 1 000 x 100 draw is 100 000 seats, checked
        # inside the write transaction); the seat-by-seat walk below only runs to say what is wrong.
        if all(len(table) == k for table in rnd):
            seated = [pid for table in rnd for pid in table]
            distinct = set(seated)
            if len(distinct) == len(seated) and (
                distinct.issubset(by_id) if history else distinct <= active_ids and len(active_ids - distinct) == sitting_out
            ):
                continue
        seen: set[str] = set()
        for t, table in enumerate(rnd):
            if len(table) != competition.table_size:
                v.add(f"rounds[{r}].tables[{t}]", f"has {len(table)} players, tables seat {competition.table_size}")
            for pid in table:
                player = by_id.get(pid)
                if player is None:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{pid[:64]!r} is not a player of this competition")
                elif pid in seen:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{player.name!r} is seated twice in round {r + 1}")
                elif not history and not player.active:
                    v.add(
                        f"rounds[{r}].tables[{t}].player_ids",
                        f"{player.name!r} is {player.status.value} and cannot be seated in round {r + 1}",
                    )
                seen.add(pid)
        if not history:
            missing = [by_id[pid].name for pid in active if pid not in seen]
            if len(missing) != sitting_out:
                v.add(f"rounds[{r}]", f"{len(missing)} active player(s) not seated in round {r + 1}: {_listing(missing)}")
    v.raise_if_any()
    if sitting_out:
        to_play, played = rounds[played_rounds:], who_sits_out(active, rounds[:played_rounds])  # a redraw: the evening
        for breach in sit_out_breaches(active, who_sits_out(active, to_play), sitting_out, played)[:1]:
            v.add(f"rounds[{breach.round - 1}]", breach.text, "SIT_OUT_UNFAIR", round=breach.round, rule=breach.rule)
    v.raise_if_any()


def validate_draw_statistics(
    statistics: DrawStatistics, players_moved: int | None, roster_size: int | None = None
) -> DrawStatistics:
    """The figures stored with a draw: non-negative objective and bound terms, a short printable
    ``method``, ``players_moved`` between 0 and the number of registered players (when given)."""
    from rondo_runtime.text import MAX_METHOD_LENGTH

    v = Violations()
    for field, values in (("objective", statistics.objective), ("lower_bound", statistics.lower_bound)):
        for i, value in enumerate(values):
            if value < 0:
                v.add(f"{field}[{i}]", f"must not be negative, got {value}")
    method = " ".join(str(statistics.method).split())
    if len(method) > MAX_METHOD_LENGTH:
        v.add("method", f"at most {MAX_METHOD_LENGTH} characters, got {len(method)}")
    elif any(not c.isprintable() for c in method):
        v.add("method", "must be printable text (the solver's method name)")
    if players_moved is not None and players_moved < 0:
        v.add("players_moved", f"must not be negative, got {players_moved}")
    elif players_moved is not None and roster_size is not None and players_moved > roster_size:
        v.add("players_moved", f"at most {roster_size} (every registered player), got {players_moved}")
    v.raise_if_any()
    return replace(statistics, method=method)


def check_draw_matches_roster(draw: Draw, players: list[Player]) -> None:
    """A proposal made before a withdrawal or a registration no longer fits the roster: approving it
    would publish a withdrawn player, or leave an active one out. FAILED_PRECONDITION: redraw."""
    by_id = {p.id: p for p in players}
    active = {p.id for p in draw_roster(players, redraw=bool(draw.replaces_draw_id))}
    for r in range(draw.played_rounds, len(draw.rounds)):
        seated = [pid for table in draw.rounds[r] for pid in table]
        gone = sorted({by_id[pid].name if pid in by_id else pid for pid in seated if pid not in active})
        missing = sorted(by_id[pid].name for pid in active - set(seated))
        if len(missing) == draw.sitting_out and not gone:
            continue  # a club night: exactly those sitting out are not seated
        if gone or missing:
            problems = []
            if gone:
                problems.append(f"{_listing(gone)} no longer play{'s' if len(gone) == 1 else ''} (withdrawn or disqualified)")
            if missing:
                problems.append(f"{_listing(missing)} joined or returned and {'is' if len(missing) == 1 else 'are'} not seated")
            raise FailedPrecondition(
                f"draw version {draw.version} no longer matches the roster from round {r + 1}: "
                + "; ".join(problems)
                + ". Redraw, then approve the new proposal"
            )


def approve(draw: Draw, now: datetime) -> Draw:
    """Only a proposed draw can be approved; a superseded draw stays history (docs/rules.md `mahjong.draw.organizer-approves`: the organizer
    approves the tables before they are published)."""
    if draw.status is DrawStatus.APPROVED:
        return draw
    if draw.status is not DrawStatus.PROPOSED:
        raise FailedPrecondition(f"draw {draw.id} is {draw.status.value} and cannot be approved; draw again")
    return replace(draw, status=DrawStatus.APPROVED, approved_at=now)


def supersede(draw: Draw) -> Draw:
    return replace(draw, status=DrawStatus.SUPERSEDED)

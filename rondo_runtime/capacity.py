"""Rondo's capacity: the largest table draw any service takes, and the gRPC message size that carries it.

One set of numbers for every service (README "Capacity"): the solver refuses a draw request beyond
them before any work (``solver/domain/capacity.py`` adds its own per-request limits on top), league
refuses a competition that could never be drawn when it is created and the registration that would
make it so, and every server and channel accepts messages as large as the largest draw within them.

Pure constants and one small check: no gRPC, no I/O.
"""

from __future__ import annotations

from rondo_runtime.validation import Violations

# ------------------------------------------------------------------------------------ table draws
MAX_PLAYERS = 10_000  # players seated in one draw (the active roster)
MAX_ROUNDS = 100
MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 8
#: players x rounds: every seat of one draw (10 000 x 10, 1 000 x 100).
MAX_SEATS = 100_000

# -------------------------------------------------------------------------------- message sizes
#: The largest gRPC message any Rondo server or channel sends or receives. The largest draw within
#: capacity is MAX_SEATS seats; the largest message about it is the gateway's ``GetSeating``, which
#: carries each seat's player id (league ids: at most 64 ASCII characters) and name (at most 100
#: characters, at most 4 UTF-8 bytes each) with their field headers, ~470 bytes a seat at worst:
#: 100 000 x 470 B = ~45 MiB, plus tables and rounds. 64 MiB covers it with room to spare; the
#: solver's own answer estimate (``solver/domain/capacity.py``) refuses anything larger up front.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024

_MESSAGE_OPTIONS = (
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
)


def server_options() -> list[tuple[str, int]]:
    """gRPC options every Rondo server is built with (``rondo_runtime.server.start_server``)."""
    return list(_MESSAGE_OPTIONS)


def channel_options(*extra: tuple[str, object]) -> list[tuple[str, object]]:
    """gRPC options of every channel to a Rondo server (the gateway's downstream channels, the CLI's
    and the tests' clients): the message sizes above, then ``extra`` (e.g. a load-balancing policy)."""
    return [*_MESSAGE_OPTIONS, *extra]


def _spaced(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def draw_capacity_violations(
    players: int,
    rounds: int,
    table_size: int,
    *,
    players_field: str = "players",
    rounds_field: str = "rounds",
    table_size_field: str = "table_size",
) -> Violations:
    """Why a draw of ``players`` x ``rounds`` in tables of ``table_size`` could never be made within
    Rondo's capacity (empty when it can). Only sizes: the caller names its fields."""
    v = Violations()
    never = "the draw could never be made"
    if rounds > MAX_ROUNDS:
        v.add(rounds_field, f"at most {MAX_ROUNDS} rounds (Rondo's capacity), got {_spaced(rounds)}; {never}")
    if table_size > MAX_TABLE_SIZE:
        v.add(table_size_field, f"at most {MAX_TABLE_SIZE} players at a table (Rondo's capacity), got {table_size}; {never}")
    if players > MAX_PLAYERS:
        v.add(players_field, f"at most {_spaced(MAX_PLAYERS)} players (Rondo's capacity), got {_spaced(players)}; {never}")
    elif 0 < rounds <= MAX_ROUNDS and players * rounds > MAX_SEATS:
        v.add(
            players_field,
            f"players x rounds is at most {_spaced(MAX_SEATS)} (Rondo's capacity), got {_spaced(players)} x {rounds} = "
            f"{_spaced(players * rounds)}: with {rounds} rounds at most {_spaced(MAX_SEATS // rounds)} players; {never}",
        )
    return v


def max_players(rounds: int) -> int:
    """The most players a draw of ``rounds`` rounds may seat."""
    return MAX_PLAYERS if rounds <= 0 else min(MAX_PLAYERS, MAX_SEATS // rounds)

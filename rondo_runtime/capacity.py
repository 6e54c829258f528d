"""Rondo's capacity: the largest table draw any service takes, and the gRPC message size that carries it.

One set of numbers for every service (docs/operating/capacity.md): the solver refuses a draw request beyond
them before any work (``solver/domain/capacity.py`` adds its own per-request limits on top), league
refuses a competition that could never be drawn when it is created and the registration that would
make it so, and every server and channel sends answers as large as the largest draw within them. Only
the services that take whole draws from the others (league, the solver) receive requests that large;
the public gateway port takes small ones (``MAX_REQUEST_BYTES``).

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

#: The largest request a server takes unless its services need more (``ServiceSpec.max_request_bytes``):
#: the public gateway port and booking. The largest legitimate public request is a ``DrawCompetition``
#: or ``Redraw`` at the solver's own limits (``solver/domain/capacity.py``): MAX_SEATS pins of one
#: player id (at most 64 ASCII characters) with round and table, ~73 bytes each, 7.0 MiB; 10 000
#: players over 1 000 separations, 0.6 MiB; ids, reason and key: under 8 KiB. 7.6 MiB in all
#: (``tests/faults/test_message_sizes.py`` builds it), so 8 MiB. gRPC refuses a larger request with
#: RESOURCE_EXHAUSTED before parsing it: two concurrent 60 MB ``Login`` calls raise the gateway's peak
#: RSS by tens of MB, not hundreds (grpcio 1.81 still buffers the raw bytes first, grpc/grpc#43012).
#: Only league and the solver, which take whole draws from the other services (SaveDraw, DrawTables),
#: receive up to MAX_MESSAGE_BYTES.
MAX_REQUEST_BYTES = 8 * 1024 * 1024

_MESSAGE_OPTIONS = (
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
)


def server_options(max_request_bytes: int = MAX_REQUEST_BYTES) -> list[tuple[str, int]]:
    """gRPC options of a Rondo server (``rondo_runtime.server.start_server``): answers up to
    MAX_MESSAGE_BYTES, requests up to ``max_request_bytes`` (the most any of its services needs)."""
    return [
        ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ("grpc.max_receive_message_length", max_request_bytes),
    ]


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

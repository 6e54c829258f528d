"""A draw's seats in one column of its row (``draws.seating``, JSON) instead of one row per seat.

A draw is written once and read whole; 100 000 seat rows made saving a 1 000 x 100 draw hold the
write lock for seconds and every read build 100 000 objects (issue 7). The seats of existing draws
are copied into the new column, in round, table and seat order, before ``draw_seats`` goes.

Revision ID: 0002
Revises: 0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_seats = sa.table(
    "draw_seats",
    sa.column("draw_id", sa.String),
    sa.column("round", sa.Integer),
    sa.column("player_id", sa.String),
    sa.column("table_number", sa.Integer),
    sa.column("seat", sa.Integer),
)
_draws = sa.table("draws", sa.column("id", sa.String), sa.column("seating", sa.Text))


def _layout(rows) -> dict[str, list[list[list[str]]]]:
    nested: dict[str, dict[int, dict[int, list[str]]]] = {}
    for draw_id, round_, table, player_id in rows:
        nested.setdefault(draw_id, {}).setdefault(round_, {}).setdefault(table, []).append(player_id)
    return {
        draw_id: [[tables[t] for t in sorted(tables)] for _, tables in sorted(rounds.items())]
        for draw_id, rounds in nested.items()
    }


def upgrade() -> None:
    op.add_column("draws", sa.Column("seating", sa.Text(), nullable=False, server_default="[]"))
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(_seats.c.draw_id, _seats.c.round, _seats.c.table_number, _seats.c.player_id).order_by(
            _seats.c.draw_id, _seats.c.round, _seats.c.table_number, _seats.c.seat
        )
    )
    for draw_id, rounds in _layout(rows).items():
        bind.execute(_draws.update().where(_draws.c.id == draw_id).values(seating=json.dumps(rounds, separators=(",", ":"))))
    op.drop_index("ix_draw_seats_player", table_name="draw_seats")
    op.drop_table("draw_seats")


def downgrade() -> None:
    op.create_table(
        "draw_seats",
        sa.Column("draw_id", sa.String(36), sa.ForeignKey("draws.id"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
    )
    op.create_index("ix_draw_seats_player", "draw_seats", ["player_id"])
    bind = op.get_bind()
    for draw_id, seating in bind.execute(sa.select(_draws.c.id, _draws.c.seating)):
        seats = [
            {"draw_id": draw_id, "round": r, "player_id": pid, "table_number": t, "seat": s}
            for r, tables in enumerate(json.loads(seating))
            for t, table in enumerate(tables)
            for s, pid in enumerate(table)
        ]
        if seats:
            bind.execute(_seats.insert(), seats)
    op.drop_column("draws", "seating")

"""Look-alike player names: each player's UTS #39 key, unique per competition (docs/rules.md
mahjong.roster.no-lookalike-names), so two look-alikes registered at once cannot both be stored;
existing players get theirs computed here (a look-alike registered before this rule keeps no key: the
first registered of the group holds it, so new look-alikes still collide with that one).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

from rondo_runtime.confusables import MAX_LOOKALIKE_KEY_LENGTH, lookalike_key

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("lookalike_key", sa.String(MAX_LOOKALIKE_KEY_LENGTH), nullable=True))
    players = sa.table(
        "players",
        sa.column("id", sa.String),
        sa.column("competition_id", sa.String),
        sa.column("name", sa.String),
        sa.column("registration_order", sa.Integer),
        sa.column("lookalike_key", sa.String),
    )
    connection = op.get_bind()
    taken: set[tuple[str, str]] = set()
    rows = connection.execute(
        sa.select(players.c.id, players.c.competition_id, players.c.name).order_by(
            players.c.competition_id, players.c.registration_order
        )
    ).all()
    for player_id, competition_id, name in rows:
        key = lookalike_key(name)
        if (competition_id, key) in taken:
            continue
        taken.add((competition_id, key))
        connection.execute(players.update().where(players.c.id == player_id).values(lookalike_key=key))
    op.create_index("ix_players_competition_lookalike", "players", ["competition_id", "lookalike_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_competition_lookalike", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("lookalike_key")

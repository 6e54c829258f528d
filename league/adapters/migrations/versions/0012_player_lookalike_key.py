"""Look-alike player names: each player's UTS #39 key, indexed per competition (docs/rules.md
mahjong.roster.no-lookalike-names); existing players get theirs computed here.

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
    players = sa.table("players", sa.column("id", sa.String), sa.column("name", sa.String), sa.column("lookalike_key", sa.String))
    connection = op.get_bind()
    for player_id, name in connection.execute(sa.select(players.c.id, players.c.name)).all():
        connection.execute(players.update().where(players.c.id == player_id).values(lookalike_key=lookalike_key(name)))
    op.create_index("ix_players_competition_lookalike", "players", ["competition_id", "lookalike_key"])


def downgrade() -> None:
    op.drop_index("ix_players_competition_lookalike", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("lookalike_key")

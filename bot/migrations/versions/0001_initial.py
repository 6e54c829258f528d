"""The bot's tables: the event cursor, the deliveries (at most once per key and chat), the buttons.

A database made before migrations (by ``create_all``) already has them: each table is created only
when missing, so such a database is adopted as it is (its version table then says 0001).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "bot_cursor" not in existing:
        op.create_table(
            "bot_cursor",
            sa.Column("name", sa.String(32), primary_key=True),
            sa.Column("after", sa.Integer(), nullable=False),
        )
    if "bot_delivery" not in existing:
        op.create_table(
            "bot_delivery",
            sa.Column("key", sa.String(200), primary_key=True),
            sa.Column("chat_id", sa.BigInteger(), primary_key=True, autoincrement=False),
            sa.Column("state", sa.String(16), nullable=False),
            sa.Column("message_id", sa.BigInteger(), nullable=True),
            sa.Column("error", sa.String(200), nullable=False),
            sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        )
    if "bot_button" not in existing:
        op.create_table(
            "bot_button",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("telegram_user_id", sa.BigInteger(), nullable=False),
            sa.Column("chat_id", sa.BigInteger(), nullable=False),
            sa.Column("action", sa.String(32), nullable=False),
            sa.Column("competition_id", sa.String(100), nullable=False),
            sa.Column("match_key", sa.String(200), nullable=False),
            sa.Column("target_id", sa.String(100), nullable=False),
            sa.Column("player_id", sa.String(100), nullable=False),
            sa.Column("language", sa.String(8), nullable=False),
            sa.Column("message_id", sa.BigInteger(), nullable=True),
            sa.Column("outcome", sa.String(1000), nullable=False),
        )


def downgrade() -> None:
    op.drop_table("bot_button")
    op.drop_table("bot_delivery")
    op.drop_table("bot_cursor")

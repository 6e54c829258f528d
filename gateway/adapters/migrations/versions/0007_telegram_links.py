"""Telegram links: a player's one-time link code (its SHA-256 only), the link between an account and a
Telegram user (one each way), and the audit entry's ``via`` — the bot that made a call for a linked
player (docs/rules.md access.telegram.link-one-time-code, access.bot.acts-for-linked-player).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "telegram_link_codes",
        sa.Column("account_id", sa.String(36), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "telegram_links",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("telegram_user_id", sa.BigInteger(), nullable=False, unique=True),
        sa.Column("account_id", sa.String(36), sa.ForeignKey("accounts.id"), nullable=False, unique=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("audit_log") as batch:
        batch.add_column(sa.Column("via", sa.String(100), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("audit_log") as batch:
        batch.drop_column("via")
    op.drop_table("telegram_links")
    op.drop_table("telegram_link_codes")

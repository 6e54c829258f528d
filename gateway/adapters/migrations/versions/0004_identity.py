"""Identity and access: accounts (argon2id password hashes, roles, token versions), their links to league
players, revoked tokens, login attempts, the audit log of organizer and judge actions, and the token
signing key generated when RONDO_TOKEN_SECRET is unset (docs/architecture.md "Identity and roles").

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _at(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False, unique=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=True),
        _at("created_at"),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        _at("disabled_at", nullable=True),
        sa.Column("token_version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "player_links",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(36), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("competition_id", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False, unique=True),
        _at("linked_at"),
        sa.Column("linked_by", sa.String(64), nullable=False),
    )
    op.create_index("ix_player_links_account", "player_links", ["account_id"])
    op.create_table(
        "revoked_tokens",
        sa.Column("jti", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        _at("until"),
        _at("revoked_at"),
    )
    op.create_index("ix_revoked_tokens_account", "revoked_tokens", ["account_id"])
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("peer", sa.String(64), nullable=False),
        _at("at"),
        sa.Column("success", sa.Boolean(), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=True),
    )
    op.create_index("ix_login_attempts_name", "login_attempts", ["name_key", "at"])
    op.create_index("ix_login_attempts_peer", "login_attempts", ["peer", "at"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _at("at"),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("account_name", sa.String(100), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("rpc", sa.String(64), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("outcome", sa.String(32), nullable=False),
    )
    op.create_index("ix_audit_log_account", "audit_log", ["account_id"])
    op.create_table(
        "signing_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
        _at("created_at"),
    )


def downgrade() -> None:
    for table in ("signing_keys", "audit_log", "login_attempts", "revoked_tokens", "player_links", "accounts"):
        op.drop_table(table)

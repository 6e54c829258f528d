"""ListMatchHistory reads one keyset page of a match's records (rondo_runtime/paging.py): the match's
index gains the order, the sequence, so page 500 is found as fast as page 1 (it still serves every
query by match); a second index finds the match's no-shows (which decide who confirms a report)
without reading the match. The other lists the league pages (players, draws, stages, ruleset versions) are
ordered by unique constraints' columns, already indexed.

Revision ID: 0017
Revises: 0016
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("result_records") as batch:
        batch.drop_index("ix_result_records_match")
        batch.create_index("ix_result_records_match_sequence", ["competition_id", "stage", "round", "table_number", "sequence"])
        batch.create_index("ix_result_records_match_kind", ["competition_id", "stage", "round", "table_number", "kind"])


def downgrade() -> None:
    with op.batch_alter_table("result_records") as batch:
        batch.drop_index("ix_result_records_match_kind")
        batch.drop_index("ix_result_records_match_sequence")
        batch.create_index("ix_result_records_match", ["competition_id", "stage", "round", "table_number"])

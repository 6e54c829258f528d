"""A competition's result records as the CLI finds them: the gateway lists one match's records at a time,
so the CLI walks the stage's matches (the published draw of a mahjong league's stage 1, else the stored
stage) and asks each."""

from __future__ import annotations

import grpc

from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2, stages_pb2
from rondo_app.client.session import Session
from rondo_client.matches import seating_matches
from rondo_client.matches import stage_matches as matches_of_stage

CUP_RULESET = "open-cup-2023"
UPDOWN_RULESET = "updown-league-2007"


def competition_records(s: Session, competition_id: str) -> list[results_pb2.ResultRecord]:
    """Every record of the competition, every stage, in entry order (the gateway lists a match's records:
    each match of the draw and of every stored stage is asked; a competition without a draw has none)."""
    stored = s.all_pages("ListStages", stages_pb2.ListStagesRequest(competition_id=competition_id, page_size=1000), "stages")
    found: dict[str, results_pb2.ResultRecord] = {}
    for stage in sorted({1, *(st.number for st in stored.stages)}):
        try:
            matches = stage_matches(s, competition_id, stage, 0, 0)
        except grpc.RpcError as error:
            if error.code() in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.NOT_FOUND):
                continue  # no approved draw yet, or no such stage: no records there
            raise
        for r, t in matches:
            request = results_pb2.ListResultRecordsRequest(
                competition_id=competition_id, round=r, table=t, stage=stage, page_size=1000
            )
            for record in s.all_pages("ListResultRecords", request, "result_records").result_records:
                found[record.id] = record
    return sorted(found.values(), key=lambda record: record.sequence)


def stage_matches(s: Session, competition_id: str, stage: int, only_round: int, only_table: int) -> list[tuple[int, int]]:
    """The stage's matches (round, table): the published draw's tables for a mahjong league's stage 1, else
    the stored stage's tables of two or more (a cup's pass has no game)."""
    ruleset = s.call("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=competition_id)).ruleset
    if stage <= 1 and ruleset not in (CUP_RULESET, UPDOWN_RULESET):
        found = seating_matches(competition_id, s.call("GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition_id)))
    else:
        stored = s.call("GetStage", stages_pb2.GetStageRequest(competition_id=competition_id, number=max(stage, 1)))
        found = matches_of_stage(competition_id, stored)
    return [
        (m.round, m.table)
        for m in found
        if (not only_round or m.round == only_round) and (not only_table or m.table == only_table)
    ]

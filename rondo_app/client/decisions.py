"""``rondo decisions``: what the organizer (and, for game decisions, the judge) decides about the
standings — the ties they leave open (by the organizer's order or by lot), a stored playoff the
corrected standings no longer give, a cup player's disqualification and the Up&Down checkpoints.

Players are named as everywhere (roster name, id or id prefix: ``rondo_app/client/names.py``); the
choices are typed as words (``--method lot``, ``--decision keep``, ``--checkpoint first``).
"""

from __future__ import annotations

import enum
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_app.client.competitions import player_names
from rondo_app.client.names import competition_id, player_id
from rondo_app.client.records import UPDOWN_RULESET
from rondo_app.client.render import pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, fail, session

decisions = typer.Typer(
    no_args_is_help=True,
    help="The organizer's decisions: open ties, a tie, a stale playoff, a disqualification, an Up&Down checkpoint.",
)

Competition = Annotated[str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or id prefix.")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept with the decision and in the audit log).")]


class TieMethodWord(enum.StrEnum):
    organizer_order = "organizer-order"
    lot = "lot"


TIE_METHODS = {
    TieMethodWord.organizer_order: results_pb2.TIE_METHOD_ORGANIZER_ORDER,
    TieMethodWord.lot: results_pb2.TIE_METHOD_LOT,
}


class PlayoffDecisionWord(enum.StrEnum):
    regenerate = "regenerate"
    keep = "keep"


PLAYOFF_DECISIONS = {
    PlayoffDecisionWord.regenerate: results_pb2.PLAYOFF_DECISION_KIND_REGENERATE,
    PlayoffDecisionWord.keep: results_pb2.PLAYOFF_DECISION_KIND_KEEP,
}


class CheckpointWord(enum.StrEnum):
    first = "first"
    second = "second"


CHECKPOINTS = {CheckpointWord.first: stages_pb2.CHECKPOINT_FIRST, CheckpointWord.second: stages_pb2.CHECKPOINT_SECOND}


def _ruleset(s: Session, cid: str) -> str:
    return str(s.call("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=cid)).ruleset)


@decisions.command("ties")
def open_ties(
    competition: Competition,
    stage: Annotated[int, typer.Option("--stage", help="An Up&Down competition's stage (0: the latest).")] = 0,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The ties the current standings leave to the organizer (decide one with `rondo decisions tie`)."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        found: list[tuple[str, str, list[str], str]] = []
        if _ruleset(s, cid) == UPDOWN_RULESET:
            answer = s.call("GetUpdownStandings", stages_pb2.GetUpdownStandingsRequest(competition_id=cid, stage=stage))
            for group in answer.groups:
                found += [(group.name, t.place, list(t.player_ids), t.reason) for t in group.unresolved]
        else:
            standings = s.call("GetStandings", results_pb2.GetStandingsRequest(competition_id=cid))
            found += [("", t.place, list(t.player_ids), t.reason) for t in standings.unresolved]
        if as_json:
            from rondo_app.client.session import print_json

            print_json(
                {
                    "competition_id": cid,
                    "ties": [{"group": g, "place": p, "player_ids": ids, "reason": r} for g, p, ids, r in found],
                }
            )
            return
        names = player_names(s, cid)
        if not found:
            print_lines(s.out, ["no tie is left to the organizer"])
            return
        rows = [(g, p, ", ".join(names.get(i, i) for i in ids), r) for g, p, ids, r in found]
        s.out.print(table("ties the organizer decides (`rondo decisions tie`)", ("group", "place", "players", "why"), rows))


@decisions.command("tie")
def decide_tie(
    competition: Competition,
    players: Annotated[
        list[str], typer.Argument(metavar="PLAYER...", help="Exactly the tied players (organizer-order: best first).")
    ],
    method: Annotated[
        TieMethodWord,
        typer.Option("--method", help="organizer-order: the order given; lot: drawn by lot from --seed.", case_sensitive=False),
    ],
    seed: Annotated[int | None, typer.Option("--seed", help="lot only: the seed, recorded so anyone can repeat the lot.")] = None,
    reason: Reason = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Decide a tie the standings leave open (`rondo decisions ties` lists them): by the organizer's
    order (a reason is required: in an Up&Down league the extra match and its result) or by lot."""
    if method == TieMethodWord.organizer_order and not reason.strip():
        raise fail("--reason: say why this order (required with --method organizer-order)")
    if method == TieMethodWord.lot and seed is None:
        raise fail("--seed: a lot needs the seed it is drawn from (e.g. --seed 2026)")
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = results_pb2.DecideTieRequest(
            competition_id=cid,
            player_ids=[player_id(s, cid, p) for p in players],
            method=TIE_METHODS[method],
            reason=reason,
            idempotency_key=idempotency_key,
        )
        if seed is not None:
            request.seed = seed
        decision = s.call("DecideTie", request)
        names = {} if as_json else player_names(s, cid)
        s.show(decision, lambda out, d: render_tie(out, d, names))


@decisions.command("playoff")
def decide_playoff(
    competition: Competition,
    decision: Annotated[
        PlayoffDecisionWord,
        typer.Option(
            "--decision",
            help="regenerate: remove the stored round 1 (no result yet), `rondo stages advance` draws it again; "
            "keep: it stands as generated.",
            case_sensitive=False,
        ),
    ],
    reason: Annotated[str, typer.Option("--reason", help="Why (required; kept with the decision).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A mahjong league's stored playoff round 1 that corrected standings no longer give (`rondo
    standings` shows the conflict): regenerate it or keep it."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = results_pb2.DecidePlayoffRequest(
            competition_id=cid, decision=PLAYOFF_DECISIONS[decision], reason=reason, idempotency_key=idempotency_key
        )
        answer = s.call("DecidePlayoff", request)
        names = {} if as_json else player_names(s, cid)
        s.show(answer, lambda out, d: render_playoff_decision(out, d, names))


@decisions.command("disqualify")
def disqualify(
    competition: Competition,
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="The player: roster name, id or id prefix.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (open-cup-2023 5.3.3; required).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Disqualify a cup player: never replaced; every opponent he still had to play wins technically."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = stages_pb2.DisqualifyPlayerRequest(
            competition_id=cid, player_id=player_id(s, cid, player), reason=reason, idempotency_key=idempotency_key
        )
        s.show(s.call("DisqualifyPlayer", request), render_disqualified)


@decisions.command("checkpoint")
def apply_checkpoint(
    competition: Competition,
    checkpoint: Annotated[
        CheckpointWord,
        typer.Option(
            "--checkpoint",
            help="first: about three weeks in (§10.3.1.1-2); second: ten days before stage 1 ends (§10.3.1.3).",
            case_sensitive=False,
        ),
    ],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Hold an Up&Down checkpoint: players who played too few of their games are removed."""
    with session(address, token, as_json) as s:
        request = stages_pb2.ApplyCheckpointRequest(
            competition_id=competition_id(s, competition), checkpoint=CHECKPOINTS[checkpoint], idempotency_key=idempotency_key
        )
        s.show(s.call("ApplyCheckpoint", request), render_checkpoint)


# ---- rendering


def _named(ids, names: dict[str, str]) -> str:
    return ", ".join(names.get(i, i) for i in ids) or "-"


def render_tie(out: Console, d: results_pb2.TieDecision, names: dict[str, str]) -> None:
    method = {results_pb2.TIE_METHOD_LOT: "lot", results_pb2.TIE_METHOD_ORGANIZER_ORDER: "organizer-order"}.get(d.method, "")
    rows: list[tuple[object, object]] = [
        ("order", " > ".join(names.get(p, p) for p in d.player_ids)),
        ("method", method + (f" (seed {d.seed})" if d.HasField("seed") else "")),
        ("stage", d.stage),
        ("by", d.decided_by),
        ("at", when(d.at)),
    ]
    if d.reason:
        rows.append(("reason", d.reason))
    out.print(pairs("tie decided", rows))


def render_playoff_decision(out: Console, d: results_pb2.PlayoffDecision, names: dict[str, str]) -> None:
    word = {results_pb2.PLAYOFF_DECISION_KIND_REGENERATE: "regenerate", results_pb2.PLAYOFF_DECISION_KIND_KEEP: "keep"}
    rows: list[tuple[object, object]] = [
        ("decision", word.get(d.decision, "")),
        ("reason", d.reason),
        ("stored round 1 from", _named(d.stored_player_ids, names)),
        ("standings qualify", _named(d.qualified_player_ids, names)),
        ("by", d.decided_by),
        ("at", when(d.at)),
    ]
    if d.removed_stages:
        rows.append(
            ("stages removed", ", ".join(str(n) for n in d.removed_stages) + " (`rondo stages advance` draws them again)")
        )
    out.print(pairs("playoff decision", rows))


def render_disqualified(out: Console, d: stages_pb2.DisqualifyPlayerResponse) -> None:
    rows: list[tuple[object, object]] = [
        ("player", d.player.name),
        ("stage", d.stage or "before the first stage"),
        ("reason", d.reason),
        ("by", d.recorded_by),
        ("at", when(d.recorded_at)),
    ]
    out.print(pairs("disqualified", rows))
    if d.completed_stage:
        print_lines(out, [f"this decided stage {d.stage}: it is completed"])


def render_checkpoint(out: Console, answer: stages_pb2.ApplyCheckpointResponse) -> None:
    word = {stages_pb2.CHECKPOINT_FIRST: "first", stages_pb2.CHECKPOINT_SECOND: "second"}.get(answer.checkpoint, "")
    if not answer.removed:
        print_lines(out, [f"{word} checkpoint: nobody is removed"])
        return
    rows = [(r.name, f"{r.really_played} of {r.due}", r.reason, "yes" if r.results_annulled else "") for r in answer.removed]
    out.print(table(f"{word} checkpoint: removed", ("player", "played", "why", "results annulled"), rows))

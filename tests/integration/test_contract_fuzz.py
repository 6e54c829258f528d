"""Hypothesis attacks the edge: arbitrary contract messages, translated and validated the way the
servers do, either pass or fail with INVALID_ARGUMENT naming request fields -- never another error."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo.gateway.v1 import common_pb2, draws_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.errors import InvalidArgument
from solver.domain.draw.validate import validate_problem
from solver.grpc_api import problem_from_proto
from solver.service import requested_budget

pytestmark = pytest.mark.integration

ids = st.sampled_from(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "", "x", "p1 "])
small = st.integers(-3, 12)
DRAW_FIELD = re.compile(
    r"^(players|players\[\d+\]\.id|rounds|table_size|time_limit_seconds|fixed_rounds|previous"
    r"|separations\[\d+\]\.(player_ids|weight)|pins\[\d+\]\.(player_id|round|table))"
)


@st.composite
def draw_requests(draw):
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=i) for i in draw(st.lists(ids, max_size=10))],
        rounds=draw(small),
        table_size=draw(small),
        separations=[
            draws_pb2.Separation(player_ids=draw(st.lists(ids, max_size=4)), weight=draw(st.integers(-2, 3)))
            for _ in range(draw(st.integers(0, 2)))
        ],
        pins=[draws_pb2.Pin(player_id=draw(ids), round=draw(small), table=draw(small)) for _ in range(draw(st.integers(0, 2)))],
        fixed_rounds=[
            common_pb2.Round(
                tables=[common_pb2.Table(player_ids=draw(st.lists(ids, max_size=5))) for _ in range(draw(st.integers(0, 3)))]
            )
            for _ in range(draw(st.integers(0, 2)))
        ],
        seed=draw(st.integers(0, 2**40)),
        time_limit_seconds=draw(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.just(1.0))),
    )


@settings(max_examples=300, deadline=None)
@given(draw_requests())
def test_any_draw_request_is_valid_or_names_its_fields(request):
    problem = problem_from_proto(request)
    try:
        validate_problem(problem)
    except InvalidArgument as error:
        assert error.violations
        for v in error.violations:
            assert DRAW_FIELD.match(v.field), v.field
            assert v.description.strip()


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_solve_budget_is_bounded_or_rejected(requested):
    """The time-budget rule exists once, in the solver; the gateway passes the request's through."""
    try:
        budget = requested_budget(requested)
    except InvalidArgument as error:
        assert error.violations[0].field == "time_limit_seconds"
    else:
        assert 0 < budget <= 600

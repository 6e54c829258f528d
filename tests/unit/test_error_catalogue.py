"""The error catalogue (rondo_runtime/error_catalogue.py, docs/errors.md): every reason has English and
Russian text, every raise site that names a reason gives the params its templates use, a status stays
bounded whatever the params, the details survive the gateway hop unchanged, and the CLI speaks the
user's language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_app.client.session import error_lines, user_locale
from rondo_app.registry import SERVICES
from rondo_runtime import error_catalogue, errors
from rondo_runtime.error_catalogue import CATALOGUE, GENERIC, params_of
from rondo_runtime.grpc_errors import error_details, error_from_rpc, to_grpc_status

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (*(s.name for s in SERVICES), "rondo_runtime")
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
REASON = re.compile(r"[A-Z][A-Z0-9_]*[A-Z0-9]")
ERROR_CLASSES = {
    "RondoError",
    "InvalidArgument",
    "NotFound",
    "FailedPrecondition",
    "Aborted",
    "ResourceExhausted",
    "PermissionDenied",
    "Unauthenticated",
    "Unavailable",
}


class FakeRpcError(grpc.RpcError):
    """A failed call as a client sees it, made from a server-side ``grpc.Status``."""

    def __init__(self, status):
        self._status = status

    def code(self):
        return self._status.code

    def details(self):
        return self._status.details

    def trailing_metadata(self):
        return self._status.trailing_metadata


def _sources():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path, ast.parse(path.read_text(encoding="utf-8"))


def _name(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _literal_of(call: ast.Call):
    def literal(i: int):
        return call.args[i].value if len(call.args) > i and isinstance(call.args[i], ast.Constant) else None  # type: ignore[attr-defined]

    return literal


def _reason_uses():
    """``(where, reason, given params or None when unknown)`` for every call naming a reason."""
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            kwargs = {k.arg for k in node.keywords if k.arg}
            has_star = any(k.arg is None for k in node.keywords)
            method = _name(node.func)
            literal = _literal_of(node)
            if method == "status_for" and isinstance(literal(2), str):
                yield where, literal(2), set()
            if method == "because" and isinstance(literal(0), str):
                yield where, literal(0), None if has_star else kwargs - {"retry_after_s"}
            elif method == "at" and isinstance(literal(1), str):
                yield where, literal(1), None if has_star else (kwargs | {"field"})
            for k in node.keywords:
                if k.arg == "reason" and isinstance(k.value, ast.Constant) and REASON.fullmatch(str(k.value.value)):
                    params = next((p.value for p in node.keywords if p.arg == "params"), None)
                    given_ = (
                        {str(key.value) for key in params.keys if isinstance(key, ast.Constant)}
                        if isinstance(params, ast.Dict)
                        else None
                    )
                    yield where, k.value.value, given_ if params is not None else set()
            if method in {"FieldViolation", "single", "add"} and REASON.fullmatch(str(literal(2))):
                yield where, literal(2), None


def test_every_reason_has_english_and_real_russian_text_and_a_grpc_code():
    for reason, entry in CATALOGUE.items():
        assert REASON.fullmatch(reason), reason
        assert entry.en.strip() and entry.ru.strip(), reason
        assert CYRILLIC.search(entry.ru), (reason, entry.ru)
        assert entry.code in grpc.StatusCode.__members__ or entry.code == "UNIMPLEMENTED", (reason, entry.code)
        assert entry.en != entry.ru, reason


def test_russian_templates_speak_only_of_what_the_english_ones_are_given():
    for reason, entry in CATALOGUE.items():
        extra = params_of(entry.ru) - params_of(entry.en) - {"field", "detail"}
        assert not extra, (reason, extra)
        if reason not in GENERIC:
            assert "detail" not in params_of(entry.ru), f"{reason}: a specific reason has a Russian sentence of its own"


def test_every_error_class_has_a_generic_reason_in_the_catalogue():
    classes: list = [errors.RondoError, *errors.RondoError.__subclasses__()]
    assert {c.default_reason for c in classes} == GENERIC
    for cls in classes:
        assert CATALOGUE[cls.default_reason].code == cls.code
        assert cls("x").reason == cls.default_reason  # no error is without a reason


def test_every_raise_site_names_a_catalogued_reason_and_gives_its_templates_params():
    uses = list(_reason_uses())
    assert len(uses) > 80
    for where, reason, given_ in uses:
        assert reason in CATALOGUE, f"{where}: {reason} is not in rondo_runtime/error_catalogue.py"
        if given_ is None:
            continue
        entry = CATALOGUE[reason]
        needed = (params_of(entry.en) | params_of(entry.ru)) - {"detail", "field"}
        assert needed <= given_ | {"field"}, f"{where}: {reason} needs {sorted(needed - given_)}"


def test_every_specific_reason_is_used_somewhere():
    used = {reason for _, reason, _ in _reason_uses()}
    runtime = {"INTERNAL", "NOT_IMPLEMENTED", "REQUEST_MALFORMED", "DOWNSTREAM_TIMEOUT", "DOWNSTREAM_UNAVAILABLE"}
    unused = set(CATALOGUE) - used - GENERIC - runtime - {"DATABASE_UNAVAILABLE"}
    assert not unused, sorted(unused)


def test_the_reasons_a_frontend_tells_apart_are_there():
    for reason in (
        "ROOM_TAKEN",
        "SCORES_DO_NOT_SUM",
        "LOGIN_LOCKED",
        "SOLVER_BUSY",
        "COMPETITION_NOT_FOUND",
        "FIELD_INVALID",
        "IDEMPOTENCY_KEY_REUSED",
        "IDEMPOTENCY_KEY_BUSY",
        "ROLE_NOT_ALLOWED",
        "RESULTS_NEED_APPROVED_DRAW",
        "EVENT_STREAMS_PER_ACCOUNT",
        "DATABASE_BUSY",
    ):
        assert reason in CATALOGUE
    for retryable in ("LOGIN_LOCKED", "SOLVER_BUSY", "DATABASE_BUSY", "IDEMPOTENCY_KEY_BUSY", "ROOM_TAKEN"):
        assert CATALOGUE[retryable].retry, retryable


def test_raise_sites_still_on_a_generic_reason_are_counted():
    """The fallback (a Russian sentence of the class + the English detail): counted, printed, reported."""
    generic = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                continue
            call = node.exc
            if _name(call.func) in {"single", "of"} and _name(getattr(call.func, "value", call.func)) == "InvalidArgument":
                has = _name(call.func) == "single" and len(call.args) > 2
            elif _name(call.func) in ERROR_CLASSES:
                has = any(k.arg == "reason" for k in call.keywords)
            else:
                continue
            if not has:
                generic.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    print(f"\n{len(generic)} raise sites keep their class's generic reason (Russian sentence + English detail)")
    assert generic  # the count is reported; the fallback is still meaningful Russian


def test_english_text_is_the_message_and_the_russian_one_renders_the_params():
    error = errors.NotFound.because("CLUB_NOT_FOUND", club_id="c1")
    assert error.message == "club 'c1' does not exist"
    assert error_catalogue.localized(error.reason, error.params, error.message) == {
        "en": "club 'c1' does not exist",
        "ru": "Клуб «c1» не найден.",
    }
    field = errors.InvalidArgument.at("players[2].name", "FIELD_REQUIRED")
    assert (field.message, field.reason, field.params) == (
        "players[2].name: is required",
        "FIELD_REQUIRED",
        {"field": "players[2].name"},
    )
    generic = errors.FailedPrecondition("the draw is frozen")
    assert error_catalogue.localized(generic.reason, generic.params, generic.message)["ru"] == (
        "Сейчас это сделать нельзя: the draw is frozen"
    )
    missing = errors.NotFound("x", reason="CLUB_NOT_FOUND")  # a param missing: the generic Russian sentence
    assert error_catalogue.localized(missing.reason, missing.params, missing.message)["ru"] == "Не найдено: x"


def test_retry_info_is_sent_where_a_retry_can_succeed_and_only_there():
    assert errors.Aborted.because("NO_ROOM_FREE").retry_after_s == 1.0
    assert errors.Unavailable("down").retry_after_s == 1.0
    assert errors.FailedPrecondition("no").retry_after_s is None
    assert errors.ResourceExhausted.because("LOGIN_LOCKED", retry_after_s=7, what="x", until="t", seconds=7).retry_after_s == 7
    found = error_details(FakeRpcError(to_grpc_status(errors.Unavailable("the database is busy; retry", reason="DATABASE_BUSY"))))
    assert (found.reason, found.retry_after_s) == ("DATABASE_BUSY", 1.0)


def test_details_pass_through_the_gateway_unchanged():
    """error_from_rpc (the gateway re-raising a downstream error) -> to_grpc_status: the same details."""
    for error in (
        errors.Aborted.because("ROOM_TAKEN", room="Hall", when="2026-12-07 18:00-21:00", booking_id="b1"),
        errors.InvalidArgument.of(
            [
                errors.FieldViolation(
                    "hanchan.scores", "sum is 1, must be 2", "SCORES_DO_NOT_SUM", (("total", "1"), ("expected", "2"))
                )
            ]
        ),
        errors.ResourceExhausted.because("LOGIN_LOCKED", retry_after_s=12, what="from this address", until="t", seconds=12),
        errors.NotFound("plain"),
    ):
        first = to_grpc_status(error)
        again = error_from_rpc(FakeRpcError(first))
        assert again is not None
        second = to_grpc_status(again)
        assert (second.code, second.details) == (first.code, first.details)
        assert error_details(FakeRpcError(second)) == error_details(FakeRpcError(first))
        kinds = [d.type_url for d in status_pb2.Status.FromString(first.trailing_metadata[0][1]).details]
        assert [d.type_url for d in status_pb2.Status.FromString(second.trailing_metadata[0][1]).details] == kinds


@settings(max_examples=150, deadline=None)
@given(
    reason=st.one_of(st.sampled_from(sorted(CATALOGUE)), st.text(max_size=300)),
    params=st.dictionaries(st.text(max_size=200), st.one_of(st.text(max_size=5000), st.integers()), max_size=40),
    message=st.text(max_size=5000),
    violations=st.integers(0, 60),
    retry=st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False)),
)
def test_any_params_and_long_values_still_make_a_bounded_status(reason, params, message, violations, retry):
    cls = errors.InvalidArgument if violations else errors.FailedPrecondition
    args = ([errors.FieldViolation("f" * 500, "d" * 5000, reason) for _ in range(violations)],) if violations else ()
    error = cls(message, *args, reason=reason, params=params, retry_after_s=retry)
    status = to_grpc_status(error)
    assert len(status.details.encode()) <= 512
    blob = status.trailing_metadata[0][1]
    assert len(blob) <= 4600  # base64 in the header: ~6.1 KiB, under gRPC's 8 KiB metadata limit
    rich = status_pb2.Status.FromString(blob)
    texts = {}
    for detail in rich.details:
        if detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            text = error_details_pb2.LocalizedMessage()
            detail.Unpack(text)
            texts[text.locale] = text.message
            assert len(text.message.encode()) <= 512
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            assert info.domain == "rondo" and info.reason
            assert sum(len(k.encode()) + len(v.encode()) for k, v in info.metadata.items()) <= 512 + 63
    assert set(texts) == {"en", "ru"}


@pytest.mark.parametrize(
    "env, locale",
    [
        ({"RONDO_LANG": "ru"}, "ru"),
        ({"RONDO_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_cli_locale_comes_from_rondo_lang_then_lc_all_then_lang(env, locale):
    assert user_locale(env) == locale


def test_the_cli_prints_the_message_of_the_locale_and_when_to_retry():
    locked = errors.ResourceExhausted.because(
        "LOGIN_LOCKED", retry_after_s=42, what="from this address", until="2026-12-05T10:00:42Z", seconds=42
    )
    rpc_error = FakeRpcError(to_grpc_status(locked))
    assert error_lines(rpc_error, "127.0.0.1:1", locale="ru") == [
        "error: RESOURCE_EXHAUSTED: Слишком много неудачных попыток входа; повторите после 2026-12-05T10:00:42Z (через 42 с).",
        "повторите через 42 с",
    ]
    assert error_lines(rpc_error, "127.0.0.1:1", locale="en") == [
        "error: RESOURCE_EXHAUSTED: too many failed logins from this address; retry after 2026-12-05T10:00:42Z (in 42 s)",
        "retry in 42 s",
    ]


def test_docs_errors_md_is_the_catalogue():
    assert (ROOT / "docs" / "errors.md").read_text(encoding="utf-8") == error_catalogue.markdown(), (
        "run: python -m rondo_runtime.error_catalogue > docs/errors.md"
    )

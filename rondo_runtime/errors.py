"""Errors a person can act on, as plain Python exceptions.

Domain and service code raise these; ``rondo_runtime.grpc_errors`` turns them into gRPC status codes
(docs/architecture.md "Error model"): bad input -> INVALID_ARGUMENT with ``google.rpc.BadRequest`` field
violations, unknown ids -> NOT_FOUND, wrong state -> FAILED_PRECONDITION, lost race -> ABORTED,
overload -> RESOURCE_EXHAUSTED, a busy or unreachable database -> UNAVAILABLE (retryable). No gRPC
import here, so pure domain code may raise them. Requests are checked field by field with
``rondo_runtime.validation.Violations``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from rondo_runtime import error_catalogue

DEFAULT_RETRY_SECONDS = 1.0  # RetryInfo of a reason the catalogue marks retryable, when the raise site gives none
MESSAGE_VIOLATIONS = 10  # how many violations an InvalidArgument's message spells out
MAX_VIOLATIONS = 20  # how many violations are listed (gRPC details, offline errors); then "… and N more"
MAX_VIOLATION_CHARS = 420  # one listed violation, field and description (offline: one line)


def violation_lines(violations, limit: int = MAX_VIOLATIONS) -> list[str]:
    """``field: description`` for the first ``limit`` violations, each cut to ``MAX_VIOLATION_CHARS``,
    plus ``… and N more`` for the rest."""
    lines = []
    for v in violations[:limit]:
        line = f"{v.field}: {v.description}" if v.field else str(v.description)
        lines.append(line if len(line) <= MAX_VIOLATION_CHARS else line[: MAX_VIOLATION_CHARS - 1] + "…")
    if len(violations) > limit:
        lines.append(f"… and {len(violations) - limit} more")
    return lines


@dataclass(frozen=True)
class FieldViolation:
    """One bad field: ``field`` is the request path (``players[3].id``), ``description`` says what to do.
    ``reason`` (optional): a catalogue reason for this violation (``SCORES_DO_NOT_SUM``); the first
    violation with one gives its reason (and ``params``) to the whole ``InvalidArgument``."""

    field: str
    description: str
    reason: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def renamed(self, field: str, description: str | None = None) -> FieldViolation:
        """The same violation (reason and params kept) at another path, or with other words."""
        return replace(self, field=field, description=self.description if description is None else description)


Params = Mapping[str, object]


class RondoError(Exception):
    """Base of every error that is the caller's doing, not a bug.

    Machine-readable part (docs/errors.md): ``reason`` is a stable UPPER_SNAKE code from
    ``rondo_runtime.error_catalogue`` (every class has a default one, so no error is without it),
    ``params`` the values its English and Russian templates speak of (also sent as ``ErrorInfo``
    metadata), ``retry_after_s`` the delay after which a retry can succeed (``RetryInfo``; None: a retry
    does not help). ``localized``: language -> text, set only for an error passed through from another
    service (its texts travel unchanged)."""

    code = "UNKNOWN"
    default_reason = "UNKNOWN"
    default_retry_after_s: float | None = None

    def __init__(
        self,
        message: str,
        *,
        reason: str = "",
        params: Params | None = None,
        retry_after_s: float | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.reason = reason or self.default_reason
        self.params: dict[str, object] = dict(params or {})
        if retry_after_s is None and error_catalogue.entry(self.reason).retry:  # the catalogue says a retry helps
            retry_after_s = self.default_retry_after_s or DEFAULT_RETRY_SECONDS
        self.retry_after_s = retry_after_s
        self.localized: dict[str, str] = {}

    @classmethod
    def because(cls: type[E], reason: str, *, retry_after_s: float | None = None, **params: object) -> E:
        """The error for a catalogue ``reason``: its message is the reason's English template over
        ``params`` (``NotFound.because("CLUB_NOT_FOUND", club_id=...)``)."""
        return cls(error_catalogue.english(reason, params), reason=reason, params=params, retry_after_s=retry_after_s)


E = TypeVar("E", bound=RondoError)


class InvalidArgument(RondoError):
    code = "INVALID_ARGUMENT"
    default_reason = "FIELD_INVALID"

    def __init__(
        self,
        message: str,
        violations: list[FieldViolation] | tuple[FieldViolation, ...] = (),
        *,
        reason: str = "",
        params: Params | None = None,
        retry_after_s: float | None = None,
    ):
        violations = tuple(violations)
        first = next((v for v in violations if v.reason), None)
        if not reason and first is not None:
            reason, params = first.reason, {**dict(first.params), **dict(params or {})}
        merged: dict[str, object] = {"field": (first or violations[0]).field} if violations else {}
        merged.update(params or {})
        super().__init__(message, reason=reason, params=merged, retry_after_s=retry_after_s)
        self.violations = violations

    @classmethod
    def single(cls, field: str, description: str, reason: str = "", params: Params | None = None) -> InvalidArgument:
        return cls(f"{field}: {description}", [FieldViolation(field, description, reason, tuple((params or {}).items()))])

    @classmethod
    def at(cls, field: str, reason: str, **params: object) -> InvalidArgument:
        """One violation of ``field`` for a catalogue ``reason``: its description is the reason's English
        template over ``params`` (``field`` is a param too)."""
        values = {"field": field, **params}
        return cls.single(field, error_catalogue.english(reason, values), reason, values)

    def with_fields(self, rename: Callable[[str], str]) -> InvalidArgument:
        """This error with every violation's field renamed (a downstream path under the public request's
        resource): message rebuilt, reason, params (``field`` renamed too) and retry delay kept; the
        localized texts are made again from the catalogue, so they name the public path. Every
        re-rooting of an error's fields (a nested request, a file's lines, a caller's indices) goes
        through here."""
        if not self.violations:
            return self
        out = InvalidArgument.of([v.renamed(rename(v.field)) for v in self.violations])
        out.reason = self.reason
        out.params = dict(self.params)
        if "field" in out.params:
            out.params["field"] = rename(str(out.params["field"]))
        out.retry_after_s = self.retry_after_s
        return out

    @classmethod
    def of(cls, violations: list[FieldViolation]) -> InvalidArgument:
        """One error for several violations; the message lists the first ``MESSAGE_VIOLATIONS`` of them
        (all of them stay in ``violations``; the gRPC mapping bounds what is sent)."""
        shown = "; ".join(f"{v.field}: {v.description}" for v in violations[:MESSAGE_VIOLATIONS])
        if len(violations) > MESSAGE_VIOLATIONS:
            shown += f"; … and {len(violations) - MESSAGE_VIOLATIONS} more"
        return cls(shown, violations)


class NotFound(RondoError):
    code = "NOT_FOUND"
    default_reason = "NOT_FOUND"


class FailedPrecondition(RondoError):
    code = "FAILED_PRECONDITION"
    default_reason = "FAILED_PRECONDITION"


class Aborted(RondoError):
    """A lost race: retrying (after a reload) can succeed."""

    code = "ABORTED"
    default_reason = "ABORTED"


class ResourceExhausted(RondoError):
    code = "RESOURCE_EXHAUSTED"
    default_reason = "RESOURCE_EXHAUSTED"


class PermissionDenied(RondoError):
    code = "PERMISSION_DENIED"
    default_reason = "PERMISSION_DENIED"


class Unauthenticated(RondoError):
    code = "UNAUTHENTICATED"
    default_reason = "UNAUTHENTICATED"


class Unavailable(RondoError):
    """A busy or unreachable service or database: retry later."""

    code = "UNAVAILABLE"
    default_reason = "UNAVAILABLE"

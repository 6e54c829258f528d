"""Errors a person can act on, as plain Python exceptions.

Domain and service code raise these; ``rondo_runtime.grpc_errors`` turns them into gRPC status codes
(docs/architecture.md "Error model"): bad input -> INVALID_ARGUMENT with ``google.rpc.BadRequest`` field
violations, unknown ids -> NOT_FOUND, wrong state -> FAILED_PRECONDITION, lost race -> ABORTED,
overload -> RESOURCE_EXHAUSTED, a busy or unreachable database -> UNAVAILABLE (retryable). No gRPC
import here, so pure domain code may raise them. Requests are checked field by field with
``rondo_runtime.validation.Violations``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """One bad field: ``field`` is the request path (``players[3].id``), ``description`` says what to do."""

    field: str
    description: str


class RondoError(Exception):
    """Base of every error that is the caller's doing, not a bug."""

    code = "UNKNOWN"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidArgument(RondoError):
    code = "INVALID_ARGUMENT"

    def __init__(self, message: str, violations: list[FieldViolation] | tuple[FieldViolation, ...] = ()):
        super().__init__(message)
        self.violations = tuple(violations)

    @classmethod
    def single(cls, field: str, description: str) -> InvalidArgument:
        return cls(f"{field}: {description}", [FieldViolation(field, description)])

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


class FailedPrecondition(RondoError):
    code = "FAILED_PRECONDITION"


class Aborted(RondoError):
    code = "ABORTED"


class ResourceExhausted(RondoError):
    code = "RESOURCE_EXHAUSTED"


class PermissionDenied(RondoError):
    code = "PERMISSION_DENIED"


class Unauthenticated(RondoError):
    code = "UNAUTHENTICATED"


class Unavailable(RondoError):
    code = "UNAVAILABLE"

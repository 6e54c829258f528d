"""Errors a person can act on, as plain Python exceptions.

Domain and service code raise these; ``rondo_runtime.grpc_errors`` turns them into gRPC status codes
(DESIGN.md "Contracts"): bad input -> INVALID_ARGUMENT with ``google.rpc.BadRequest`` field
violations, unknown ids -> NOT_FOUND, wrong state -> FAILED_PRECONDITION, lost race -> ABORTED,
overload -> RESOURCE_EXHAUSTED. No gRPC import here, so pure domain code may raise them.
"""
from __future__ import annotations

from dataclasses import dataclass


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
    def single(cls, field: str, description: str) -> "InvalidArgument":
        return cls(f"{field}: {description}", [FieldViolation(field, description)])

    @classmethod
    def of(cls, violations: list[FieldViolation]) -> "InvalidArgument":
        """One error for several violations; the message lists them all."""
        return cls("; ".join(f"{v.field}: {v.description}" for v in violations), violations)


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


class Violations:
    """Collects field violations while validating a request, then raises them together."""

    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, field: str, description: str) -> None:
        self.items.append(FieldViolation(field, description))

    def text(self, field: str, value: str, required: str = "is required", max_length: int = 200) -> str:
        """A person-entered text: spaces folded; a violation when empty or longer than ``max_length``."""
        clean = " ".join(value.split())
        if not clean:
            self.add(field, required)
        elif len(clean) > max_length:
            self.add(field, f"at most {max_length} characters, got {len(clean)}")
        return clean

    def unique_ids(
        self,
        field: str,
        ids,
        empty: str = "needs a non-empty id",
        duplicate: str = "{id!r} is listed twice ({field}[{first}] too); list each once",
    ) -> dict[str, int]:
        """A violation at ``field[i]`` for every empty or repeated id; returns id -> first index.
        ``duplicate`` may use ``{id}``, ``{field}`` and ``{first}``."""
        seen: dict[str, int] = {}
        for i, value in enumerate(ids):
            if not isinstance(value, str) or not value.strip():
                self.add(f"{field}[{i}]", empty)
            elif value in seen:
                self.add(f"{field}[{i}]", duplicate.format(id=value, field=field, first=seen[value]))
            else:
                seen[value] = i
        return seen

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidArgument.of(self.items)

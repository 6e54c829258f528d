"""Field masks of the public API's Update methods (AIP-134) and the field paths of errors (AIP-193).
Pure: the mask's paths and the request's set fields come in as names.

* an Update names what it changes in ``update_mask``; ``*`` is every field it may change; an empty mask
  is every field the request's resource sets (AIP-134's implied mask);
* a path that is not a field of the resource, or that cannot be changed, is INVALID_ARGUMENT on
  ``update_mask`` naming it;
* a downstream service names the fields of its own flat request ("name"); when the public request holds
  them in a resource ("club.name"), the gateway answers with the public path.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from rondo_runtime.errors import InvalidArgument

EVERY_FIELD = "*"


def fields_to_update(
    paths: Iterable[str],
    updatable: Collection[str],
    populated: Collection[str],
    fixed: Mapping[str, str] | None = None,
    field: str = "update_mask",
) -> list[str]:
    """The fields to change, in ``updatable``'s order. ``paths``: the mask's; ``populated``: the fields the
    request's resource sets (the implied mask when ``paths`` is empty); ``fixed``: fields of the resource
    that exist but cannot be changed, with why (kept out of an implied mask, refused in an explicit one)."""
    fixed = fixed or {}
    asked = [p.strip() for p in paths]
    if not asked:
        return [f for f in updatable if f in populated]
    if EVERY_FIELD in asked:
        if asked != [EVERY_FIELD]:
            raise InvalidArgument.single(field, f"{EVERY_FIELD!r} (every field) stands alone in a mask")
        return list(updatable)
    problems = []
    for path in dict.fromkeys(asked):
        if path in fixed:
            problems.append(f"{path!r} cannot be changed: {fixed[path]}")
        elif path not in updatable:
            problems.append(f"{path!r} is not a field this method changes; it changes {', '.join(updatable)}")
    if problems:
        raise InvalidArgument.single(field, "; ".join(problems))
    return [f for f in updatable if f in asked]


def nested_paths(error: InvalidArgument, paths: Mapping[str, str]) -> InvalidArgument:
    """``error`` with each violation of a field of ``paths`` (or below it: ``opening_hours.windows[0]``)
    renamed to that field's path in the public request (``club.opening_hours.windows[0]``)."""

    def renamed(path: str) -> str:
        head = path.split(".", 1)[0].split("[", 1)[0]
        return paths[head] + path[len(head) :] if head in paths else path

    return error.with_fields(renamed)

"""Reading a submitted form: every field a bounded string (a longer one is cut, never stored whole)."""

from __future__ import annotations

from starlette.datastructures import FormData
from starlette.requests import Request

MAX_FIELDS = 2000
MAX_FIELD_CHARS = 1000


async def read_form(request: Request) -> FormData:
    return await request.form(max_files=0, max_fields=MAX_FIELDS)


def text(form: FormData, name: str, max_chars: int = 200) -> str:
    value = form.get(name)
    return value[:max_chars] if isinstance(value, str) else ""


def texts(form: FormData, name: str, max_chars: int = 200, max_items: int = MAX_FIELDS) -> list[str]:
    return [v[:max_chars] for v in form.getlist(name)[:max_items] if isinstance(v, str)]

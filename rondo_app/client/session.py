"""One gateway conversation of one ``rondo`` client command: the connection options every command
shares, the token it sends, the answer printed as a table or as JSON, and gRPC errors as one line.

Every client command takes ``--address`` (env ``RONDO_GATEWAY``), ``--token`` (env ``RONDO_TOKEN``)
and ``--json``; without a token it sends the one ``rondo login`` stored for that address. A command's
body runs inside :func:`session`, which turns a refused call into ``error: <CODE>: <details>`` (and
the field violations) with exit code 1, and a malformed argument into exit code 2 — so no command
repeats that handling.
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar

import grpc
import typer
from google.protobuf import json_format
from google.protobuf.message import Message
from rich.console import Console

from rondo.gateway.v1 import gateway_pb2_grpc
from rondo_app.client import hints
from rondo_app.client.credentials import stored_token
from rondo_app.client.parse import BadArgument
from rondo_runtime.bearer import with_bearer
from rondo_runtime.grpc_errors import SERVER_UNAVAILABLE_MESSAGES, error_details

DEFAULT_ADDRESS = "127.0.0.1:50051"
TIMEOUT_SECONDS = 30.0

Address = Annotated[
    str, typer.Option("--address", envvar="RONDO_GATEWAY", help="The gateway, HOST:PORT.", rich_help_panel="Connection")
]
Token = Annotated[
    str,
    typer.Option(
        "--token",
        envvar="RONDO_TOKEN",
        help="Bearer token (default: the one `rondo login` stored for the address).",
        show_default=False,
        rich_help_panel="Connection",
    ),
]
IdempotencyKey = Annotated[
    str, typer.Option("--idempotency-key", help="A retry with the same key answers what the first call answered.")
]
Json = Annotated[bool, typer.Option("--json", help="Print the answer as JSON, every field (for scripts).")]

M = TypeVar("M", bound=Message)


def console(stderr: bool = False) -> Console:
    """A console on stdout (or stderr) of the moment: wide enough for the tables when it is not a
    terminal (a pipe, a test), where rich would otherwise wrap at 80 columns."""
    stream = sys.stderr if stderr else sys.stdout
    return Console(file=stream, width=None if stream.isatty() else 160, highlight=False)


def as_dict(message: Message) -> dict[str, Any]:
    """The answer as scripts read it: proto field names, and every field even when it is zero or empty
    (a draw with ``sum_repeat_pairs`` 0 still says so)."""
    return json_format.MessageToDict(message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)


def print_json(message: Message | dict[str, Any]) -> None:
    data = as_dict(message) if isinstance(message, Message) else message
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


class Session:
    def __init__(self, address: str, token: str, as_json: bool):
        self.address = address
        self.as_json = as_json
        self.token = token or stored_token(address)
        self.raw_channel = grpc.insecure_channel(address)
        channel = with_bearer(self.raw_channel, self.token) if self.token else self.raw_channel
        self.stub = gateway_pb2_grpc.GatewayServiceStub(channel)
        self.out = console()

    def call(self, rpc: str, request: Message, timeout: float = TIMEOUT_SECONDS) -> Any:
        return getattr(self.stub, rpc)(request, timeout=timeout)

    def all_pages(self, rpc: str, request: Message, field: str) -> Any:
        """Every page of a List call merged into one answer (``next_page_token`` empty), so a table and
        ``--json`` show the whole list, whatever the page size."""
        first = self.call(rpc, request)
        token = first.next_page_token
        while token:
            page_request = type(request)()
            page_request.CopyFrom(request)
            page_request.page_token = token
            page = self.call(rpc, page_request)
            getattr(first, field).extend(getattr(page, field))
            token = page.next_page_token
        first.next_page_token = ""
        return first

    def show(self, message: M, render: Callable[[Console, M], None]) -> None:
        """``--json``: the answer itself; otherwise ``render``'s tables."""
        if self.as_json:
            print_json(message)
        else:
            render(self.out, message)

    def close(self) -> None:
        self.raw_channel.close()


def user_locale(environ: Mapping[str, str] | None = None) -> str:
    """``ru`` or ``en``: ``RONDO_LANG`` when set, else ``LC_ALL`` / ``LANG`` (``ru_RU.UTF-8`` -> ``ru``);
    English for anything else."""
    env = os.environ if environ is None else environ
    for name in ("RONDO_LANG", "LC_ALL", "LANG"):
        value = (env.get(name) or "").strip().lower()
        if value:
            return "ru" if value.startswith("ru") else "en"
    return "en"


_RETRY_IN = {"en": "retry in {seconds} s", "ru": "повторите через {seconds} с"}
_HINT_LOGIN = {
    "en": "hint: run `rondo login NAME` (or pass --token / RONDO_TOKEN)",
    "ru": "подсказка: выполните `rondo login ИМЯ` (или передайте --token / RONDO_TOKEN)",
}


def error_lines(error: grpc.RpcError, address: str, login_hint: bool = True, locale: str | None = None) -> list[str]:
    """What a refused call prints on stderr: the code and the message in the user's locale
    (:func:`user_locale`; the status's ``LocalizedMessage``, else its details), each field violation,
    "retry in N s" when the status carries ``RetryInfo``, and a hint for the two failures an organizer
    fixes at the keyboard (no token, no gateway)."""
    locale = locale or user_locale()
    code_of = getattr(error, "code", None)
    code = code_of() if callable(code_of) else grpc.StatusCode.UNKNOWN
    details_of = getattr(error, "details", None)
    details = (details_of() if callable(details_of) else "") or ""
    if code == grpc.StatusCode.UNAVAILABLE and details not in SERVER_UNAVAILABLE_MESSAGES and not _from_server(error):
        lines = [f"error: UNAVAILABLE: the gateway at {address} did not answer ({details})"]
        lines.append("is it running (`rondo up`)? The address comes from --address or RONDO_GATEWAY.")
        return lines
    machine = error_details(error)
    text = machine.texts.get(locale) or details
    lines = [f"error: {code.name}: {text}"]
    if locale == "en":  # the Russian message already says what the violations say
        for field, description in machine.violations:
            violation = f"{field}: {description}" if field else description
            if violation != details:  # a single violation is often the message itself
                lines.append(f"  {violation}")
    if machine.retry_after_s is not None:
        lines.append(_RETRY_IN.get(locale, _RETRY_IN["en"]).format(seconds=max(1, math.ceil(machine.retry_after_s))))
    if code == grpc.StatusCode.UNAUTHENTICATED and login_hint:
        lines.append(_HINT_LOGIN.get(locale, _HINT_LOGIN["en"]))
    return lines


def _from_server(error: grpc.RpcError) -> bool:
    """The status was made by a Rondo server (it carries an ErrorInfo of domain ``rondo``), not by the
    client's channel failing to reach one."""
    return error_details(error).domain == "rondo"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Prints ``error: message`` on stderr; the caller raises the answer (exit code 2: bad input)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


@contextmanager
def session(address: str, token: str, as_json: bool, login_hint: bool = True) -> Iterator[Session]:
    """A command's conversation with the gateway (see the module doc for what it handles);
    ``login_hint`` False for ``rondo login`` itself, where UNAUTHENTICATED is a wrong password."""
    current = Session(address, token, as_json)
    try:
        yield current
    except grpc.RpcError as error:
        for line in hints.explain(error_lines(error, address, login_hint), current, error):
            typer.echo(line, err=True)
        raise typer.Exit(1) from None
    except BadArgument as error:
        raise fail(str(error)) from None
    finally:
        current.close()

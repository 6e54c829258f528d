"""Hostile tokens and logins against a real gateway on 127.0.0.1: a token signed with another key,
``alg: none``, another algorithm, a forged payload, an expired or over-long token, garbage in the
``authorization`` metadata — each UNAUTHENTICATED with a small message that never echoes it; failed
logins over gRPC slowed, counted one by one, saying when to retry."""

from __future__ import annotations

import base64
import json
import time

import grpc
import jwt
import pytest

from gateway.tokens import TokenCodec
from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
from tests.faults.conftest import InProcessServer
from tests.waiting import answered, refused_with

pytestmark = pytest.mark.faults

SECRET = "faults-tier-signing-key-of-at-least-32-bytes"
TIMEOUT = 30


@pytest.fixture(scope="module")
def gateway(tmp_path_factory):
    """The gateway alone (no downstream needed for identity), signing with a key the test knows."""
    server = InProcessServer(["gateway"], tmp_path_factory.mktemp("tokens"), token_secret=SECRET)
    yield server
    server.close()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _who(server: InProcessServer, metadata) -> grpc.RpcError | identity_pb2.Account:
    stub = gateway_pb2_grpc.GatewayServiceStub(server.raw_channel)
    try:
        return stub.WhoAmI(identity_pb2.WhoAmIRequest(), metadata=metadata, timeout=TIMEOUT)
    except grpc.RpcError as error:
        return error


def _organizer_claims(server: InProcessServer) -> dict[str, object]:
    """Well-formed claims of the server's organizer (what a genuine token of it says)."""
    assert server.accounts is not None
    who = server.accounts.organizer.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT)
    now = int(time.time())
    return {"sub": who.id, "role": "organizer", "jti": "forged-1", "iat": now, "exp": now + 3600, "ver": 1, "kind": "login"}


@pytest.mark.rule("access.login.signed-expiring-tokens")
@pytest.mark.filterwarnings("ignore:The HMAC key")  # the HS512 forgery's own short key
def test_forged_and_broken_tokens_are_unauthenticated_with_a_small_message(gateway):
    genuine = gateway.accounts.organizer_token
    assert isinstance(_who(gateway, (("authorization", f"Bearer {genuine}"),)), identity_pb2.Account)
    claims = _organizer_claims(gateway)
    header, payload, signature = genuine.split(".")
    tampered_payload = _b64(
        json.dumps({**json.loads(base64.urlsafe_b64decode(payload + "==")), "role": "organizer", "sub": "x"}).encode()
    )
    forged = {
        "another key": jwt.encode(claims, "some-other-key-that-is-32-bytes-long!!", algorithm="HS256"),
        "alg none": _b64(b'{"alg":"none","typ":"JWT"}') + "." + _b64(json.dumps(claims).encode()) + ".",
        "alg HS512": jwt.encode(claims, SECRET, algorithm="HS512"),
        "tampered payload": f"{header}.{tampered_payload}.{signature}",
        "expired": jwt.encode({**claims, "iat": int(time.time()) - 100, "exp": int(time.time()) - 10}, SECRET, algorithm="HS256"),
        "missing claims": jwt.encode({"sub": claims["sub"], "exp": claims["exp"]}, SECRET, algorithm="HS256"),
        "stale version": jwt.encode({**claims, "ver": 0}, SECRET, algorithm="HS256"),
        "unknown account": jwt.encode({**claims, "sub": "nobody"}, SECRET, algorithm="HS256"),
        "huge": "a" * 4000,
        "not a jwt": "not.a.jwt",
        "one part": "abcdef",
        "bad base64": "!!!.###.$$$",
    }
    assert TokenCodec(SECRET).decode(jwt.encode(claims, SECRET, algorithm="HS256")).sub == claims["sub"]  # the shape is right
    for what, token in forged.items():
        got = _who(gateway, (("authorization", f"Bearer {token}"),))
        assert isinstance(got, grpc.RpcError), what
        assert got.code() == grpc.StatusCode.UNAUTHENTICATED, (what, got.code(), got.details())
        details = got.details() or ""
        assert len(details) <= 120 and token[:20] not in details and "Traceback" not in details, (what, details)


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_garbage_authorization_metadata_is_unauthenticated(gateway):
    for value in ("", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer", "Token abc", "Bearer a b c", "x" * 3000):
        got = _who(gateway, (("authorization", value),))
        assert isinstance(got, grpc.RpcError) and got.code() == grpc.StatusCode.UNAUTHENTICATED, value
        assert len(got.details() or "") <= 120
    got = _who(gateway, (("x-rondo-caller", "organizer"),))  # what a client says about itself is nobody
    assert isinstance(got, grpc.RpcError) and got.code() == grpc.StatusCode.UNAUTHENTICATED
    two = (("authorization", "Bearer forged"), ("authorization", f"Bearer {gateway.accounts.organizer_token}"))
    got = _who(gateway, two)  # the first authorization entry counts
    assert isinstance(got, grpc.RpcError) and got.code() == grpc.StatusCode.UNAUTHENTICATED


@pytest.mark.rule("access.login.failures-throttled")
def test_parallel_wrong_logins_over_grpc_are_counted_one_by_one_and_the_owner_still_logs_in(gateway):
    """Real concurrent clients: 8 simultaneous wrong guesses get at most the free failures verified (one
    more if a guess arrives after the first delay passed), the rest RESOURCE_EXHAUSTED saying when to
    retry; the owner, from the same address, logs in once the delay is over — never locked out."""
    import concurrent.futures

    stub = gateway_pb2_grpc.GatewayServiceStub(gateway.raw_channel)
    made = gateway.accounts.organizer.CreateAccount(
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Throttled", role=identity_pb2.ROLE_PLAYER)),
        timeout=TIMEOUT,
    )

    def guess(_: int) -> grpc.RpcError:
        with pytest.raises(grpc.RpcError) as wrong:
            stub.Login(identity_pb2.LoginRequest(name="Throttled", password="wrong"), timeout=TIMEOUT)
        return wrong.value

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        errors = list(pool.map(guess, range(8)))
    codes = [e.code() for e in errors]
    verified = codes.count(grpc.StatusCode.UNAUTHENTICATED)
    print(f"\n8 parallel wrong guesses: {verified} verified, {codes.count(grpc.StatusCode.RESOURCE_EXHAUSTED)} refused")
    assert set(codes) <= {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.RESOURCE_EXHAUSTED}
    assert 1 <= verified <= 4  # 3 free failures (+1 at most if one came after the first 1 s delay)
    refused = [e.details() or "" for e in errors if e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED]
    assert all("retry after" in d for d in refused)
    # the owner retries while the delay lasts (RESOURCE_EXHAUSTED, "retry after"): never locked out
    owner = answered(
        lambda: stub.Login(identity_pb2.LoginRequest(name="Throttled", password=made.password), timeout=TIMEOUT),
        refused_with(grpc.StatusCode.RESOURCE_EXHAUSTED),
        "the owner's login after the delay",
        30,
    )
    assert owner.token
    with pytest.raises(grpc.RpcError) as huge:  # bounded before any hashing
        stub.Login(identity_pb2.LoginRequest(name="Throttled", password="p" * 100_000), timeout=TIMEOUT)
    assert huge.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert stub.Login(
        identity_pb2.LoginRequest(name=gateway.accounts.organizer_name, password=gateway.accounts.organizer_password),
        timeout=TIMEOUT,
    ).token  # another name from the same address still logs in

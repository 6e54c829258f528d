"""Signed tokens: JSON Web Tokens (``pyjwt``), HS256 only (docs/architecture.md "Identity and roles").

:class:`TokenCodec` signs the claims of ``gateway.domain.identity.TokenClaims`` and verifies a token
in-process: the signature with the one key, the algorithm pinned to HS256 (a token saying
``alg: none`` or another algorithm is refused, whatever it carries), the size bounded before any
parsing, and every claim checked by ``parse_claims``. Every defect is UNAUTHENTICATED with one small
message that never echoes the token.
"""

from __future__ import annotations

import jwt

from gateway.domain.identity import BAD_TOKEN_MESSAGE, TokenClaims, parse_claims
from rondo_runtime.errors import Unauthenticated

ALGORITHM = "HS256"
MAX_TOKEN_LENGTH = 2048  # characters: a Rondo token is about 300; anything far longer is refused unread
_REQUIRED = ["sub", "role", "jti", "iat", "exp", "ver", "kind"]


class TokenCodec:
    def __init__(self, secret: str):
        if len(secret.encode()) < 32:
            raise ValueError("the token signing key must be at least 32 bytes")
        self._key = secret.encode()

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}(<{len(self._key)}-byte key>)"

    def encode(self, claims: TokenClaims) -> str:
        return jwt.encode(claims.as_dict(), self._key, algorithm=ALGORITHM)

    def decode(self, token: str) -> TokenClaims:
        """The claims of a token this gateway signed; expiry is checked by the caller against the
        injected clock (``check_claims``), not here against the wall clock."""
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID")
        try:
            payload = jwt.decode(
                token,
                self._key,
                algorithms=[ALGORITHM],
                options={"require": _REQUIRED, "verify_exp": False, "verify_iat": False, "verify_nbf": False},
            )
        except jwt.PyJWTError:
            raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID") from None
        return parse_claims(payload)

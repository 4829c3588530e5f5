"""A network game's secret, and the proofs that show it without sending it.

Each network game gets a secret when it starts: 128 random bits from the ``secrets`` module, sent
once (in the host's offer of the new game) and kept in both sides' saves. Going back into the
game later, neither side sends the secret again: each proves it knows it with an HMAC-SHA256 over
the game's id and both sides' fresh nonces (random per connection), so a proof seen on the network
is worthless on any other connection. The secret is never shown or written to a log: the values
that carry it leave it out of their repr.

No pygame and no sockets here.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Literal

from game.domain.saved import SECRET_BYTES, SECRET_TEXT

NONCE_BYTES = 16
#: A connection's nonce and a proof, as lowercase hex (a game's secret: game.domain.saved).
NONCE_TEXT = re.compile(rf"[0-9a-f]{{{2 * NONCE_BYTES}}}")
PROOF_TEXT = re.compile(rf"[0-9a-f]{{{2 * hashlib.sha256().digest_size}}}")

Role = Literal["host", "guest"]


def new_secret() -> str:
    return secrets.token_hex(SECRET_BYTES)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def proof(secret: str, role: Role, game_id: str, their_nonce: str, own_nonce: str) -> str:
    """What the side playing ``role`` sends to show it knows ``secret``: bound to the game, to
    the role (a proof cannot be sent back as the other side's) and to both nonces of this connection."""
    message = f"connect4 {role} {game_id} {their_nonce} {own_nonce}".encode()
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()


def proves(sent: str | None, secret: str, role: Role, game_id: str, their_nonce: str, own_nonce: str) -> bool:
    """Whether ``sent`` is the proof the ``role`` side of this connection owes (compared in constant time)."""
    if not sent or not SECRET_TEXT.fullmatch(secret):
        return False
    return hmac.compare_digest(sent, proof(secret, role, game_id, their_nonce, own_nonce))

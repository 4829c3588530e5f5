"""Who sits down at a host's game, and which offer a joining side takes: the seat and resume policy.

A session starts with the host's ``hello`` (its nonce), the joining side's ``hello`` (its nonce and,
going back into a game, the game's id, moves, colour and a proof of the game's secret), the host's
``offer`` and the joining side's ``accept``. Both sides decide here, without sockets and without
changing anything: the host's :func:`seat` says what to offer (or raises :class:`Turned` with the
reason sent back), the joining side's :func:`take_offer` says which game to play (or raises
``Violation``). A game changes only once the offer is accepted.

The rules (docs/network.md, "Who may sit down"):

- A new player (no game id) gets a new game with a new id and secret, unless the host has a game
  in progress, which waits for the player it was with.
- A returning player gets its seat back only in a game the host has itself (the same id), only by
  proving it knows the game's secret, and only at the colour it played; the host proves the secret
  back in its offer, so a stand-in for the host cannot hand a joining side a game either.
- Going back in, the two move lists may differ by one move only, the sender's own move on its own
  turn (``Match.resume_with``): neither side can place the other's disc.
- A resigned game is over: going back into it offers the game as it ended, with its resignation,
  for review or a rematch, never a move more. A side may bring word only of its own resignation
  (lost with the connection); one that forgets a resignation the other side holds gets the
  finished game all the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.echo import plain_text
from game.i18n import N_, _
from game.domain.names import MAX_NAME_CHARS, clean_player_name
from game.net.connection import Closed, Connection, their_words
from game.net.events import Columns
from game.net.match import Match, Violation, colour_name, new_match, player_of
from game.net.protocol import Accept, Bye, Hello, MAX_REASON_CHARS, Message, Offer, PROTOCOL_VERSION, a_kind
from game.net.secret import new_nonce, proof, proves

# The reasons a host turns a player away. They go on the wire in English (the protocol's words);
# each is marked, so the side that receives one shows it in its own language (their_words).
IN_PROGRESS = N_("game in progress: this host is already playing someone")
NOT_HERE = N_("a different game: this host does not have the game you are going back into "
              "(join without it for a new game)")
NO_PROOF = N_("a different game: your proof of the game's secret does not match")
OTHER_COLOUR = N_("a different game: you played the other colour in it")
BOARDS_DIFFER = N_("a different game: the two boards do not match "
                   "(going back in may add only the sender's own last move)")
NOT_RESIGNED = N_("a different game: you say the host resigned it, and the host did not")
LATE = N_("too late: this host's game changed after its offer (a player sat down or a move was played); "
          "join again")


def waiting_for(opponent: str) -> str:
    return f"game in progress: this host is waiting for {opponent} to come back"


class Turned(Exception):
    """The host does not seat the player who said hello; the text is the reason it is sent."""


class OtherVersion(Exception):
    """The other side speaks another protocol version: the text is the reason sent to it,
    ``told`` the line for this side's player."""

    def __init__(self, reason: str, told: str) -> None:
        super().__init__(reason)
        self.told = told


def shown_name(name: str) -> str:
    """A peer's name (it passed the name rule) in its clean form: NFC, one space between words."""
    return clean_player_name(name, MAX_NAME_CHARS)


def _refused(bye: Bye) -> Closed:
    said = plain_text(bye.reason, MAX_REASON_CHARS)
    return Closed(_("refused: {reason}").format(reason=their_words(said)) if said else _("refused: no reason given"))


def _hello(message: Message, version: str) -> Hello:
    """The other side's first message, a hello of this protocol version."""
    if isinstance(message, Bye):
        raise _refused(message)
    if not isinstance(message, Hello):
        raise Violation(f"{a_kind(message.kind)} where a hello was due")
    if message.protocol != PROTOCOL_VERSION:
        reason = (f"protocol version {message.protocol} cannot play protocol version {PROTOCOL_VERSION} "
                  f"(game {message.version} and {version}): both players need the same version")
        told = _("{name} runs another version of the game: protocol version {theirs} cannot play protocol "
                 "version {ours} (game {their_game} and {our_game}): both players need the same version").format(
            name=shown_name(message.name), theirs=message.protocol, ours=PROTOCOL_VERSION,
            their_game=message.version, our_game=version)
        raise OtherVersion(reason, told)
    return message


async def host_side(conn: Connection, name: str, version: str, timeout: float,
                    decide: Callable[[Hello, str], Seating]) -> Seating:
    """The host's handshake: hello, ``decide`` (see :func:`seat`), offer, accept. The seating
    once the player has accepted; nothing is changed here. Raises Turned, OtherVersion, Violation
    or Closed."""
    nonce = new_nonce()
    conn.send(Hello(PROTOCOL_VERSION, version, name, nonce))
    hello = _hello(await conn.read(timeout), version)
    conn.name = shown_name(hello.name)
    seating = decide(hello, nonce)
    conn.send(seating.offer)
    accept = await conn.read(timeout)
    if not isinstance(accept, Accept) or accept.game != seating.offer.game:
        raise Violation(f"{a_kind(accept.kind)} where the game's accept was due")
    return seating


async def join_side(conn: Connection, current: Match | None, name: str, version: str, timeout: float) -> Match:
    """The joining side's handshake: the host's hello (its nonce) first, then this side's hello,
    the host's offer, the accept. The game to play (see :func:`take_offer`); raises OtherVersion,
    Violation or Closed, and ``current`` is then as it was."""
    hello = _hello(await conn.read(timeout), version)
    if hello.game is not None:
        raise Violation("a host's hello naming a game (only a joining side names the game it goes back into)")
    conn.name = shown_name(hello.name)
    nonce = new_nonce()
    conn.send(join_hello(current, name, version, hello.nonce, nonce))
    offer = await conn.read(timeout)
    if isinstance(offer, Bye):
        raise _refused(offer)
    if not isinstance(offer, Offer):
        raise Violation(f"{a_kind(offer.kind)} where the game's offer was due")
    match = take_offer(current, offer, nonce, hello.nonce)
    conn.send(Accept(offer.game))
    return match


@dataclass(frozen=True, slots=True)
class Seating:
    """What the host offers: ``match`` (the host's own, unchanged until the accept, or a new one)
    goes on from ``moves`` once the player accepts ``offer``; ``resumed``: the player came back.
    ``basis`` is the host's game the offer was made for, as it was then (see :meth:`stands`)."""

    match: Match
    moves: Columns
    offer: Offer
    resumed: bool
    basis: tuple[Match | None, Columns, int | None]
    resigned: int | None = None

    def stands(self, current: Match | None) -> bool:
        """Whether the offer still holds for the host's game ``current``: an offer is good only for
        the game state it was made for, so an accept after another player sat down, after a move,
        an undo, a resignation or a rematch is refused."""
        was, moves, resigned = self.basis
        return current is was and _basis(current)[1:] == (moves, resigned)

    def take(self) -> Match:
        """The match as it goes on, once the offer is accepted."""
        self.match.adopt(self.moves, self.resigned)
        return self.match


def _basis(current: Match | None) -> tuple[Match | None, Columns, int | None]:
    return (current, (), None) if current is None else (current, current.columns(), current.resigned)


def seat(current: Match | None, hello: Hello, own_nonce: str, colour: int | None, opponent: str) -> Seating:
    """The host's decision on ``hello``, given its game ``current`` (None: none yet), the colour
    its player chose for a new game (None: random) and the name of the player ``current`` is with."""
    if hello.game is None:
        if current is not None and current.moves and not current.over:
            raise Turned(waiting_for(opponent))
        match = new_match(colour or random.choice((1, 2)))
        return Seating(match, (), Offer(match.game_id, colour_name(match.opponent), (), secret=match.secret), False,
                       _basis(current))
    assert hello.colour is not None
    if current is None or current.game_id != hello.game:
        raise Turned(NOT_HERE)
    if not proves(hello.proof, current.secret, "guest", current.game_id, own_nonce, hello.nonce):
        raise Turned(NO_PROOF)
    if player_of(hello.colour) != current.opponent:
        raise Turned(OTHER_COLOUR)
    resigned = _resignation(current, hello)
    moves = current.resume_with(hello.moves)
    if moves is None:
        raise Turned(BOARDS_DIFFER)
    shown = proof(current.secret, "host", current.game_id, hello.nonce, own_nonce)
    offer = Offer(current.game_id, hello.colour, moves, proof=shown,
                  resigned=None if resigned is None else colour_name(resigned))
    return Seating(current, moves, offer, True, _basis(current), resigned)


def _resignation(current: Match, hello: Hello) -> int | None:
    """Who resigned the game going on from ``current`` and ``hello``: the host's record stands;
    else the returning player's own resignation, lost with the connection. Turned for a returning
    player that says the host resigned when the host did not."""
    said = None if hello.resigned is None else player_of(hello.resigned)
    if current.resigned is not None or said is None:
        return current.resigned
    if said != current.opponent:
        raise Turned(NOT_RESIGNED)
    return said


def join_hello(current: Match | None, name: str, version: str, host_nonce: str, own_nonce: str) -> Hello:
    """The joining side's hello: a new player's, or (``current``) going back into that game."""
    if current is None:
        return Hello(PROTOCOL_VERSION, version, name, own_nonce)
    shown = proof(current.secret, "guest", current.game_id, host_nonce, own_nonce)
    resigned = None if current.resigned is None else colour_name(current.resigned)
    return Hello(PROTOCOL_VERSION, version, name, own_nonce, current.game_id, current.columns(),
                 colour_name(current.colour), shown, resigned)


def take_offer(current: Match | None, offer: Offer, own_nonce: str, host_nonce: str) -> Match:
    """The game the joining side plays after ``offer``: a new one (``current`` None) or ``current``
    going on; Violation (nothing changed) for an offer it must not take."""
    if current is None:
        if offer.secret is None:
            raise Violation("an offer of a game going on to a player joining a new one")
        if offer.moves:
            raise Violation("an offer of a new game that already has moves")
        return Match(offer.game, player_of(offer.colour), offer.secret)
    if offer.game != current.game_id:
        raise Violation("an offer of a different game than the one being resumed")
    if not proves(offer.proof, current.secret, "host", current.game_id, own_nonce, host_nonce):
        raise Violation("an offer without proof of the game's secret")
    if player_of(offer.colour) != current.colour:
        raise Violation("an offer of the other colour in the game being resumed")
    resigned = None if offer.resigned is None else player_of(offer.resigned)
    if current.resigned is not None and resigned != current.resigned:
        raise Violation("an offer that leaves out the game's resignation")
    if resigned == current.colour and current.resigned is None:
        raise Violation("an offer saying this side resigned, which it did not")
    agreed = current.resume_with(offer.moves)
    # A resigned game ended where the host has it; otherwise the host may add only its own disc.
    if agreed is None or (resigned is None and agreed != offer.moves):
        raise Violation("an offer whose moves add a disc that is not the host's own")
    current.adopt(offer.moves, resigned)
    return current

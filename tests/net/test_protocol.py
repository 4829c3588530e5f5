"""The protocol's messages: every kind round-trips; anything else is a ProtocolError, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.echo import plain_text
from game.domain.address import parse_address, show_address
from game.net.protocol import (Accept, Bye, Chat, Hello, MAX_LINE_BYTES, PROTOCOL_VERSION, Move, Offer, Ping, ProtocolError, Rematch, Resign, Undo, UndoAnswer, a_kind, decode, encode)

NONCE, PROOF, SECRET = "ab" * 16, "cd" * 32, "ef" * 16
EXAMPLES = [Hello(PROTOCOL_VERSION, "0.1.0", "Ann", NONCE),
            Hello(PROTOCOL_VERSION, "0.1.0", "Zoë Ü", NONCE, "0123456789abcdef", (3, 3, 4, 2), "yellow", PROOF),
            Hello(PROTOCOL_VERSION, "0.1.0", "Ann", NONCE, "0123456789abcdef", (3,), "yellow", PROOF, "yellow"),
            Offer("0123456789abcdef", "yellow", (3, 3), proof=PROOF), Offer("0123456789abcdef", "red", secret=SECRET),
            Offer("0123456789abcdef", "yellow", (3,), proof=PROOF, resigned="yellow"),
            Accept("0123456789abcdef"), Move(6, 42), Undo(0),
            UndoAnswer(False), Rematch(), Chat("good game"), Resign(), Bye("closed"), Ping()]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: m.kind)
def test_every_message_round_trips_as_one_ascii_line(message):
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert decode(line) == message


@pytest.mark.parametrize("column", range(7))
def test_a_move_is_a_0_based_column_inside_and_1_to_7_on_the_wire(column):
    line = encode(Move(column, 1))
    assert json.loads(line)["column"] == column + 1       # the protocol's digits, as of the move strings
    assert decode(line) == Move(column, 1)


def test_a_game_is_0_based_columns_inside_and_a_move_string_on_the_wire():
    hello = Hello(PROTOCOL_VERSION, "0.1.0", "Ann", NONCE, "0123456789abcdef", (3, 3, 4, 2), "red", PROOF)
    assert json.loads(encode(hello))["moves"] == "4453"
    assert json.loads(encode(Offer("0123456789abcdef", "red", (), secret=SECRET)))["moves"] == ""
    assert decode(encode(hello)).moves == (3, 3, 4, 2)


def test_a_move_column_off_the_board_is_refused_at_the_edge():
    for wire in (0, 8):
        with pytest.raises(ProtocolError, match="a column that is not a whole number from 1 to 7"):
            decode(json.dumps({"type": "move", "column": wire, "number": 1}).encode())


@pytest.mark.parametrize("data, reason", [
    ({"type": "move", "column": 0, "number": 1}, "column"),
    ({"type": "move", "column": 1.0, "number": 1}, "column"),
    ({"type": "move", "column": 1, "number": 43}, "move number"),
    ({"type": "undo", "back_to": 42}, "an undo point that is not a whole number from 0 to 41"),
    ({"type": "undo", "back_to": -1}, "an undo point"),
    ({"type": "move", "column": 1, "number": 1, "extra": 1}, "unknown field"),
    ({"type": "undo_answer", "accept": 1}, "neither true nor false"),
    ({"type": "chat", "text": "x" * 81}, "at most 80"),
    ({"type": "chat", "text": ["list"]}, "chat line"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1; rm -rf /", "name": "Ann", "nonce": NONCE}, "game version"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "x" * 31, "nonce": NONCE}, "name rule"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "human", "nonce": NONCE}, "name rule"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE, "moves": "48"}, "move list"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": "x" * 32}, "nonce"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann"}, "without its fields"),
    ({"type": "offer", "game": "0123456789ABCDEF", "colour": "red", "secret": SECRET}, "game id"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "red"}, "neither or both"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "red", "secret": SECRET, "proof": PROOF},
     "neither or both"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "red", "secret": "../etc/passwd"}, "game secret"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE, "game": "0123456789abcdef"},
     "go together"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE, "colour": "red"}, "go together"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE, "game": "0123456789abcdef",
      "colour": "red"}, "go together"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE, "game": "0123456789abcdef",
      "colour": "blue", "proof": PROOF}, "go together"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE,
      "resigned": "red"}, "a resignation but no game"),
    ({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Ann", "nonce": NONCE,
      "game": "0123456789abcdef", "colour": "red", "proof": PROOF, "resigned": ["red"]}, "a resignation"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "red", "secret": SECRET, "resigned": "red"},
     "a resignation but no game gone back into"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "red", "proof": PROOF, "resigned": "blue"},
     "a resignation"),
    ({"type": 5}, "unknown message type"),
])
def test_bad_fields_are_refused_with_a_reason(data, reason):
    with pytest.raises(ProtocolError, match=reason):
        decode(json.dumps(data).encode())


def test_an_undo_point_is_read_up_to_the_last_move_before_a_full_board():
    assert decode(b'{"type": "undo", "back_to": 41}') == Undo(41)
    assert decode(b'{"type": "undo", "back_to": 0}') == Undo(0)


def test_a_line_over_the_limit_is_refused_before_parsing():
    with pytest.raises(ProtocolError, match="longer than"):
        decode(b'{"type": "ping"}' + b" " * MAX_LINE_BYTES)


def test_a_line_of_exactly_the_limit_with_its_newline_is_read_and_one_byte_more_is_not():
    ping = b'{"type": "ping"}'
    exact = ping + b" " * (MAX_LINE_BYTES - len(ping) - 1) + b"\n"
    assert len(exact) == MAX_LINE_BYTES and decode(exact) == Ping()
    with pytest.raises(ProtocolError, match="longer than"):
        decode(exact[:-1] + b" \n")


@pytest.mark.parametrize("line", [
    b'{"type": "move", "type": "hello", "protocol": %d, "version": "1", "name": "Eve", "nonce": "%s"}'
    % (PROTOCOL_VERSION, NONCE.encode()),
    b'{"type": "move", "column": 4, "column": 5, "number": 1}',
    b'{"type": "chat", "text": "a", "text": "b"}',
])
def test_a_key_given_twice_is_refused(line):
    with pytest.raises(ProtocolError, match="twice"):
        decode(line)


def test_a_hello_of_another_protocol_version_is_read_for_its_version_alone():
    hello = decode(b'{"type": "hello", "protocol": 1, "version": "0.1.0", "name": "Old", "game": null}')
    assert (hello.protocol, hello.version, hello.name) == (1, "0.1.0", "Old")
    future = decode(b'{"type": "hello", "protocol": 4, "version": "9.0", "name": "New", "shape": "hex"}')
    assert future.protocol == 4


@pytest.mark.parametrize("kind, said", [("accept", "an accept"), ("offer", "an offer"), ("undo", "an undo"),
                                        ("undo_answer", "an undo_answer"), ("move", "a move"), ("hello", "a hello")])
def test_message_kinds_take_their_article(kind, said):
    assert a_kind(kind) == said


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_decode_to_a_message_or_a_protocol_error(data):
    try:
        decode(data)
    except ProtocolError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20))
def test_any_json_value_decodes_to_a_message_or_a_protocol_error(value):
    for data in (value, {"type": "move", "column": value, "number": value}, {"type": "hello", "name": value}):
        try:
            decode(json.dumps(data).encode())
        except ProtocolError:
            pass


@pytest.mark.parametrize("text, plain", [
    ("\x1b[2J\x1b[31mRED", "RED"),                         # CSI sequences go whole, not just their ESC
    ("a\x1b]0;pwned\x07b", "ab"),                           # OSC, ended by BEL
    ("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "alink"),    # OSC hyperlink, ended by ST
    ("a\x1bPq#0;2;0;0;0\x1b\\b", "ab"),                     # DCS
    ("a\x9b31mb\x9d0;t\x9cc", "abc"),                        # 8-bit CSI and OSC
    ("a\x1bcb\x1b(0c", "abc"),                               # other escape sequences
    ("a\x00b\x7f\u202eevil\u200b\ufeffc", "abevilc"),          # controls, bidi override, zero width, BOM
    ("line\nbreak\ttab\u2028sep", "line break tab sep"),
    ("a\x1b]never ends", "a"),
    ("  many    spaces ", "many spaces"),
])
def test_plain_text_removes_control_sequences_whole(text, plain):
    assert plain_text(text, 80) == plain


def test_plain_text_limits_length_and_work():
    assert len(plain_text("x" * 500, 80)) == 80
    assert plain_text("\x1b[" + "1;" * 1_000_000 + "mX", 10) == ""     # cut before it is parsed


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20", ("192.168.1.20", 7444)), ("192.168.1.20:9000", ("192.168.1.20", 9000)),
    ("::1", ("::1", 7444)), ("[::1]:9000", ("::1", 9000)), ("my-pc.local", ("my-pc.local", 7444)),
    (" host:1024 ", ("host", 1024)),
])
def test_typed_addresses(text, expected):
    assert parse_address(text, 7444) == expected
    assert parse_address(show_address(*expected), 1) == expected


@pytest.mark.parametrize("text", ["", "host:", "host:80", "host:70000", "host:port", "[::1", "a b", "x" * 300,
                                  "/etc/passwd", "[::1]x", "host:\u00b2", "host:\u0667\u0664\u0664\u0664"])
def test_bad_addresses_say_what_is_wrong(text):
    with pytest.raises(ValueError) as info:
        parse_address(text, 7444)
    assert str(info.value) and "\n" not in str(info.value)
    assert "invalid literal" not in str(info.value)      # the game's own words, not int()'s

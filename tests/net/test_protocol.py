"""The protocol's messages: every kind round-trips; anything else is a ProtocolError, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.domain.address import parse_address, show_address
from game.net.protocol import (Accept, Bye, Chat, Hello, MAX_LINE_BYTES, Move, Offer, Ping, ProtocolError, Rematch, Resign, Undo, UndoAnswer, clean_text, decode, encode)

EXAMPLES = [Hello(1, "0.1.0", "Ann"), Hello(1, "0.1.0", "Zoë Ü", "0123456789abcdef", "4453", "yellow"),
            Offer("0123456789abcdef", "yellow", "44"), Accept("0123456789abcdef"), Move(7, 42), Undo(0),
            UndoAnswer(False), Rematch(), Chat("good game"), Resign(), Bye("closed"), Ping()]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: m.kind)
def test_every_message_round_trips_as_one_ascii_line(message):
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert decode(line) == message


@pytest.mark.parametrize("data, reason", [
    ({"type": "move", "column": 0, "number": 1}, "column"),
    ({"type": "move", "column": 1.0, "number": 1}, "column"),
    ({"type": "move", "column": 1, "number": 43}, "move number"),
    ({"type": "move", "column": 1, "number": 1, "extra": 1}, "unknown field"),
    ({"type": "undo_answer", "accept": 1}, "neither true nor false"),
    ({"type": "chat", "text": "x" * 81}, "at most 80"),
    ({"type": "chat", "text": ["list"]}, "chat line"),
    ({"type": "hello", "protocol": 1, "version": "1; rm -rf /", "name": "Ann"}, "game version"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "x" * 31}, "name rule"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "human"}, "name rule"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "Ann", "moves": "48"}, "move list"),
    ({"type": "offer", "game": "0123456789ABCDEF", "colour": "red"}, "game id"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "Ann", "game": "0123456789abcdef"}, "go together"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "Ann", "colour": "red"}, "go together"),
    ({"type": "hello", "protocol": 1, "version": "1", "name": "Ann", "game": "0123456789abcdef",
      "colour": "blue"}, "go together"),
    ({"type": 5}, "unknown message type"),
])
def test_bad_fields_are_refused_with_a_reason(data, reason):
    with pytest.raises(ProtocolError, match=reason):
        decode(json.dumps(data).encode())


def test_a_line_over_the_limit_is_refused_before_parsing():
    with pytest.raises(ProtocolError, match="longer than"):
        decode(b'{"type": "ping"}' + b" " * MAX_LINE_BYTES)


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


def test_clean_text_removes_control_characters_and_limits_length():
    assert clean_text("a\x00b\x1b[2J\u202e\nc", 80) == "a b [2J c"
    assert len(clean_text("x" * 500, 80)) == 80


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

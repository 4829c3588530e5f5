"""The text input shared by every scene: typing, the caret, the filters, Enter, Esc and the echo."""

from __future__ import annotations

import pygame
import pytest

from game.domain.names import MAX_PLAYER_NAME_CHARS
from game.ui.widgets import (Edit, TextInput, address_chars, chat_chars, name_chars, safe_typed,
                             sync_text_input)


def text(t: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def typed(field: TextInput, *events: pygame.event.Event) -> list[Edit]:
    return [field.handle(event) for event in events]


def test_typing_goes_in_at_the_end_and_enter_keeps_it():
    field = TextInput(chat_chars, 40)
    field.open("gg")
    assert field.active and field.shown() == "gg|"
    assert typed(field, text(" "), text("w"), text("p")) == [Edit.CHANGED] * 3
    assert field.handle(key(pygame.K_RETURN)) is Edit.DONE
    assert not field.active and field.value == "gg wp" and field.shown() == "gg wp"


def test_esc_gives_back_the_text_it_opened_with():
    field = TextInput(name_chars, MAX_PLAYER_NAME_CHARS)
    field.open("Ann")
    typed(field, key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE), text("bc"))
    assert field.value == "Abc"
    assert field.handle(key(pygame.K_ESCAPE)) is Edit.CANCELLED
    assert not field.active and field.value == "Ann"


def test_the_caret_moves_and_edits_in_the_middle():
    field = TextInput(chat_chars, 40)
    field.open("abd")
    typed(field, key(pygame.K_LEFT), text("c"))
    assert field.value == "abcd" and field.shown() == "abc|d"
    typed(field, key(pygame.K_HOME), key(pygame.K_DELETE), key(pygame.K_BACKSPACE))   # Backspace at 0: nothing
    assert field.value == "bcd" and field.caret == 0
    typed(field, key(pygame.K_RIGHT), key(pygame.K_BACKSPACE))
    assert field.value == "cd" and field.caret == 0
    typed(field, key(pygame.K_END), key(pygame.K_DELETE), key(pygame.K_RIGHT), text("!"))  # Delete at the end: nothing
    assert field.value == "cd!" and field.caret == 3


def test_never_longer_than_its_limit_even_typed_in_the_middle():
    field = TextInput(chat_chars, 5)
    field.open("abcdefgh")                     # cut when opened too
    assert field.value == "abcde"
    typed(field, key(pygame.K_BACKSPACE), key(pygame.K_HOME), text("xyz"))
    assert field.value == "xabcd" and field.caret == 1


def test_a_name_takes_the_name_rules_characters_and_single_spaces():
    field = TextInput(name_chars, MAX_PLAYER_NAME_CHARS)
    field.open("")
    for ch in " Zoë  the:[Great]\x07":
        field.handle(text(ch))
    assert field.value == "Zoë theGreat"
    field.handle(text("x" * 40))
    assert field.value == "Zoë theGreat" + "x" * (MAX_PLAYER_NAME_CHARS - 12)


def test_control_sequences_go_whole_and_spaces_stay_between_words():
    assert safe_typed("gg \x1b[31mwp\x1b]0;title\x07", 40) == "gg wp"
    assert safe_typed(" ", 40) == " " and safe_typed("a ", 40) == "a " and safe_typed("\u202e", 40) == ""
    field = TextInput(chat_chars, 40)
    field.open("")
    for part in ("good", " ", "\x1b[2J", " ", "game\n"):
        field.handle(text(part))
    assert field.value == "good game "


def test_an_address_keeps_what_an_address_is_written_with():
    field = TextInput(address_chars, 64)
    field.open("")
    field.handle(text("[::1]:7444"))
    assert field.value == "[::1]:7444"


def test_the_opening_keys_echo_is_dropped_once():
    field = TextInput(chat_chars, 40)
    field.open("", echo="t")
    assert field.handle(text("T")) is Edit.CHANGED and field.value == ""   # the T that opened it
    field.handle(text("t"))
    assert field.value == "t"


def test_a_key_pressed_after_the_opening_one_is_typed_even_when_the_echo_never_came():
    field = TextInput(chat_chars, 40)
    field.open("", echo="t")
    typed(field, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"), text("t"))
    assert field.value == "t"


def test_other_events_and_a_closed_field_are_ignored():
    field = TextInput(chat_chars, 40, done_keys=(pygame.K_TAB,))
    assert field.handle(text("a")) is Edit.IGNORED and field.value == ""
    field.open("a")
    assert field.handle(key(pygame.K_F1)) is Edit.IGNORED
    assert field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)) is Edit.IGNORED
    assert field.active and field.value == "a"
    assert field.handle(key(pygame.K_TAB)) is Edit.DONE and field.value == "a"
    field.open("b")
    assert field.close() == "b" and not field.active


@pytest.mark.parametrize("wanted, on, calls", [(True, None, ["start"]), (False, None, ["stop"]),
                                               (True, False, ["start"]), (False, True, ["stop"]),
                                               (True, True, []), (False, False, [])])
def test_text_input_is_switched_only_when_it_changes(monkeypatch, wanted, on, calls):
    seen = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: seen.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: seen.append("stop"))
    assert sync_text_input(wanted, on) is wanted
    assert seen == calls


def test_characters_the_filter_drops_leave_room_for_the_ones_after_them():
    field = TextInput(name_chars, 5)
    field.open("")
    field.handle(text("::::::::ab:cdefg"))
    assert field.value == "abcde"

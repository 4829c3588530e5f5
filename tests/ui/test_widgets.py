"""The widgets shared by the scenes: the text input (typing, the caret, the filters, Enter, Esc, the
echo) and the row list (keys, pointer, greyed rows, what is drawn)."""

from __future__ import annotations

import pygame
import pytest
from conftest import TextRecorder

from game.domain.names import MAX_PLAYER_NAME_CHARS
from game.ui.theme import THEMES
from game.ui.widgets import (Edit, Pick, Row, RowList, TextInput, address_chars, chat_chars, name_chars,
                             safe_typed, sync_text_input)


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


# -- the row list ------------------------------------------------------------------------------


class Rows:
    """Four rows as the menu has them: a button, an option, a greyed option, a button that also steps."""

    def __init__(self):
        self.done: list[str] = []
        self.steps: list[int] = []
        self.list = RowList(letter_keys=True)

    def rows(self) -> list[Row]:
        rows = [Row("Start", activate=lambda: self.done.append("Start")),
                Row("Level", "Easy", change=self.steps.append),
                Row("Depth", "4", change=lambda d: self.steps.append(100 * d), enabled=False),
                Row("Host", "Red", change=lambda d: self.steps.append(10 * d),
                    activate=lambda: self.done.append("Host"))]
        RowList.stack(rows, 100, 40, 800)
        return rows

    def key(self, k: int) -> Pick:
        return self.list.handle(key(k), self.rows())

    def at(self) -> str:
        return self.rows()[self.list.index(self.rows())].label


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button)


def test_up_and_down_skip_greyed_rows_and_stop_at_the_ends():
    r = Rows()
    assert r.at() == "Start" and r.key(pygame.K_UP) is Pick.MOVED and r.at() == "Start"
    r.key(pygame.K_DOWN)
    assert r.at() == "Level"
    r.key(pygame.K_TAB)
    assert r.at() == "Host"                         # past the greyed Depth
    r.key(pygame.K_s)
    assert r.at() == "Host"
    r.key(pygame.K_w)
    assert r.at() == "Level"


def test_letters_move_only_where_nothing_is_typed():
    r = Rows()
    r.list = RowList()
    assert r.key(pygame.K_s) is Pick.IGNORED and r.at() == "Start"
    assert r.key(pygame.K_DOWN) is Pick.MOVED and r.at() == "Level"
    assert r.key(pygame.K_d) is Pick.IGNORED and r.steps == []


def test_left_right_step_an_option_and_enter_acts():
    r = Rows()
    r.list.selected_label = "Level"
    assert [r.key(k) for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d)] == [Pick.CHANGED] * 4
    assert r.steps == [-1, 1, -1, 1]
    assert r.key(pygame.K_RETURN) is Pick.IGNORED and r.done == []       # an option has no action
    r.list.selected_label = "Start"
    assert r.key(pygame.K_LEFT) is Pick.IGNORED and r.steps == [-1, 1, -1, 1]
    assert r.key(pygame.K_SPACE) is Pick.ACTIVATED and r.done == ["Start"]
    r.list.selected_label = "Host"
    r.key(pygame.K_KP_ENTER)
    r.key(pygame.K_RIGHT)
    assert r.done == ["Start", "Host"] and r.steps[-1] == 10


def test_enter_on_a_row_without_an_action_does_what_the_list_says():
    r = Rows()
    r.list = RowList(enter=lambda: r.done.append("fallback"))
    r.list.selected_label = "Level"
    assert r.key(pygame.K_RETURN) is Pick.ACTIVATED and r.done == ["fallback"]


def test_the_pointer_selects_and_clicks_act_or_step():
    r = Rows()
    level, depth, host = r.rows()[1:]
    assert r.list.handle(mouse(pygame.MOUSEMOTION, level.rect.center), r.rows()) is Pick.MOVED and r.at() == "Level"
    assert r.list.handle(mouse(pygame.MOUSEMOTION, depth.rect.center), r.rows()) is Pick.IGNORED    # greyed
    assert r.list.handle(mouse(pygame.MOUSEMOTION, (5, 5)), r.rows()) is Pick.IGNORED and r.at() == "Level"
    click = pygame.MOUSEBUTTONDOWN
    right_side = (level.rect.right - 40, level.rect.centery)
    r.list.handle(mouse(click, right_side), r.rows())
    r.list.handle(mouse(click, (level.arrow_x(), level.rect.centery)), r.rows())     # on "<"
    r.list.handle(mouse(click, right_side, button=3), r.rows())
    assert r.steps == [1, -1, -1]
    assert r.list.handle(mouse(click, depth.rect.center), r.rows()) is Pick.IGNORED and r.steps == [1, -1, -1]
    assert r.list.handle(mouse(click, (host.rect.left + 20, host.rect.centery)), r.rows()) is Pick.ACTIVATED
    assert r.list.handle(mouse(click, (host.rect.right - 12, host.rect.centery)), r.rows()) is Pick.CHANGED
    assert r.done == ["Host"] and r.steps[-1] == 10 and r.at() == "Host"
    assert r.list.handle(mouse(click, (host.rect.left + 20, host.rect.centery), button=2), r.rows()) is Pick.IGNORED


def test_the_selection_follows_its_row_and_starts_at_the_top_when_it_is_gone():
    r = Rows()
    r.list.selected_label = "Host"
    rows = r.rows()
    assert r.list.index(rows) == 3 and r.list.index(rows[2:]) == 1
    r.list.selected_label = "gone"
    assert r.list.index(rows) == 0
    r.list.select(rows, 2)                          # greyed: the next enabled row
    assert r.list.selected_label == "Host"
    r.list.select(rows, 9, -1)
    assert r.list.selected_label == "Host"
    r.list.select([], 1)                            # no rows: nothing selected, nothing raised
    assert r.list.handle(key(pygame.K_DOWN), []) is Pick.IGNORED


def test_a_button_is_one_line_and_an_option_shows_its_label_value_and_arrows():
    pygame.font.init()
    surface = pygame.Surface((800, 400))
    r = Rows()
    rows = r.rows()
    rows[0].value = "3 moves"
    with TextRecorder() as drawn:
        r.list.draw(surface, rows, THEMES["classic"], 20)
    assert drawn.texts == ["Start — 3 moves", "Level", "<", ">", "Easy", "Depth", "<", ">", "4",
                           "Host", "<", ">", "Red"]

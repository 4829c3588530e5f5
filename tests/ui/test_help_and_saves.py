"""The help overlay (F1, ?) in the game and the menu; the load list's contents, order and Delete."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from conftest import TextRecorder

from game.domain.saved import SavedGame
from game.store.savefile import save_game
from game.store.saves import list_saves, saves_dir
from game.ui.menu.menu_scene import MenuScene
from game.ui.overlays import Confirm, HelpOverlay, help_sections, level_line
from game.ui.savelist import SaveList, describe

CTRL = pygame.KMOD_LCTRL


def test_f1_and_question_mark_open_the_help_and_esc_closes_it(ui):
    d = ui("human", "human")
    d.key(pygame.K_F1)
    assert isinstance(d.scene.overlay, HelpOverlay)
    d.key(pygame.K_4)                                    # no move while the help is open
    assert d.scene.model.moves_string() == ""
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlay is None
    d.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT, unicode="?"))
    assert isinstance(d.scene.overlay, HelpOverlay)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_4)
    assert d.scene.model.moves_string() == "4"


def test_help_from_the_menu(ui):
    d = ui()
    d.key(pygame.K_F1)
    assert isinstance(d.scene, MenuScene) and isinstance(d.scene.overlay, HelpOverlay)
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlay is None
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Help (F1)":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene.overlay, HelpOverlay)


def test_help_lists_rules_keys_analysis_and_levels_with_their_strength():
    from game.config.values import DEFAULTS

    sections = dict(help_sections(DEFAULTS))
    assert len(sections["Rules"]) == 3
    keys = " ".join(sections["Keys"])
    for key in ("1–7", "Ctrl+Z", "Ctrl+Y", "H:", "A:", "N:", "Ctrl+S", "Ctrl+O", "Delete", "M:", "F11", "Esc",
                "Ctrl+Q", "F1", "Space pause"):
        assert key in keys, key
    assert any("estimate" in line for line in sections["Analysis row, hint and why?"])
    levels = next(lines for title, lines in sections.items() if title.startswith("Levels"))
    assert len(levels) == len(DEFAULTS.levels)
    hard = DEFAULTS.level("Hard")
    assert level_line(hard) == f"Hard — depth {hard.depth} — about {hard.elo} Elo"
    perfect = DEFAULTS.level("Perfect")
    assert level_line(perfect) == f"Perfect — exact play: only proved best moves — about {perfect.elo} Elo"


def make_saves():
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    games = {
        "old.c4save": SavedGame("1212121", "human", "human", "2026-01-02T10:00:00+00:00"),
        "new.c4save": SavedGame("4453", "human", "Hard", "2026-03-04T18:30:00+00:00"),
        "mid.c4save": SavedGame("441365675334466335442232661515577771217122", "ai:5:window", "Easy",
                                "2026-02-03T12:00:00+00:00"),
    }
    for name, game in games.items():
        save_game(folder / name, game)
    os.utime(folder / "old.c4save", (2_000_000_000, 2_000_000_000))   # file dates do not decide the order


def test_load_list_shows_players_moves_result_and_date_newest_first(ui):
    make_saves()
    d = ui("human", "human")
    d.key(pygame.K_o, CTRL)
    rows = [describe(info) for info in d.scene.overlay.infos]
    assert rows == [
        ("You vs Hard", "4 moves · unfinished · 2026-03-04 18:30"),
        ("Computer depth 5 (window) vs Easy", "42 moves · draw · 2026-02-03 12:00"),
        ("Two players", "7 moves · Red won · 2026-01-02 10:00"),
    ]
    assert describe(d.scene.overlay.infos[2], ("Orange", "Yellow"))[1].startswith("7 moves · Orange won")
    d.frame()
    texts = []

    hook = lambda text, rect: texts.append(text)            # noqa: E731
    with TextRecorder(hook):
        d.frame()
    assert not any(str(saves_dir()) in t for t in texts)    # no full paths unless asked for
    d.key(pygame.K_i)
    with TextRecorder(hook):
        d.frame()
    assert str(saves_dir() / "new.c4save") in "".join(texts)


def test_delete_asks_first(ui):
    make_saves()
    d = ui("human", "human")
    d.key(pygame.K_o, CTRL)
    d.key(pygame.K_DELETE)
    assert isinstance(d.scene.overlay.confirm, Confirm)
    d.key(pygame.K_ESCAPE)                                   # keep it
    assert len(list_saves()) == 3 and isinstance(d.scene.overlay, SaveList)
    d.key(pygame.K_DELETE)
    d.key(pygame.K_y)
    assert sorted(p.name for p in list_saves()) == ["mid.c4save", "old.c4save"]
    assert [i.path.name for i in d.scene.overlay.infos] == ["mid.c4save", "old.c4save"]
    d.key(pygame.K_RETURN)                                   # the list goes on working: load the next
    assert d.scene.model.moves_string() == "441365675334466335442232661515577771217122"


def test_help_explains_the_review_and_a_win_without_a_length():
    from game.config.values import DEFAULTS
    from game.ui.overlays import help_sections

    sections = dict(help_sections(DEFAULTS))
    review = " ".join(sections["Review"])
    for words in ("R reviews it", "Review a saved game", "Home/End", "P: play on", "Esc: back", "after each move",
                  "Enter: step through the line", "faint disc above a column is the move played",
                  "the frame the best move", "a threat"):
        assert words in review, words
    assert '"wins" alone is a proven win' in " ".join(sections["Analysis row, hint and why?"])


def test_the_save_list_shows_a_picture_of_the_last_position(ui):
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(saves_dir() / "g.c4save", SavedGame.now("4444", "human", "Hard"))
    d = ui("human", "human")
    d.key(pygame.K_o, CTRL)
    d.frame()
    theme = d.c.ctx.theme
    (rect, _), = d.scene.overlay._rects
    surface = d.c.surface
    picture = [(x, y) for x in range(rect.centerx, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surface.get_at((x, y)))[:3] == theme.board]
    assert picture                                             # a board is drawn at the entry's right
    discs = {tuple(surface.get_at((x, y)))[:3] for x in range(rect.centerx, rect.right)
             for y in range(rect.top, rect.bottom)}
    assert theme.disc(1) in discs and theme.disc(2) in discs


def test_save_names_that_are_not_utf8_are_listed_escaped_in_the_save_list_and_the_review_picker(ui):

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save_game(folder / "ok.c4save", SavedGame("4453", "human", "Hard", "2026-03-04T18:30:00+00:00"))
    os.rename(folder / "ok.c4save", os.fsencode(folder) + b"/ok\xe9.c4save")
    (Path(os.fsdecode(os.fsencode(folder) + b"/bad\xff.c4save"))).write_bytes(b"\x00 not a save")
    texts: list[str] = []
    hook = lambda text, rect: texts.append(text)            # noqa: E731
    d = ui("human", "human")
    d.key(pygame.K_o, CTRL)                                  # the save list
    with TextRecorder(hook):
        d.frame()
        d.key(pygame.K_DOWN)
        d.key(pygame.K_i)                                    # with the full path
        d.frame()
    shown_texts = "".join(texts)
    assert "bad\\xff.c4save" in shown_texts and "You vs Hard" in shown_texts
    assert not any("\udcff" in t or "\udce9" in t for t in texts)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    d.frame()
    d2 = ui(review_time=0.1)                                 # the review's picker
    (row,) = [r for r in d2.scene.rows() if r.label == "Review a saved game"]
    row.activate()
    d2.frame()
    d2.frame()
    assert d2.scene.savelist is not None and len(d2.scene.savelist.infos) == 2


def test_a_broken_save_whose_name_is_not_utf8_is_refused_from_the_menu_with_its_name_once(ui):

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    Path(os.fsdecode(os.fsencode(folder) + b"/bad\xff.c4save")).write_bytes(b"\x00 not a save")
    d = ui()
    (row,) = [r for r in d.scene.rows() if r.label == "Open a saved game"]
    row.activate()
    d.frame()
    d.key(pygame.K_RETURN)
    assert d.c.ctx.notices.texts() == ["Could not open bad\\xff.c4save: binary data, not a save file "
                                       "(NUL byte at offset 0)"]
    texts: list[str] = []
    hook = lambda text, rect: texts.append(text)            # noqa: E731
    with TextRecorder(hook):
        d.frame()                                            # drawn, not a crash on the undecodable byte
    assert any("bad\\xff.c4save" in t for t in texts)
    assert isinstance(d.scene, MenuScene) and d.c.running


def test_text_that_pygame_cannot_encode_is_drawn_escaped():
    from game.ui import resources

    pygame.font.init()
    surface = pygame.Surface((400, 40))
    seen: list[str] = []
    hook = lambda text, rect: seen.append(text)             # noqa: E731
    with TextRecorder(hook):
        rect = resources.draw_text(surface, "save-\udcff.c4save", 16, (255, 255, 255), topleft=(0, 0))
    assert seen == ["save-\\xff.c4save"]
    assert rect.width == resources.text_width("save-\\xff.c4save", 16) > 0
    assert resources.fit_text("save-\udcff.c4save", 16, 1000) == "save-\\xff.c4save"


def test_a_long_notice_is_shown_whole_on_two_lines_and_a_longer_one_cut_after_the_second():
    from game.ui.notices import Notices
    from game.ui.theme import CLASSIC

    pygame.font.init()
    reason = ("Could not load badplayer.c4save: unknown player 'Grandmaster': use human, ai, ai:DEPTH "
              "(DEPTH 1-20), ai:DEPTH:HEURISTIC or a level name")
    surface = pygame.Surface((960, 840))
    for text, whole in ((reason, True), (reason + " " + reason, False)):
        notices = Notices()
        notices.add(text)
        drawn: list[tuple[str, pygame.Rect]] = []
        hook = lambda t, rect: drawn.append((t, rect))      # noqa: E731
        with TextRecorder(hook):
            notices.draw(surface, CLASSIC)
        (box, _), = notices._rects
        assert len(drawn) == 2 and all(box.contains(rect) for _, rect in drawn)
        assert drawn[0][1].bottom <= drawn[1][1].top                     # one line under the other
        joined = " ".join(t for t, _ in drawn)
        assert joined == text if whole else (joined.endswith("…") and text.startswith(joined[:-1]))


def test_every_text_of_the_save_list_stays_inside_its_frame():
    from game.echo import shown
    from game.store.savefile import MAX_SHOWN_NAME
    from game.store.saves import SaveInfo
    from game.ui.theme import CLASSIC

    pygame.font.init()
    long_name = Path("a-very-long-name-" * 14 + ".c4save")
    reason = ("line 6: moves: move 8: '9' is not a column; a move string uses only the digits 1-7 "
              "(and this one goes on for a while)")
    # as game.store.savefile.load_game words it: the name, shortened, first
    infos = [SaveInfo(long_name, None, f"{shown(long_name.name, MAX_SHOWN_NAME)}: {reason}"),
             SaveInfo(Path("new.c4save"), SavedGame("4453", "human", "Hard", "2026-03-04T18:30:00+00:00"))]
    surface = pygame.Surface((960, 840))

    def drawn(savelist: SaveList) -> list[tuple[str, pygame.Rect]]:
        texts: list[tuple[str, pygame.Rect]] = []
        hook = lambda text, rect: texts.append((text, rect.copy()))     # noqa: E731
        with TextRecorder(hook):
            savelist.draw(surface, CLASSIC)
        assert all(savelist._frame.contains(rect) for _, rect in texts), texts
        return texts

    savelist = SaveList(infos, title="Review a saved game", verb="review")
    texts = [text for text, _ in drawn(savelist)]
    assert any(text.startswith("a-very-long-name-") for text in texts)
    # the broken entry is selected: the footer gives its whole reason, which the entry had to cut
    assert f"Cannot be loaded: {reason} · Delete removes it" == " ".join(texts[-2:])
    savelist.selected = 1
    assert [text for text, _ in drawn(savelist)][-1] == "Enter review · Delete remove · I file path · Esc cancel"
    assert [text for text, _ in drawn(SaveList([]))][-1] == "Esc close"


def test_help_names_the_network_keys_and_what_the_review_words_mean():
    from game.config.values import DEFAULTS

    sections = dict(help_sections(DEFAULTS, ("Orange", "Yellow")))
    network = " ".join(sections["Network game"])
    for words in ("T: chat", "Ctrl+R: resign", "Ctrl+Z: ask the other player", "N: offer a rematch"):
        assert words in network, words
    words = " ".join(sections["Review words"])
    for term in ("missed block", "under a winning cell", "allows two threats", "deep:", "win, a long one",
                 "wins in 3 of Orange's moves", "zugzwang", "threat after threat", "a better move", "odd rows"):
        assert term in words, term
    assert "W: why?" in " ".join(sections["Keys"])
    assert "N new match" in " ".join(sections["Keys"])


def test_help_reads_at_the_default_size_in_pages_that_need_no_scrolling(ui):
    from game.ui.overlays import help_size

    d = ui("human", "human")
    assert d.c.surface.get_size() == (960, 840) and help_size(840) == 20
    d.key(pygame.K_F1)
    overlay = d.scene.overlay
    seen = set()
    for _ in range(10):
        with TextRecorder() as recorder:
            overlay.draw(d.c.surface, d.c.ctx.theme)
        assert overlay._max_scroll == 0                   # a page fits the default window whole
        seen |= {t for t, _ in recorder.rects}
        d.key(pygame.K_RIGHT)
        if overlay.page == 0:
            break
    assert len(overlay._pages) > 1
    titles = [title for title, _ in help_sections(d.c.ctx.settings)]
    assert all(title in seen for title in titles)         # every section on some page
    assert any(t.startswith("Page 1 of") for t in seen)

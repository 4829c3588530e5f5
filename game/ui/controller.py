"""The controller: owns the window, the scenes and the shared context, and runs one frame at a time.

``frame(dt, events)`` is the whole loop body (input -> update(dt) -> draw); ``run`` in
``game.ui`` adds the clock and ``display.flip``. Tests call ``frame`` directly with synthetic events."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.config.load import default_config_path
from game.domain.players import HUMAN
from game.engine.board import parse_moves
from game.i18n import N_, _, chosen_language, ngettext, set_language
from game.service.client import EngineService
from game.session.core import Departure, Session
from game.store.autosave import AUTOSAVE_NAME, Autosaves
from game.store.prefs import Prefs, load_prefs
from game.speech import Heard
from game.store.saves import SaveInfo
from game.ui.layout import MIN_SIZE, compute_layout
from game.ui.menu.menu_scene import MenuScene
from game.ui.notices import beside_board
from game.ui.overlays import Confirm
from game.ui.resources import load_icon, reset_fonts
from game.ui.savelist import describe
from game.ui.scene import Context, GameStart, MenuData, Scene, SceneName, Transition, is_ctrl
from game.ui.sound import SoundPlayer
from game.ui.theme import THEMES
from game.ui.voice import Voice
from game.ui.widgets import sync_text_input

if TYPE_CHECKING:
    from game.config.values import Settings
    from game.domain.players import PlayerSpec
    from game.domain.saved import SavedGame
    from game.service.worker import AIWorker
    from game.ui.game.game_scene import GameScene
    from game.ui.netplay.net_lobby import LobbyStart

TITLE = "Connect Four"       # the program's name, the same in every language
CONFIG_NOTICE_SECONDS = 12.0
MAX_START_NOTICES = 2  # boxes shown at start; more are counted in the last one
CLOSE_TIMEOUT = 0.3       # the worker gets this long to stop; quitting as a whole takes under 0.5 s
SESSION_FLUSH_TIMEOUT = 5.0   # the last autosave and record lines are written before the program ends


def _default_worker(settings: Settings) -> AIWorker:
    """The AI worker config.toml asks for: the search in a thread or a process ("auto" picks)."""
    from game.service.backends import use_process  # here: the engine loads after the first frame
    from game.service.worker import AIWorker  # here: the search process starts after the first frame

    return AIWorker(use_process=use_process(settings.worker))


def make_scene(name: SceneName, ctx: Context) -> Scene:
    """A new scene ``name``. Each scene's modules are imported here, when it is first entered, so
    the window opens with the menu's alone (a game scene's imports are about a tenth of the
    window's start)."""
    if name == SceneName.MENU:
        return MenuScene(ctx)
    if name == SceneName.GAME:
        from game.ui.game.game_scene import GameScene  # here: see above
        return GameScene(ctx)
    if name == SceneName.REVIEW:
        from game.ui.review.review_scene import ReviewScene  # here: see above
        return ReviewScene(ctx)
    if name == SceneName.PRACTICE:
        from game.ui.practice.practice_scene import PracticeScene  # here: see above
        return PracticeScene(ctx)
    if name == SceneName.LEARN:
        from game.ui.learn import LearnScene  # here: see above
        return LearnScene(ctx)
    if name == SceneName.NETWORK:
        from game.ui.netplay.net_lobby import NetLobbyScene  # here: see above
        return NetLobbyScene(ctx)
    raise ValueError(f"no scene is called {name!r}")


class Controller:
    def __init__(self, settings: Settings, *, autosaves: Autosaves, notices: Iterable[object] = (),
                 config_path: Path | None = None, worker_factory: Callable[[], AIWorker] | None = None,
                 problems: Iterable[object] = ()) -> None:
        reset_fonts()
        notices = list(notices)
        prefs = load_prefs(notices.append)  # a damaged prefs file is said in a notice, as a damaged autosave
        problems = list(problems)
        broken = {getattr(p, "key", "") for p in problems}
        theme, muted, volume = _look_and_sound(settings, prefs, explicit=config_path is not None, broken=broken)
        # the language decided as the look and sound are: the menu's choice, unless --config names one
        set_language(chosen_language(settings.language, prefs.language,
                                     config_wins=config_path is not None and "display.language" not in broken))
        self.fullscreen = settings.fullscreen
        self.windowed_size = (settings.window_width, settings.window_height)
        self.surface = self._open_window()
        self.ctx = Context(
            settings=settings,
            prefs=prefs,
            sound=SoundPlayer(volume=volume, muted=muted),
            theme_name=theme,
            layout=compute_layout(self.surface.get_size()),
            engine=EngineService(worker_factory or (lambda: _default_worker(settings))),
            session=Session(settings, autosaves),
            config_problems=[str(p) for p in problems],
            config_source=config_path or default_config_path(),
        )
        self.ctx.voice = Voice(settings, prefs, self.ctx.remember, explicit=config_path is not None)
        shown = notices if len(notices) <= MAX_START_NOTICES else notices[:MAX_START_NOTICES - 1]
        for notice in shown:
            self.ctx.notices.add(str(notice), "error", seconds=CONFIG_NOTICE_SECONDS)
        if len(shown) < len(notices):  # a screenful of boxes would hide the board: count the rest
            more = len(notices) - len(shown)
            self.ctx.notices.add(ngettext("and {n} more notice (the log has them all)",
                                          "and {n} more notices (the log has them all)", more).format(n=more),
                                 "error", seconds=CONFIG_NOTICE_SECONDS)
        self.scenes: dict[SceneName, Scene] = {}      # the scenes made so far: see scene_named
        self.scene: Scene = self.scene_named(SceneName.MENU)
        self.running = True
        #: "Quit and lose the rated game?": asked over any scene, answered before anything else
        self.quit_question: Confirm | None = None
        self._text_input: bool | None = None    # SDL's text input as last set: on while the scene types

    def register(self, name: SceneName, scene: Scene) -> None:
        """Make ``scene`` reachable by ``Transition(name, ...)`` (a later registration replaces it)."""
        self.scenes[name] = scene

    def scene_named(self, name: SceneName) -> Scene:
        """The scene ``name``, made the first time it is asked for (:func:`make_scene`)."""
        scene = self.scenes.get(name)
        if scene is None:
            scene = self.scenes[name] = make_scene(name, self.ctx)
        return scene

    # -- setup -----------------------------------------------------------------------------

    def start(self, red: PlayerSpec | None = None, yellow: PlayerSpec | None = None,
              resume: SavedGame | None = None, network: LobbyStart | None = None,
              position: str | None = None) -> None:
        """Open the menu (offering ``resume``, the autosave of an earlier run), or go straight into
        a game when players are given, or into hosting or joining a network game (``resume`` is
        then kept for a later start, see :meth:`_keep_for_later`); ``position`` (a checked move
        string) opens with those moves and the analysis row."""
        if network is not None and network.goes_back_into(resume, self.ctx.settings.network_port):
            # --join to the host of this computer's unfinished network game: going back into it is what was meant
            self.switch(Transition(SceneName.MENU, MenuData(None)))
            self.switch(Transition(SceneName.NETWORK, resume))
            return
        if resume is not None:
            self.ctx.session.rating.adopt(resume)     # resumed rated if it was; left, a loss once due
        if resume is not None and (red, yellow, position, network) != (None, None, None, None):
            self._keep_for_later(resume)
            resume = None
        self.switch(Transition(SceneName.MENU, MenuData(resume)))
        if network is not None:
            self.switch(Transition(SceneName.NETWORK, network))
        elif position is not None:
            start = GameStart(red or HUMAN, yellow or HUMAN, tuple(parse_moves(position)), analysis=True)
            self.switch(Transition(SceneName.GAME, start))
        elif red is not None or yellow is not None:
            self.switch(Transition(SceneName.GAME, GameStart(red or HUMAN, yellow or HUMAN)))
            if self.ctx.config_problems:  # the menu lists them; in a game, one line says where
                count = len(self.ctx.config_problems)
                self.ctx.notices.add(ngettext("{n} problem in the settings: Esc, then \"Settings problems\" in "
                                              "the menu, lists it",
                                              "{n} problems in the settings: Esc, then \"Settings problems\" in "
                                              "the menu, lists them", count).format(n=count), "error",
                                     seconds=CONFIG_NOTICE_SECONDS)

    def _keep_for_later(self, resume: SavedGame) -> None:
        """A game started from the command line leaves the earlier run's unfinished game in its
        autosave for the next start without players to offer. A rated one is left as the menu's
        Start game over it leaves it: a loss once far enough on, and casual from then on."""
        counted = self.ctx.session.rating.set_aside()
        # A rated game counted here is rewritten casual by the autosave's writer thread, into the
        # slot it finds this run holding: that rewrite must land before the slot is left for later,
        # or it would go into the new game's empty slot and the old autosave stay rated.
        self.ctx.session.autosaver.flush(SESSION_FLUSH_TIMEOUT)
        self.ctx.session.autosaves.keep_for_later()
        players, n = describe(SaveInfo(Path(AUTOSAVE_NAME), resume))[0], len(resume.moves)
        if counted:
            text = ngettext("Unfinished rated game ({players}, {n} move) counted as a loss: another game started "
                            "over it. It is kept, casual now: start without --red/--yellow/--position/--host/--join "
                            "to resume it.",
                            "Unfinished rated game ({players}, {n} moves) counted as a loss: another game started "
                            "over it. It is kept, casual now: start without --red/--yellow/--position/--host/--join "
                            "to resume it.", n)
        else:
            text = ngettext("Unfinished game ({players}, {n} move) kept: start without "
                            "--red/--yellow/--position/--host/--join to resume it from the menu.",
                            "Unfinished game ({players}, {n} moves) kept: start without "
                            "--red/--yellow/--position/--host/--join to resume it from the menu.", n)
        self.ctx.notices.add(text.format(players=players, n=n), "error", seconds=CONFIG_NOTICE_SECONDS)

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], self.windowed_size[0]), max(MIN_SIZE[1], self.windowed_size[1]))
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        _set_minimum_size()
        return surface

    def switch(self, transition: Transition) -> None:
        if transition.scene == SceneName.QUIT:
            self.request_quit()
            return
        self.scene.leave()
        self.scene = self.scene_named(transition.scene)
        self.scene.enter(transition.data)
        self.ctx.voice.entered(self.scene.heard().board)

    # -- loop ------------------------------------------------------------------------------

    def frame(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """One frame: handle ``events`` (default: the pygame queue), update by ``dt``, draw."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return
        self.scene.update(dt)
        for notice in self.ctx.session.poll():
            self.ctx.notices.add(notice, "error", seconds=CONFIG_NOTICE_SECONDS)
        self.ctx.notices.update(dt)
        self.ctx.voice.follow(self._heard(), self.ctx.notices)   # the scene as it updated, before it leaves
        self._follow_transition()
        self._text_input = sync_text_input(self.scene.wants_text, self._text_input)
        if self.running:
            self.draw()

    def _follow_transition(self) -> None:
        transition = self.scene.take_next()
        if transition is not None:
            self.switch(transition)

    def draw(self) -> None:
        self.scene.draw(self.surface)
        self.ctx.notices.draw(self.surface, self.ctx.theme, at_top=self.scene.notices_at_top,
                              room=beside_board(self.ctx.layout) if self.scene.notices_beside_board
                              else self.scene.notice_room())
        if self.quit_question is not None:
            self.quit_question.draw(self.surface, self.ctx.theme)
        self.ctx.voice.draw_caption(self.surface, self.ctx.theme)

    def _heard(self) -> Heard:
        """What the scene lets a listener hear, and the question asked over it."""
        heard, question = self.scene.heard(), self.quit_question
        return heard if question is None else Heard(heard.board, (*heard.lines, question.spoken()))

    def request_quit(self) -> None:
        """Quit, unless that would lose a rated game: then ask first (the game scene's, on the board
        or left in the menu). Asking to quit again while asked is the answer yes."""
        game, session = self._game_on_screen(), self.ctx.session
        # the board only when the session's rating judges it (a network game's never is)
        judged = game is not None and game.rating is session.rating
        board = game.model if judged else None
        leaving = session.leaving(Departure.QUIT, board)

        def quit_now() -> None:
            if leaving is not None:
                session.leave(leaving)
            self.running = False

        if leaving is None or self.quit_question is not None:
            quit_now()
        else:
            self.quit_question = Confirm(_("Quit the game?"), leaving.detail, quit_now, yes=_("Quit"),
                                         no=_("Keep playing"))

    def _game_on_screen(self) -> GameScene | None:
        """The game scene, when it is the one on the screen."""
        game = self.scenes.get(SceneName.GAME)
        if game is None or self.scene is not game:
            return None                 # never made, or not on screen: its module need not load
        from game.ui.game.game_scene import GameScene  # here: loaded already, the scene is on screen

        return game if isinstance(game, GameScene) else None

    def terminate(self) -> None:
        """The system asks the program to end (SIGTERM: a logout, ``kill PID``): nobody is there to
        answer a question, so none is asked and no rated game is counted. The game on the board is
        autosaved once more as it stands (rated if it is); the next start offers it as it was."""
        game = self._game_on_screen()
        if game is not None and game.has_unfinished_game():
            game.autosave()
        self.quit_question = None
        self.running = False

    def handle(self, event: pygame.event.Event) -> None:
        """Window-wide events first (quit, fullscreen, resize, mute, notices), then the scene."""
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_q and is_ctrl(event):
            self.request_quit()
        elif self.ctx.voice.handle(event, self.scene.wants_text):
            pass
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and not self.scene.wants_text:
            self.toggle_fullscreen()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_m and not is_ctrl(event)
              and not self.scene.wants_text):
            self.ctx.remember(muted=self.ctx.sound.toggle_mute())
        elif event.type == pygame.VIDEORESIZE:
            self.resized(event.size)
        elif self.quit_question is not None:
            if self.quit_question.handle(event):
                self.quit_question = None
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.ctx.notices.handle_click(event.pos)):
            pass
        elif self.scene.next is None:          # a scene that asked to leave takes no more input
            self.scene.handle(event)

    def resized(self, size: tuple[int, int]) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        if not self.fullscreen:
            self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
            if self.windowed_size != tuple(size):
                # Smaller than the minimum (a window manager that ignores the hint): grow it back.
                try:
                    self.surface = self._open_window()
                except pygame.error:
                    pass
        self.ctx.resize(self.surface.get_size())

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            self.surface = self._open_window()
        except pygame.error as exc:
            self.fullscreen = not self.fullscreen
            self.ctx.notices.add(_("Cannot switch fullscreen: {error}").format(error=exc), "error")
            return
        self.ctx.resize(self.surface.get_size())

    def shutdown(self) -> None:
        """Cancel the scene's work and stop the AI worker (within CLOSE_TIMEOUT, even mid-search)."""
        self.scene.leave()
        for scene in self.scenes.values():
            scene.shutdown()
        self.ctx.engine.close(timeout=CLOSE_TIMEOUT)
        self.ctx.session.practice.close(timeout=CLOSE_TIMEOUT)     # a search stops; grades are still written
        self.ctx.session.flush(timeout=SESSION_FLUSH_TIMEOUT)
        self.ctx.voice.close()


#: The settings keys behind the window's look and sound (what the menu remembers as preferences).
LOOK_AND_SOUND_KEYS = {"theme": "display.theme", "muted": "sound.enabled", "volume": "sound.volume"}


def _look_and_sound(settings: Settings, prefs: Prefs, *, explicit: bool = False,
                    broken: set[str] | frozenset[str] = frozenset()) -> tuple[str, bool, float]:
    """Theme, muted and volume: remembered preferences where valid, else the settings.

    An explicit config file (``--config``) wins over the preferences, except for a value it got
    wrong (a key in ``broken``): a bad value never replaces the player's remembered choice."""
    def preferred(name: str) -> bool:
        return not explicit or LOOK_AND_SOUND_KEYS[name] in broken

    theme = prefs.theme if preferred("theme") else None
    muted = prefs.muted if preferred("muted") else None
    volume = prefs.volume if preferred("volume") else None
    return (
        theme if theme in THEMES else settings.theme,       # a theme of another version: the settings'
        muted if muted is not None else not settings.sound,
        float(volume) if volume is not None else settings.volume,
    )


def _set_minimum_size() -> None:
    """Ask the window manager not to let the window shrink below MIN_SIZE (where supported)."""
    try:
        with warnings.catch_warnings():   # the Window view of the display module's window is all we need
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error, ValueError):
        pass      # older pygame or a driver without windows: the layout still copes


def set_window_identity() -> None:
    pygame.display.set_caption(TITLE)
    icon = load_icon()
    if icon is not None:
        pygame.display.set_icon(icon)

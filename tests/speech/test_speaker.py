"""game.speech: backends, the speaker thread, the log file, and why nothing is spoken."""

from __future__ import annotations

import builtins
import os
import sys

import pytest

from game.config.load import parse_settings
from game.speech import NoSpeech, Speaker, open_backend
from game.speech.outputs import LogBackend, PrismBackend
from game.speech.speaker import MAX_MESSAGE_CHARS


def test_the_log_backend_writes_each_message_as_one_line_in_order(tmp_path):
    log = tmp_path / "heard.txt"
    speaker = Speaker(lambda: open_backend(f"log:{log}"))
    for text in ("Red, column 4, row 1.", "Yellow, column 4,\nrow 2.", "\x1b[31mRed\x1b[0m wins.", "x" * 5000):
        speaker.say(text)
    assert speaker.flush(5)
    speaker.close()
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == ["Red, column 4, row 1.", "Yellow, column 4, row 2.", "Red wins."]
    assert lines[3] == "x" * MAX_MESSAGE_CHARS and len(lines) == 4
    assert speaker.reason is None and speaker.last == "x" * MAX_MESSAGE_CHARS


def test_the_log_is_appended_to_never_overwritten(tmp_path):
    log = tmp_path / "heard.txt"
    log.write_text("kept\n", encoding="utf-8")
    backend = LogBackend(log)
    backend.speak("new")
    backend.close()
    assert log.read_text(encoding="utf-8") == "kept\nnew\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_log_that_is_a_pipe_or_a_folder_is_refused_with_a_reason(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(NoSpeech, match="named pipe"):
        open_backend(f"log:{pipe}")          # nobody reads it: opening must not wait for a reader
    with pytest.raises(NoSpeech, match="cannot be written"):
        open_backend(f"log:{tmp_path}")
    speaker = Speaker(lambda: open_backend(f"log:{tmp_path / 'no-such-folder' / 'x.txt'}"))
    speaker.say("lost")
    assert speaker.flush(5)
    assert speaker.reason is not None and "cannot be written" in speaker.reason


def test_without_prismatoid_the_reason_says_how_to_install_it(monkeypatch):
    real_import = builtins.__import__

    def no_prism(name, *args, **kwargs):
        if name == "prism":
            raise ImportError("No module named 'prism'")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "prism", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_prism)
    with pytest.raises(NoSpeech, match=r"not installed.*\[speech\]"):
        PrismBackend()
    speaker = Speaker(lambda: open_backend(True))
    speaker.say("Red, column 4, row 1.")
    assert speaker.flush(5) and speaker.reason.startswith("Speech is off: the prismatoid library is not installed")
    speaker.close()


def test_a_speech_service_missing_is_a_reason_not_a_crash(monkeypatch):
    prism = pytest.importorskip("prism")

    class NoService:
        def __init__(self, *args, **kwargs):
            pass

        def create_best(self):
            raise ValueError("Invalid or unsupported backend")

    monkeypatch.setattr(prism, "Context", NoService)
    with pytest.raises(NoSpeech, match="no screen reader or speech service"):
        PrismBackend()


def test_an_unexpected_error_of_the_speech_library_is_said_too():
    def broken():
        raise RuntimeError("boom\x1b[2J")

    speaker = Speaker(broken)
    assert speaker.flush(5)
    assert speaker.reason == "Speech is off: boom."      # the escape sequence removed whole


def test_a_backend_that_hangs_never_holds_say():
    import threading

    opened = threading.Event()

    def stuck():
        opened.wait(10)
        raise NoSpeech("never")

    speaker = Speaker(stuck)
    for i in range(1000):
        speaker.say(f"message {i}")        # returns at once; the queue keeps only the newest
    assert speaker.last == "message 999"
    opened.set()
    assert speaker.flush(5)


@pytest.mark.parametrize("text, value", [
    ("", False), ("[accessibility]\nspeech = true", True), ("[accessibility]\nspeech = false", False),
    ('[accessibility]\nspeech = "log:/tmp/heard.txt"', "log:/tmp/heard.txt"),
])
def test_the_speech_setting(text, value):
    settings, problems = parse_settings(text or "[window]\nfps = 60")
    assert problems == [] and settings.speech == value
    assert settings.verbosity == "full" and settings.caption is False


@pytest.mark.parametrize("line", ['speech = "yes"', 'speech = "log:"', 'speech = "log:a\\nb"', "speech = 1",
                                  'verbosity = "loud"', "caption = 1"])
def test_a_bad_accessibility_value_is_reported_and_the_default_kept(line):
    settings, problems = parse_settings(f"[accessibility]\n{line}")
    assert len(problems) == 1 and problems[0].key.startswith("accessibility.")
    assert (settings.speech, settings.verbosity, settings.caption) == (False, "full", False)

"""How text from files, arguments and the record is shown in a message: escaped and shortened.

A name or value echoed back to the player comes from outside (a file name, a config value, a
record entry) and may hold control characters, escape sequences, line breaks, lone surrogates
(undecodable bytes of a file name) or megabytes of text. :func:`shown` makes it one short,
printable line, so one problem is one line and nothing reaches the terminal raw.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata

__all__ = ["MAX_SHOWN", "counted", "escape_control", "plain_text", "shown", "shown_path", "tolerant_output"]

MAX_SHOWN = 60

#: Terminal control sequences, removed whole (ECMA-48): a control string (OSC, DCS, SOS, PM, APC)
#: up to its terminator (BEL or ST) or the end of the text, a CSI sequence with its parameters, and
#: any other escape sequence (ESC, intermediate bytes, a final byte); each also in its 8-bit C1 form.
_CONTROL_SEQUENCE = re.compile(
    r"(?:\x1b[]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|\Z)"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|\x1b[ -/]*[0-~]?",
    re.DOTALL,
)


def _escaped(text: str) -> str:
    """Unprintable characters as Python writes them in a repr (``\\n``, ``\\x1b``, ``\\u2028``);
    a byte of a file name that is not UTF-8 (a lone surrogate from ``surrogateescape``) as the byte
    it was (``\\xff``)."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch.isprintable():
            out.append(ch)
        elif ch in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[ch])
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    return "".join(out)


def escape_control(text: str) -> str:
    """``text`` with every control or other unprintable character written as a TOML escape
    (``\\n``, ``\\u001b``), whole and unshortened: a config file's key or value in a message,
    one problem one line, nothing from the file sent to the terminal raw."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        else:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch)
                       or (f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"))
    return "".join(out)


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``value`` as one printable line of at most ``limit`` characters ("..." marks a cut)."""
    text = value if isinstance(value, str) else str(value)
    text = text[: limit * 8]  # escaping at most quadruples: never escape megabytes for one line
    text = text if text.isprintable() else _escaped(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain_text(text: str, limit: int) -> str:
    """Text from outside (a peer's name, chat or reason, a discovered name, a file name) made safe to
    show: control sequences removed whole, every other control or format character (bidirectional
    overrides, zero-width characters, line separators) gone, a line break or tab a space, a byte of
    a file name that is not UTF-8 shown as the byte it was (``\\xff``), runs of spaces one, at most
    ``limit`` characters."""
    text = _CONTROL_SEQUENCE.sub("", text[: limit * 8 + 64])   # bounded work for any length
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace() or category in ("Zl", "Zp"):
            out.append(" ")
        elif category == "Cs":
            code = ord(ch)
            out.append(f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "\ufffd")
        elif category[0] != "C":
            out.append(ch)
    return " ".join("".join(out).split())[:limit]


def counted(number: int, noun: str) -> str:
    """"1 move", "2 moves", "0 moves": a count with its noun (a regular plural)."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def shown_path(path: os.PathLike[str] | str, limit: int = 120) -> str:
    """A path for a message: escaped, and shortened from the left (the file name matters most)."""
    text = os.fspath(path)
    text = text if text.isprintable() else _escaped(text)
    return text if len(text) <= limit else "..." + text[-(limit - 3):]


def tolerant_output() -> None:
    """Let a terminal that cannot show a character (an ASCII locale, say) get it as an escape
    (``\u2014``) instead of stopping the program with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass

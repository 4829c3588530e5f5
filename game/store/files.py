"""The file-safety layer: every file the game keeps is read and written through these functions.

Config, preferences, saves, the autosave slots, the game record, ``crash.log`` and the arena's
cache all go through here, so each gets the same guarantees:

* **Reads never block and never run away.** :func:`read_regular_file` opens without blocking
  (``O_NONBLOCK``), checks with ``fstat`` that it holds a regular file and reads at most a given
  size: a named pipe, a device or a socket where a file is expected is refused at once
  (:class:`NotRegularFileError`), ``/dev/zero`` is never read.
* **Writes are atomic and durable.** :func:`atomic_write_text` writes a temporary file in the
  target's folder, fsyncs it, renames it over the target, then fsyncs the folder: a reader sees
  the old file or the new one, never half, and a power cut after the call keeps the new one. A
  symlink at the target stays a symlink: the file it points to is replaced.
  :func:`append_line` adds one line to a regular file with one ``write`` and an fsync.
* **Nothing is overwritten when it is set aside.** :func:`set_aside` renames a damaged file to
  the first free name of ``NAME.bad``, ``NAME.bad.1``, ... (a hard link then an unlink, so an
  earlier one is never replaced); :func:`write_aside` writes new text under such a name.
* **Read-modify-write holds a lock.** :class:`FileLock` is an exclusive lock (flock, or
  msvcrt.locking on Windows) on a lock file beside the target that is never deleted or replaced,
  so two processes updating one file queue up instead of losing each other's change. Waiting is
  bounded: a lock held longer than ``timeout`` raises :class:`LockTimeout`.
* **Interrupted writes leave nothing for long.** :func:`clean_stale_temporaries` removes
  temporary files of this layer's naming once they are older than :data:`STALE_AFTER`.

No pygame here, and nothing about what the files mean: formats and policies live with their
owners (``storage``, ``record``, ``settings``).
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from game.i18n import N_, _

try:  # exclusive locks: flock on POSIX, msvcrt.locking on Windows
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

__all__ = [
    "STALE_AFTER", "FileLock", "LockTimeout", "NotRegularFileError", "append_line", "atomic_write_bytes",
    "atomic_write_text", "clean_stale_temporaries", "create_new", "describe_os_error", "fsync_dir", "read_regular_file",
    "set_aside", "try_lock", "unlock", "write_aside",
]

STALE_AFTER = 600.0  # seconds: a temporary file this old belongs to no running write
_BINARY = getattr(os, "O_BINARY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class NotRegularFileError(OSError):
    """A path names a named pipe, a device, a socket or a folder where a file was expected;
    ``kind`` says which ("a named pipe (FIFO)")."""

    def __init__(self, path: Path | str, kind: str) -> None:
        super().__init__(f"{path} is {kind}")
        self.kind = kind


class LockTimeout(OSError):
    """Another process held a :class:`FileLock` for longer than the wait allowed."""


def _kind(mode: int) -> str:
    # What a path is instead of a file; translated where it is described (describe_os_error).
    if stat.S_ISDIR(mode):
        return N_("a folder")
    if stat.S_ISFIFO(mode):
        return N_("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    return N_("not a regular file")


def describe_os_error(e: OSError) -> str:
    """A short reason for a file problem ("permission denied", "a named pipe (FIFO)"): what a path
    is instead of a file in the language in use; the system's own reason as the system says it."""
    if isinstance(e, NotRegularFileError):
        return _(e.kind)
    return e.strerror.lower() if e.strerror else str(e)


def _open_regular(path: Path | str, flags: int, mode: int = 0o644) -> int:
    """``os.open`` without blocking, then refuse anything but a regular file (the fd is closed).
    The non-blocking flag is cleared again once the file is known to be regular."""
    if not _NONBLOCK:  # no FIFOs to block on there, but refuse devices before opening
        try:
            info = os.stat(path)
        except FileNotFoundError:
            if not flags & os.O_CREAT:
                raise
        else:
            if not stat.S_ISREG(info.st_mode):
                raise NotRegularFileError(path, _kind(info.st_mode))
    fd = os.open(path, flags | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | _BINARY, mode)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFileError(path, _kind(info.st_mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular_file(path: Path | str, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of ``path`` (so the caller can tell "too large"), reading only a
    regular file, opened without blocking: a named pipe or a device raises NotRegularFileError at
    once. Other problems raise the usual OSError subclasses."""
    fd = _open_regular(path, os.O_RDONLY)
    try:
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def create_new(path: Path | str) -> None:
    """Create ``path`` as an empty file, only if nothing is there: FileExistsError otherwise, so
    two processes reserving one name never both get it."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644))


def fsync_dir(folder: Path | str) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_target(path: Path) -> Path:
    """Where a write to ``path`` really goes: the file a symlink points to (the link is kept)."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else path


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never half.

    Order: a temporary file in the same folder, fsync it, ``os.replace`` it over the target, then
    fsync the folder. The temporary file is removed if anything fails. A symlink at ``path`` is
    kept and the file it points to replaced. Folders are created; OSError when they cannot be.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    target = _write_target(path)
    import tempfile  # here: a start that only reads files never loads it

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(target.parent)


def atomic_write_text(path: Path | str, text: str) -> None:
    """:func:`atomic_write_bytes` of ``text`` in UTF-8 with ``\\n`` line ends."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (a write may take only part of it) and fsync it."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def append_line(path: Path | str, line: bytes, *, create: bool = True) -> None:
    """Append ``line`` (which must end with a newline) to the regular file ``path`` in one write,
    then fsync. When the file does not end with a newline (an earlier append cut short by a power
    cut), one is written first so the new line stands alone. NotRegularFileError for a pipe or a
    device; other OSErrors as they come. Hold a :class:`FileLock` when several processes append."""
    if not line.endswith(b"\n"):
        raise ValueError("a line to append must end with a newline")
    path = Path(path)
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_APPEND | (os.O_CREAT if create else 0)
    fd = _open_regular(path, flags)
    try:
        size = os.fstat(fd).st_size
        if size:
            os.lseek(fd, size - 1, os.SEEK_SET)  # appends still go to the end (O_APPEND)
            if os.read(fd, 1) != b"\n":
                line = b"\n" + line
        _write_all(fd, line)
    finally:
        os.close(fd)
    if create:
        fsync_dir(path.parent)


def _aside_names(path: Path, suffix: str = ".bad") -> Iterable[Path]:
    for n in range(1000):
        yield path.with_name(path.name + (suffix if n == 0 else f"{suffix}.{n}"))


def set_aside(path: Path | str, suffix: str = ".bad") -> Path | None:
    """Rename ``path`` to the first free name of path.bad, path.bad.1, ... (or another ``suffix``);
    never replaces a file.
    A hard link followed by an unlink makes "only if free" atomic (a symlink is moved itself, not
    what it points to); where hard links are not available, a rename after checking. None when the
    file could not be moved (it is then left where it is)."""
    path = Path(path)
    for target in _aside_names(path, suffix):
        try:
            if os.link in os.supports_follow_symlinks:
                os.link(path, target, follow_symlinks=False)
            else:
                os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            if os.path.lexists(target):
                continue
            try:
                os.rename(path, target)
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            pass
        return target
    return None


def write_aside(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to a new file, the first free name of path.bad, path.bad.1, ... (created
    exclusively, so nothing is replaced), and return it. OSError when none can be created."""
    path = Path(path)
    for target in _aside_names(path):
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644)
        except FileExistsError:
            continue
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        fsync_dir(target.parent)
        return target
    raise FileExistsError(f"no free name for {path.name}.bad")


# ---------------------------------------------------------------------------
# Locks


def try_lock(path: Path | str) -> int | None:
    """The fd of the lock file ``path`` holding its exclusive lock, or None if another process
    holds it. OSError when the lock file cannot be made or opened (then nobody may assume the lock
    is theirs). Release with :func:`unlock`; the system drops it when the process ends."""
    fd = _open_regular(path, os.O_RDWR | os.O_CREAT)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            except OSError:  # Windows says "held" as EACCES or EDEADLOCK
                raise BlockingIOError from None
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    return fd


def unlock(fd: int) -> None:
    """Drop a lock taken by :func:`try_lock` (closing the only descriptor drops it)."""
    os.close(fd)


def lock_path(path: Path | str) -> Path:
    """The lock file that guards ``path``: ``.NAME.lock`` beside it (never deleted)."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


class FileLock:
    """``with FileLock(path):`` holds the exclusive lock guarding ``path`` (see :func:`lock_path`).

    Waits at most ``timeout`` seconds (polling, so a process stopped while holding the lock can
    never freeze the caller) and then raises :class:`LockTimeout`; OSError when the lock file
    cannot be made or opened."""

    def __init__(self, path: Path | str, timeout: float = 5.0) -> None:
        self.path = lock_path(path)
        self.timeout = timeout
        self._fd: int | None = None

    def __enter__(self) -> FileLock:
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + self.timeout
        delay = 0.001
        while True:
            fd = try_lock(self.path)
            if fd is not None:
                self._fd = fd
                return self
            if time.monotonic() >= deadline:
                raise LockTimeout(f"{self.path.name} is held by another process")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            unlock(self._fd)
            self._fd = None


# ---------------------------------------------------------------------------
# Stale temporary files


# The temporary files of atomic_write_bytes: "." + target name + "." + mkstemp's 8 characters + ".tmp".
_TEMP_RE = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")


def temporary_target(name: str) -> str | None:
    """The target's name if ``name`` is one of this layer's temporary files, else None."""
    match = _TEMP_RE.fullmatch(name)
    return match["target"] if match else None


def clean_stale_temporaries(folders: Iterable[Path], ours: Callable[[str, str, os.stat_result], bool],
                            now: float | None = None) -> list[Path]:
    """Remove, from ``folders``, regular files older than :data:`STALE_AFTER` seconds for which
    ``ours(entry name, target name, stat)`` is true (the target name is that of the file a temporary
    file of this layer was going to replace, "" for other names); return the paths removed. A
    write running in another window right now is never disturbed; a symlink is never followed."""
    now = time.time() if now is None else now
    removed = []
    for folder in dict.fromkeys(folders):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < STALE_AFTER:
                    continue
                if not ours(entry.name, temporary_target(entry.name) or "", info):
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed

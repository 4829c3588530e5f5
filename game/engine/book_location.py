"""Where the opening book file is: inside the installed ``bitbully-databases`` package.

:func:`book_path` returns a real file's path or raises :class:`BookError` saying why there is none;
the package is found without being imported.
"""

from __future__ import annotations

from importlib import util
from importlib.machinery import ModuleSpec
from pathlib import Path

from .book_trust import BookError

__all__ = ["BOOK_PACKAGE", "BOOK_RESOURCE", "book_path"]

#: The package that ships the book, and the file inside it.
BOOK_PACKAGE = "bitbully_databases"
BOOK_RESOURCE = ("assets", "book_12ply_distances.dat")


def book_path() -> Path:
    """Where the installed package keeps the book; ``BookError`` if it is not installed.

    The package is located without running it (its own reader is not needed). In an ordinary
    installation the file sits in the package's folder and is found there directly; otherwise (a
    frozen bundle, a zipped package) it is reached through the package's resource reader.
    """
    try:
        spec = util.find_spec(BOOK_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.loader is None:
        raise BookError("the opening book is not installed (package bitbully-databases)")
    for folder in spec.submodule_search_locations or ():
        path = Path(folder).joinpath(*BOOK_RESOURCE)
        if path.is_file():
            return path
    return _resource_path(spec)


def _resource_path(spec: ModuleSpec) -> Path:
    """The book through the package's resource reader (as a real file)."""
    from importlib import resources  # here: it loads zip and temporary-file support few runs need

    reader = getattr(spec.loader, "get_resource_reader", None)
    files = reader(spec.name).files() if reader is not None else None
    if files is None:
        raise BookError("the opening book's package has no data files")
    resource = files.joinpath(*BOOK_RESOURCE)
    if not resource.is_file():
        raise BookError("the opening book file is missing from package bitbully-databases")
    with resources.as_file(resource) as path:  # a real file already: as_file returns it as is
        return Path(path)

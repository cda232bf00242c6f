"""Files written atomically: the one home of wekaeval's rule for every file it writes.

A file is written to a hidden temporary file in its own folder (``.NAME.XXXX.tmp``), flushed to the disk,
given the permissions ``open(path, "w")`` would have given, and only then renamed over ``path``: a reader, an
interrupt or a full disk leaves the old file or the new one, never half of one, and no temporary file behind.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "out.txt")
>>> with atomic_output(path) as handle:
...     _ = handle.write("written whole\\n")
>>> open(path).read(), os.listdir(folder)
('written whole\\n', ['out.txt'])
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


@contextmanager
def atomic_output(path: str | os.PathLike[str], *, newline: str | None = None) -> Iterator[IO[str]]:
    """A UTF-8 text file to write, renamed over ``path`` once the ``with`` block ends without an error.

    ``newline`` is :func:`open`'s (``""``: written as given, as the csv module wants).  An error inside
    the block, or in writing, removes the temporary file and leaves ``path`` as it was; the error (an
    :class:`OSError` for a folder that cannot be written or a full disk) propagates.
    """
    target = Path(path)
    folder, prefix = _beside(target)
    handle = tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", newline=newline, dir=folder, prefix=prefix, suffix=".tmp", delete=False
    )
    with _replacing(handle, target):
        yield handle


def write_atomically(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write a whole text (as UTF-8, newlines as given) or a whole binary file to ``path``, atomically."""
    target = Path(path)
    if isinstance(content, str):
        with atomic_output(target, newline="") as text:
            text.write(content)
        return
    folder, prefix = _beside(target)
    binary = tempfile.NamedTemporaryFile("wb", dir=folder, prefix=prefix, suffix=".tmp", delete=False)
    with _replacing(binary, target):
        binary.write(content)


def _beside(target: Path) -> tuple[str, str]:
    """Where the temporary file goes: a hidden name (a prefix) in the target's own folder, so the rename is atomic."""
    return (str(target.parent) if str(target.parent) else "."), f".{target.name}."


@contextmanager
def _replacing(handle: IO[Any], target: Path) -> Iterator[None]:
    """Close, flush to the disk and rename ``handle``'s file over ``target`` after the block; on any error remove it."""
    try:
        with handle:
            yield
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, _mode_of_a_new_file(target))
        os.replace(handle.name, target)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise


def _mode_of_a_new_file(target: Path) -> int:
    """The mode ``open(path, "w")`` would have given (the target's own when it exists), not mkstemp's 0600."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask

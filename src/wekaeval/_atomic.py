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

A file that a run keeps rewriting (the Experimenter's result file) has one writer at a time:
:func:`sole_writer` holds an exclusive lock on ``.NAME.lock`` beside it (the file itself is replaced by
renames, so its own inode cannot be locked) for as long as the run writes, and refuses to write over a file
that changed on disk since the writer last read or wrote it.

>>> with sole_writer(path) as writer:
...     writer.write("rewritten\\n")
...     sole_writer(path).__enter__()
Traceback (most recent call last):
  ...
wekaeval._atomic.OutputBusy: ... is being written by another run (pid ..., started ...)
>>> open(path).read(), os.listdir(folder)
('rewritten\\n', ['out.txt'])
"""

from __future__ import annotations

import datetime
import os
import socket
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

T = TypeVar("T")


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


# -- one writer per file ----------------------------------------------------------------------------------------

#: How often a writer that waits for another one tries the lock again (seconds).
WAIT_INTERVAL = 0.2

#: A file as seen on disk: (device, inode, size, modification time in ns), None when it does not exist.
Signature = tuple[int, int, int, int] | None


class OutputBusy(OSError):
    """Another process holds the file's lock; ``holder`` says who (pid, host, start time), as it wrote it."""

    def __init__(self, message: str, holder: str):
        super().__init__(message)
        self.holder = holder


class OutputChanged(OSError):
    """The file changed on disk since the writer last read or wrote it: a process that takes no lock wrote it."""


class SoleWriter:
    """The one writer of ``path`` while its lock is held (:func:`sole_writer`): reads and atomic rewrites that
    refuse to replace a file someone else changed since."""

    def __init__(self, path: Path, lock: int):
        self.path = path
        self._lock = lock
        self._seen = signature(path)

    def read(self, reader: Callable[[Path], T]) -> T:
        """``reader(path)``, taken as the file's content only if the file did not change while it was read."""
        before = signature(self.path)
        content = reader(self.path)
        if signature(self.path) != before:
            raise OutputChanged(f"{self.path} changed on disk while it was read (another program writes it?)")
        self._seen = before
        return content

    def write(self, content: str) -> None:
        """Replace the file with ``content`` (UTF-8, newlines as given), atomically -- unless it changed on disk
        since it was last read or written here, when :class:`OutputChanged` is raised and nothing is written."""
        if signature(self.path) != self._seen:
            raise OutputChanged(
                f"{self.path} changed on disk since this run last read or wrote it (another program writes it?): "
                "not overwritten, so nothing it holds is lost; run again to resume from it"
            )
        with atomic_output(self.path, newline="") as handle:
            handle.write(content)
            handle.flush()
            written = os.fstat(handle.fileno())  # the file renamed over path: the signature it will have there
        self._seen = (written.st_dev, written.st_ino, written.st_size, written.st_mtime_ns)


def signature(path: Path) -> Signature:
    """``path`` as seen on disk now; None when it does not exist."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` in its folder."""
    target = Path(path)
    return target.parent / f".{target.name}.lock"


@contextmanager
def sole_writer(
    path: str | os.PathLike[str], *, wait: bool = False, waiting: Callable[[str], None] | None = None
) -> Iterator[SoleWriter]:
    """Hold the exclusive lock of ``path`` for the ``with`` block: the :class:`SoleWriter` of ``path``.

    The lock is the operating system's (``flock``, ``msvcrt.locking`` on Windows) on :func:`lock_path`, which
    holds the holder's pid, host and start time; it ends with the block or the process, however that ends
    (``kill -9`` too), so a lock file a killed run left behind blocks nobody.  A held lock raises
    :class:`OutputBusy` naming its holder, or with ``wait`` is waited for (``waiting(holder)`` is called once
    first).  A folder that cannot be written raises :class:`OSError`.
    """
    target = Path(path)
    where = lock_path(target)
    descriptor = _acquire(where, wait, waiting, target)
    try:
        started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
        holder = f"pid {os.getpid()} on host {socket.gethostname()}, started {started}\n"
        os.ftruncate(descriptor, 0)
        os.lseek(descriptor, 0, os.SEEK_SET)
        os.write(descriptor, holder.encode("utf-8", "replace"))
        yield SoleWriter(target, descriptor)
    finally:
        _release(where, descriptor)


def _acquire(where: Path, wait: bool, waiting: Callable[[str], None] | None, target: Path) -> int:
    announced = False
    while True:
        descriptor = os.open(where, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            if _try_lock(descriptor):
                if _is_at(descriptor, where):
                    return descriptor
                holder = ""  # its holder removed the file as it let go: lock the one now there
            else:
                holder = _holder(where)
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)
        if holder:
            if not wait:
                raise OutputBusy(f"{target} is being written by another run ({holder})", holder)
            if waiting is not None and not announced:
                waiting(holder)
                announced = True
            time.sleep(WAIT_INTERVAL)


def _is_at(descriptor: int, where: Path) -> bool:
    """Whether the locked file is still the one at ``where`` (a holder removes it as it lets go)."""
    try:
        found = os.stat(where)
    except FileNotFoundError:
        return False
    held = os.fstat(descriptor)
    return (found.st_dev, found.st_ino) == (held.st_dev, held.st_ino)


def _holder(where: Path) -> str:
    """Who holds the lock, as the holder wrote it (one line, printable), or a word when it has not yet."""
    try:
        with open(where, "rb") as handle:
            text = handle.read(400).decode("utf-8", "replace")
    except OSError:
        text = ""
    line = "".join(char if char.isprintable() else " " for char in text.strip().split("\n")[0])
    return line or "its pid not yet written"


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    _LOCKED_BYTE = 1 << 30  # a byte past the holder's line, which other processes then can still read

    def _try_lock(descriptor: int) -> bool:
        os.lseek(descriptor, _LOCKED_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _release(where: Path, descriptor: int) -> None:
        try:
            os.lseek(descriptor, _LOCKED_BYTE, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(descriptor)
        try:  # Windows removes no file another process has open: then the next holder reuses it
            os.unlink(where)
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(where: Path, descriptor: int) -> None:
        try:  # removed while still locked: a process that opened it meanwhile sees it gone and opens afresh
            os.unlink(where)
        except OSError:
            pass
        os.close(descriptor)  # lets go of the lock

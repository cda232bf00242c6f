"""Names found in a folder that cannot be read as files: the one home of the rule every folder walk follows.

A broken link, a link that loops, a named pipe (reading it would wait for a writer for ever), a socket or a
device found where a file is expected is never skipped in silence: :func:`unreadable_entry` says why, in one
line naming it, and the walk reports that line as it reports a file that cannot be read.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.symlink("missing.log", os.path.join(folder, "gone.log"))
>>> unreadable_entry(os.path.join(folder, "gone.log")).split(": ", 1)[1]
'a broken link to missing.log: No such file or directory'
>>> unreadable_entry(folder) is None, unreadable_entry(folder, folders=False).endswith(": a folder, not a file")
(True, True)
"""

from __future__ import annotations

import os
import stat

__all__ = ["unreadable_entry"]


def unreadable_entry(path: str | os.PathLike, *, folders: bool = True) -> str | None:
    """Why ``path`` cannot be read as a file (one line starting with it), or None for a regular file (and for a
    folder, unless ``folders`` is False)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        reason = error.strerror or str(error)
        if os.path.islink(path):
            try:
                target = f" to {os.readlink(os.fspath(path))}"
            except OSError:
                target = ""
            return f"{os.fspath(path)}: a broken link{target}: {reason}"
        return f"{os.fspath(path)}: cannot read: {reason}"
    if stat.S_ISREG(mode) or (folders and stat.S_ISDIR(mode)):
        return None
    if stat.S_ISDIR(mode):
        return f"{os.fspath(path)}: a folder, not a file"
    kind = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return f"{os.fspath(path)}: not a regular file ({kind}); not read"

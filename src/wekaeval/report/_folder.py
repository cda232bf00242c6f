"""Many saved WEKA outputs at once: :func:`read_weka_outputs` reads files and folders into one :class:`FileReports`,
a :class:`FileReport` per file with its encoding, WEKA versions and ``check()`` result, or the error that stopped it."""

from __future__ import annotations

import codecs
import os
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wekaeval._paths import unreadable_entry
from wekaeval.errors import WekaevalError
from wekaeval.report._consistency import Inconsistency
from wekaeval.report._reader import read_weka_output
from wekaeval.report._report import WekaReport

__all__ = ["FileReport", "FileReports", "read_weka_outputs", "iter_weka_outputs", "CHECK_STATES"]

#: What :attr:`FileReport.check_state` says: every checkable section agrees; some printed value is contradicted;
#: nothing was recomputed (no confusion matrix and no unclassified count: a predictions-only log, a numeric
#: class's summary); the file was not read.
CHECK_STATES = ("consistent", "inconsistent", "nothing to check", "error")

_SNIFF_BYTES = 8192


@dataclass(frozen=True)
class FileReport:
    """One file of :func:`read_weka_outputs`: its report and ``check()`` result, or the error that stopped it."""

    path: str
    report: WekaReport | None = None
    inconsistencies: tuple[Inconsistency, ...] = ()
    error: str | None = None

    @property
    def encoding(self) -> str | None:
        """The codec the file was decoded with (``"auto"`` resolved); None if it was not read."""
        return None if self.report is None else self.report.encoding

    @property
    def weka_versions(self) -> tuple[str, ...]:
        """The WEKA eras whose layouts the file matches; empty if it was not read."""
        return () if self.report is None else self.report.weka_versions

    @property
    def check_state(self) -> str:
        """One of :data:`CHECK_STATES`."""
        if self.report is None:
            return "error"
        if self.inconsistencies:
            return "inconsistent"
        return "consistent" if self.report.checkable() else "nothing to check"

    def check_text(self) -> str:
        """The check result in words: the state, and for an inconsistent file every contradiction."""
        if self.report is None:
            return f"error: {self.error}"
        if self.inconsistencies:
            return "inconsistent: " + "; ".join(str(found) for found in self.inconsistencies)
        return self.check_state

    def section_inconsistencies(self, line: int) -> str:
        """The contradictions ``check()`` found in the section starting at ``line``, "; "-joined."""
        starts = sorted(section.line for section in self.report.sections) if self.report is not None else []
        end = min((start for start in starts if start > line), default=None)
        inside = [found for found in self.inconsistencies if found.line >= line and (end is None or found.line < end)]
        return "; ".join(str(found) for found in inside)


@dataclass(frozen=True)
class FileReports:
    """What :func:`read_weka_outputs` read: a :class:`FileReport` per file, in order."""

    files: tuple[FileReport, ...]

    def __iter__(self) -> Iterator[FileReport]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)

    @staticmethod
    def tally(states: Iterable[str]) -> str:
        """The closing count of ``check``: every file once, so the parts add up to the total (states as
        :attr:`FileReport.check_state` gives them).

        >>> FileReports.tally(["consistent", "consistent", "nothing to check", "error"])
        '4 files: 2 consistent, 0 with inconsistencies, 1 with nothing to check, 1 unreadable or not WEKA output'
        """
        states = list(states)
        counts = {state: states.count(state) for state in CHECK_STATES}
        parts = [f"{counts['consistent']} consistent", f"{counts['inconsistent']} with inconsistencies"]
        if counts["nothing to check"]:
            parts.append(f"{counts['nothing to check']} with nothing to check")
        if counts["error"]:
            parts.append(f"{counts['error']} unreadable or not WEKA output")
        return f"{len(states)} file{'s' if len(states) != 1 else ''}: " + ", ".join(parts)

    @property
    def failed(self) -> tuple[FileReport, ...]:
        """The files that could not be read."""
        return tuple(file for file in self.files if file.report is None)

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per section of every file (one row for a file with none or not read):
        ``file``, ``encoding``, ``weka_versions``, ``check`` (the file's state), ``inconsistencies`` (this
        section's contradictions, "; "-joined), ``error``, then :meth:`WekaReport.to_frame`'s columns."""
        from wekaeval._frames import records_frame
        from wekaeval.blocks._shared import SUMMARY_FIELDS

        head = ("file", "encoding", "weka_versions", "check", "inconsistencies", "error")
        columns = (*head, "section", "evaluation", "line", *SUMMARY_FIELDS, "plugin_metrics")
        rows: list[dict[str, Any]] = []
        for file in self.files:
            base = {
                "file": file.path,
                "encoding": file.encoding,
                "weka_versions": " ".join(file.weka_versions),
                "check": file.check_state,
                "error": file.error,
            }
            sections = () if file.report is None else file.report.sections
            if not sections:
                rows.append({**base, "inconsistencies": ""})
            for section in sections:
                summary = section.summary
                rows.append(
                    {
                        **base,
                        "inconsistencies": file.section_inconsistencies(section.line),
                        "section": section.title,
                        "evaluation": section.evaluation,
                        "line": section.line,
                        **{name: None if summary is None else getattr(summary, name) for name in SUMMARY_FIELDS},
                        "plugin_metrics": None if summary is None else dict(summary.plugin_metrics),
                    }
                )
        return records_frame(rows, columns)


def read_weka_outputs(
    sources: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    glob: str = "*",
    encoding: str | None = None,
) -> FileReports:
    """Read many WEKA outputs: files, and folders searched recursively; check each one.

    Parameters
    ----------
    sources : path or paths
        Files and folders.  A folder stands for the files under it whose
        names match ``glob``, searched recursively in sorted order, leaving
        out hidden files and folders (``.name``) and files that are clearly
        not text (a NUL byte in the first 8 KiB without a UTF-16 byte-order
        mark: a saved model, a jar, an image).
    glob : str, default "*"
        The file names to take from folders (``"*.log"``); a file named
        directly is always read.
    encoding : str, optional
        The files' encoding; by default ``"auto"`` for the files found in
        folders and ``"utf-8"`` for files named directly (see
        :func:`read_weka_output`).  A legacy code page chosen by ``auto`` is
        recorded in :attr:`FileReport.encoding`; its warning is not raised.

    Returns
    -------
    FileReports
        A :class:`FileReport` per file: its report and ``check()`` result, or
        the error that stopped it (a file that fails does not stop the rest).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from wekaeval.report import read_weka_outputs
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "notes.txt").write_text("not WEKA\\n")
    >>> [(file.check_state, file.error is not None) for file in read_weka_outputs(folder)]
    [('error', True)]
    """
    return FileReports(tuple(iter_weka_outputs(sources, glob=glob, encoding=encoding)))


def iter_weka_outputs(
    sources: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    glob: str = "*",
    encoding: str | None = None,
    skip: str | os.PathLike | None = None,
) -> Iterator[FileReport]:
    """:func:`read_weka_outputs` one file at a time (a report is not kept once the caller is done with it);
    ``skip`` is a file left out of folders (an output being written into one)."""
    left_out = None if skip is None else Path(skip).resolve()
    for path, named, problem in folder_files(sources, glob=glob, skip=left_out, encoding=encoding):
        if problem is not None:
            yield FileReport(str(path), error=problem)
            continue
        yield read_one(path, encoding or ("utf-8" if named else "auto"))


def read_one(path: Path, encoding: str) -> FileReport:
    """One file read and checked, or the error that stopped it (one line, naming the file)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the encoding chosen is recorded in the report
            report = read_weka_output(path, encoding=encoding)
    except WekaevalError as error:
        return FileReport(str(path), error=str(error))
    except IsADirectoryError:
        return FileReport(str(path), error=f"{path}: a folder, not a file")
    except OSError as error:
        return FileReport(str(path), error=f"{path}: cannot read: {error.strerror or error}")
    except (UnicodeError, LookupError, ValueError) as error:
        return FileReport(str(path), error=f"{path}: {error}")
    return FileReport(str(path), report, tuple(report.check()))


def folder_files(
    sources: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    glob: str = "*",
    skip: Path | None = None,
    encoding: str | None = None,
) -> Iterator[tuple[Path, bool, str | None]]:
    """Each file to read, whether it was named directly (True) or found in a folder (False), and what stopped it
    from being read (None for a file to read): a folder found that cannot be listed, a broken link, a name that is
    not a regular file (a named pipe, a socket).

    A folder with no file to read yields nothing; the caller says so.  ``skip`` (a resolved path: the output being
    written) is left out of folders, and so are binary files (:func:`is_binary`) unless ``encoding`` is UTF-16 or 32."""
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    wide = encoding not in (None, "auto") and codecs.lookup(encoding).name.startswith(("utf-16", "utf-32"))
    for source in sources:
        path = Path(source)
        if not path.is_dir():
            yield path, True, None  # a missing or unreadable file is reported when it is read
            continue
        for found, problem in walk_folder(path, glob):
            if problem is None and (
                (skip is not None and found.resolve() == skip) or (wide is False and is_binary(found))
            ):
                continue
            yield found, False, problem


def walk_folder(folder: Path, glob: str = "*") -> list[tuple[Path, str | None]]:
    """The files under ``folder`` whose names match ``glob`` (as :meth:`pathlib.Path.rglob` matches), hidden files
    and folders left out, links to folders not followed (no loop), sorted as ``sorted(folder.rglob(glob))``; with
    each, None, or why it cannot be read (one line naming it): a folder that cannot be listed (whatever its name),
    a broken link, something other than a regular file (a named pipe would never end).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "run.log").write_text("log\\n")
    >>> (folder / "gone.log").symlink_to(folder / "missing.log")
    >>> [(path.name, problem is None) for path, problem in walk_folder(folder, "*.log")]
    [('gone.log', False), ('run.log', True)]
    """
    if not glob or glob.startswith("/"):
        raise ValueError(f"glob {glob!r}: give a pattern of names inside the folder, such as '*.log'")
    found: list[tuple[Path, str | None]] = []

    def unlisted(error: OSError) -> None:
        where = Path(error.filename) if error.filename else folder
        found.append((where, f"{where}: cannot list the folder: {error.strerror or error}"))

    for root, folders, names in os.walk(folder, onerror=unlisted):
        folders[:] = [name for name in folders if not name.startswith(".")]
        base = Path(root)
        for name in names:
            entry = base / name
            if name.startswith(".") or not entry.relative_to(folder).match(glob):
                continue
            found.append((entry, unreadable_entry(entry, folders=False)))
    found.sort(key=lambda item: item[0].parts)
    return found


def is_binary(path: Path) -> bool:
    """A NUL byte early on without a UTF-16/32 byte-order mark: not text (a model, a jar, an image)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False  # reported when it is read
    boms = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
    return b"\0" in head and not head.startswith(boms)

"""The ``parse``, ``check`` and ``report`` commands: many saved WEKA outputs at once.

Each argument is a file or a folder.  A folder stands for the files under it
(searched recursively, names matching ``--glob``), in sorted order, leaving out
hidden files and folders and files that are clearly not text (see
:func:`wekaeval.report.read_weka_outputs`); they are read with ``--encoding
auto`` unless one is given.  A file that cannot be read or is not WEKA's
output is reported on stderr, one line naming it, and is a row with its error
in the CSV, JSON and HTML; the others are still read; the exit status is then 2.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from wekaeval._textsource import counted
from wekaeval.cli._common import (
    STDOUT,
    USAGE_ERROR,
    add_encoding,
    check_outputs,
    one_line,
    output_file,
    shown,
    shown_lines,
    spreadsheet_safe,
    write_text,
)
from wekaeval.cli._words import in_command_words
from wekaeval.errors import WekaevalError

if TYPE_CHECKING:  # at run time each command imports what it uses, so that --help needs none of it
    from wekaeval.blocks._shared import Section
    from wekaeval.report import FileReport, WekaReport


@cache
def csv_columns() -> tuple[str, ...]:
    """The columns of ``parse --csv``: where the section is, what was run, every summary statistic, then the
    plugin metrics (a JSON object, label -> value) and the number of predictions."""
    from wekaeval.blocks._shared import SUMMARY_FIELDS

    return (
        "file",
        "encoding",
        "check",
        "inconsistencies",
        "error",
        "section",
        "evaluation",
        "line",
        "scheme",
        "relation",
        "test_mode",
        "options",
        "weka_versions",
        *SUMMARY_FIELDS,
        "plugin_metrics",
        "predictions",
    )


FILES_HELP = (
    "WEKA's outputs saved as text, or folders of them (searched recursively for names matching --glob, sorted; "
    "read with --encoding auto unless one is given, as the files named are)"
)


class Inputs:
    """The files named or found in folders, read and checked one by one; what cannot be read is reported on
    stderr and kept as a :class:`FileReport` with its error, not raised."""

    def __init__(self, arguments: Sequence[str], *, encoding: str | None = None, glob: str = "*"):
        self.arguments = list(arguments)
        self.encoding = encoding
        self.glob = glob
        self.failed = 0
        self.written: Path | None = None  # the output file, left out of a folder's files

    def files(self) -> Iterator[FileReport]:
        """Each file's report and check result, in order; a file that fails is one line on stderr, and is
        yielded too, with its error."""
        from wekaeval.report import FileReport, iter_weka_outputs

        for argument in self.arguments:
            found = False
            for file in iter_weka_outputs(argument, glob=self.glob, encoding=self.encoding, skip=self.written):
                found = True
                if file.error is not None:  # in the command line's words in the CSV, JSON and HTML too
                    error = in_command_words(file.error)
                    file = replace(file, error=error)
                    self.fail(error)
                yield file
            if not found:
                self.fail(f"{argument}: no files to read in the folder (none matches {self.glob!r})")
                yield FileReport(argument, error=f"{argument}: no files to read in the folder")

    def reports(self) -> Iterator[WekaReport]:
        """Each readable file's report, in order; every other file is one line on stderr."""
        for file in self.files():
            if file.report is not None:
                yield file.report

    def fail(self, message: str) -> None:
        """One line on stderr, at once (not after the other files' output)."""
        self.failed += 1
        print(f"wekaeval: error: {one_line(message)}", file=sys.stderr, flush=True)

    def one_file(self) -> bool:
        """Whether a single file was named (not a folder): ``--json`` then prints one object, not a list."""
        return len(self.arguments) == 1 and not Path(self.arguments[0]).is_dir()


def _weka_output(path: Path, encoding: str | None) -> bool:
    """Whether a file is one ``parse``/``check`` would read: WEKA's output (a file that cannot be read counts)."""
    from wekaeval.report import read_weka_output

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            read_weka_output(path, encoding=encoding or "auto")
    except WekaevalError:
        return False
    except (OSError, ValueError):
        return True
    return True


@contextmanager
def output(path: str | None, inputs: Inputs, *, option: str = "--output") -> Iterator[IO[str]]:
    """stdout (no ``path``, or ``-``), or the file ``path`` written atomically (:func:`output_file`): never one of
    the inputs, nor a WEKA output inside a folder of inputs (the output itself is left out of a folder's files, so
    an earlier run's output there is written again)."""
    if path is None or path == STDOUT:
        yield sys.stdout
        return
    check_outputs({option: path}, inputs.arguments, read=lambda found: _weka_output(found, inputs.encoding))
    inputs.written = Path(path).resolve()
    with output_file(path, option=option) as handle:
        yield handle


def run_parse(inputs: Inputs, form: str, out: IO[str]) -> None:
    """Write a digest, JSON or CSV of every input to ``out`` (a file that fails is a row with its error)."""
    if form == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(csv_columns())
        for file in inputs.files():  # text a spreadsheet would run as a formula is neutralised
            writer.writerows([spreadsheet_safe(cell) for cell in row] for row in csv_rows(file))
    elif form == "json":  # streamed: each file's document as it is read, a predictions table row by row
        documents = (file_document(file, stream=True) for file in inputs.files())
        if inputs.one_file():
            document = next(documents, None)
            if document is not None and "error" not in document:
                write_json(document, out)
        else:
            write_json(documents, out)
    else:
        for number, report in enumerate(inputs.reports()):
            out.write(("\n" if number else "") + digest(report))


def file_document(file: FileReport, *, stream: bool = False) -> dict[str, Any]:
    """A file's JSON: its report's ``to_dict()`` with its ``check`` result, or its path and error; ``stream``:
    a predictions table's rows as an iterator (for :func:`write_json`)."""
    if file.report is None:
        return {"source": file.path, "error": file.error, "check": "error"}
    return {
        **file.report.to_dict(stream=stream),
        "check": file.check_state,
        "checked": file.report.checked(),
        "inconsistencies": [str(found) for found in file.inconsistencies],
    }


#: The indentation of ``parse --json``.
JSON_INDENT = 2


def write_json(value: Any, out: IO[str]) -> None:
    """``value`` as ``json.dumps(value, indent=2, allow_nan=False)`` writes it, and a newline, written as it is
    made: an iterator stands for a list, each item made, written and dropped in turn.

    >>> import io
    >>> out = io.StringIO()
    >>> write_json({"a": iter([{"b": 1}, [2.5]]), "c": iter([])}, out)
    >>> out.getvalue() == json.dumps({"a": [{"b": 1}, [2.5]], "c": []}, indent=2) + "\\n"
    True
    """
    for chunk in _json_chunks(value, 0):
        out.write(chunk)
    out.write("\n")


def _json_chunks(value: Any, level: int) -> Iterator[str]:
    inner = "\n" + " " * (JSON_INDENT * (level + 1))
    if isinstance(value, Iterator) or (isinstance(value, (dict, list)) and _streams(value)):
        items = iter(value.items()) if isinstance(value, dict) else iter(value)
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        first = True
        for item in items:
            yield (opening if first else ",") + inner
            first = False
            if isinstance(value, dict):
                yield json.dumps(item[0]) + ": "
                item = item[1]
            yield from _json_chunks(item, level + 1)
        yield opening + closing if first else "\n" + " " * (JSON_INDENT * level) + closing
    else:  # json's own indented text, moved in to this depth (a JSON string holds no raw newline)
        text = json.dumps(value, indent=JSON_INDENT, allow_nan=False)
        yield text.replace("\n", "\n" + " " * (JSON_INDENT * level)) if level else text


def _streams(value: dict | list) -> bool:
    """Whether an iterator is inside ``value`` (it is then written part by part)."""
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(item, Iterator) or (isinstance(item, (dict, list)) and _streams(item)) for item in items)


def csv_rows(file: FileReport | WekaReport) -> Iterator[list[Any]]:
    """One flat row per section, in :func:`csv_columns`' order; a value not printed is empty.  A file that
    could not be read, or has no section, is one row with its path, check result and error."""
    from wekaeval.blocks._shared import SUMMARY_FIELDS, json_number
    from wekaeval.report import FileReport, WekaReport

    if isinstance(file, WekaReport):
        file = FileReport(file.source, file, tuple(file.check()))
    report = file.report
    head = [file.path, file.encoding or "", file.check_state]
    if report is None or not report.sections:
        cells = {"file": file.path, "encoding": file.encoding or "", "check": file.check_state}
        cells.update(error=file.error or "", weka_versions="" if report is None else " ".join(report.weka_versions))
        yield [cells.get(column, "") for column in csv_columns()]
        return
    info = report.run_info
    for section in report.sections:
        summary = section.summary
        row: list[Any] = [
            *head,
            file.section_inconsistencies(section.line),
            "",
            section.title,
            section.evaluation,
            section.line,
            info.scheme if info else "",
            info.relation if info else "",
            (info.test_mode or "") if info else "",
            report.options or "",
            " ".join(report.weka_versions),
        ]
        row += [_cell(None if summary is None else getattr(summary, name)) for name in SUMMARY_FIELDS]
        plugins = {} if summary is None else summary.plugin_metrics
        row.append(json.dumps({label: json_number(value) for label, value in plugins.items()}) if plugins else "")
        row.append("" if section.predictions is None else len(section.predictions.rows))
        yield row


def _cell(value: float | None) -> str:
    """A number as the shortest text that reads back to the same double; WEKA's words for NaN and infinities."""
    if value is None:
        return ""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return repr(value)


def digest(report: WekaReport) -> str:
    """A readable account of what was read: run information, then each section's numbers and tables (control
    characters in names escaped, :func:`shown_lines`)."""
    out = [
        f"{shown(report.source)}: {len(report.sections)} section{'s' if len(report.sections) != 1 else ''}\n",
        f"printed by WEKA {' or '.join(report.weka_versions)}\n",
    ]
    if report.run_info is not None:
        info = report.run_info
        if info.filename is not None:
            out.append(f"model file: {info.filename}\n")
        size = "" if info.instances is None else f"{info.instances} instances, "
        out.append(f"scheme: {info.scheme}\nrelation: {info.relation} ({size}{info.num_attributes} attributes)\n")
        if info.test_mode is not None:
            out.append(f"test mode: {info.test_mode}\n")
    if report.options is not None:
        out.append(f"options: {report.options}\n")
    for phrase, seconds in report.times.items():
        out.append(f"time to {phrase}: {seconds} s\n")
    for section in report.sections:
        out.append(_section_digest(section))
    return shown_lines("".join(out))


def _section_digest(section: Section) -> str:
    title = section.title if section.evaluation == section.title else f"{section.evaluation} / {section.title}"
    out = [f"\n== {title} (line {section.line}) ==\n"]
    if section.summary is not None:
        out += [
            f"  {name:<38} {value}\n" for name, value in section.summary.to_dict().items() if name != "plugin_metrics"
        ]
        out += [f"  {label:<38} {value}\n" for label, value in section.summary.plugin_metrics.items()]
    if section.class_details is not None:
        out.append("  detailed accuracy by class:\n")
        out += [f"    {line}\n" for line in section.class_details.to_text().splitlines()]
    if section.confusion_matrix is not None:
        out.append("  confusion matrix:\n")
        out += [f"    {line}\n" for line in section.confusion_matrix.to_text().splitlines()]
    if section.predictions is not None:
        rows = section.predictions.rows
        kind = "nominal" if section.predictions.nominal else "numeric"
        out.append(f"  {counted(len(rows), 'prediction')} ({kind} class)")
        if section.predictions.nominal:
            out.append(f", {sum(1 for row in rows if row.error)} marked as errors")
        out.append("\n")
    return "".join(out)


def run_check(inputs: Inputs, out: IO[str]) -> bool:
    """Print every inconsistency, a line per file, and a closing count for many; True if any was found."""
    from wekaeval.report import FileReports

    states: list[str] = []
    for file in inputs.files():
        states.append(file.check_state)
        report = file.report
        if report is None:
            continue  # its error is on stderr
        source = shown(report.source)
        for inconsistency in file.inconsistencies:
            out.write(f"{source}:{shown(str(inconsistency))}\n")
        if file.inconsistencies:
            out.write(
                f"{source}: {len(file.inconsistencies)} inconsistencies in {report.checkable()} checked sections\n"
            )
        else:
            out.write(f"{source}: {file.check_state} ({report.checked()})\n")
    if not inputs.one_file():
        out.write(FileReports.tally(states) + "\n")
    return "inconsistent" in states


def add_parsers(commands: Any) -> None:
    """The ``parse``, ``check`` and ``report`` commands' arguments."""
    parse_parser = commands.add_parser(
        "parse",
        help="read saved WEKA outputs (command-line logs, Explorer buffers) and print what they hold",
        description="Read WEKA's evaluation outputs and print a digest of every section, JSON, or CSV with one "
        "row per section (with its file's encoding, WEKA versions and check result). A file that cannot be read "
        "is one line on stderr (and a row with its error); the rest are read; exit 2 then.",
    )
    parse_parser.add_argument("files", nargs="+", metavar="FILE|DIR", help=FILES_HELP)
    form = parse_parser.add_mutually_exclusive_group()
    form.add_argument(
        "--json", action="store_true", help="print JSON: one object for one FILE, else a list, one per file"
    )
    form.add_argument(
        "--csv", action="store_true", help="print CSV: a header, then one row per section with every statistic"
    )
    parse_parser.add_argument(
        "-o", "--output", metavar="OUT", help="write to OUT instead of stdout (atomically; never over an input)"
    )
    _add_file_options(parse_parser)
    parse_parser.set_defaults(run=_parse_command)

    check_parser = commands.add_parser(
        "check",
        help="recompute kappa, counts and percentages from WEKA outputs' confusion matrices",
        description="Print every printed value its section's confusion matrix contradicts; exit 1 if any, "
        "2 if a file cannot be read or is not WEKA's output (the others are still checked).",
    )
    check_parser.add_argument("files", nargs="+", metavar="FILE|DIR", help=FILES_HELP)
    _add_file_options(check_parser)
    check_parser.set_defaults(run=_check_command)

    report_parser = commands.add_parser(
        "report",
        help="write WEKA outputs (logs, Explorer buffers, folders of them) as one self-contained HTML page",
        description="Read WEKA's evaluation outputs and write one HTML page with no external resources: for "
        "many files, a table of every file's encoding, WEKA versions and check result first; then for each, the "
        "run information, the check result, each section's statistics, its confusion matrix as a heat map, and "
        "ROC curves drawn from printed predictions with a distribution.",
    )
    report_parser.add_argument("files", nargs="+", metavar="LOG|DIR", help=FILES_HELP)
    report_parser.add_argument(
        "--html", metavar="FILE", required=True, help="the HTML page to write (- for stdout; never over a LOG)"
    )
    _add_file_options(report_parser)
    report_parser.set_defaults(run=_report_command)


def _add_file_options(parser: argparse.ArgumentParser) -> None:
    add_encoding(parser)
    parser.add_argument(
        "--glob",
        default="*",
        type=_pattern,
        metavar="PATTERN",
        help="the file names to read in folders (default *; e.g. '*.log')",
    )


def _pattern(text: str) -> str:
    """``--glob``: a pattern of names inside the folders, not empty, not an absolute path."""
    if not text or text.startswith("/"):
        raise argparse.ArgumentTypeError(f"{text!r}: give a pattern of names inside the folders, such as '*.log'")
    return text


def _parse_command(args: argparse.Namespace) -> int:
    inputs = Inputs(args.files, encoding=args.encoding, glob=args.glob)
    form = "csv" if args.csv else "json" if args.json else "digest"
    with output(args.output, inputs) as out:
        run_parse(inputs, form, out)
    return USAGE_ERROR if inputs.failed else 0


def _report_command(args: argparse.Namespace) -> int:
    from wekaeval._html import report_html, reports_html
    from wekaeval.report import read_weka_output

    inputs = Inputs(args.files, encoding=args.encoding, glob=args.glob)
    if inputs.one_file():  # one file: its page, or its error (no page)
        check_outputs({"--html": args.html}, args.files)
        report = read_weka_output(Path(args.files[0]), encoding=args.encoding)
        write_text(args.html, report_html(report), option="--html")
        return 0
    with output(args.html, inputs, option="--html") as out:
        out.write(reports_html(list(inputs.files())))
    return USAGE_ERROR if inputs.failed else 0


def _check_command(args: argparse.Namespace) -> int:
    inputs = Inputs(args.files, encoding=args.encoding, glob=args.glob)
    found = run_check(inputs, sys.stdout)
    return USAGE_ERROR if inputs.failed else 1 if found else 0

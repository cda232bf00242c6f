"""The ``parse`` and ``check`` commands: many saved WEKA outputs at once.

Each argument is a file or a folder.  A folder stands for the files directly
inside it (not its subfolders), in sorted order, leaving out hidden files
(``.name``) and files that are clearly not text (a NUL byte in the first
8 KiB: a saved ``.model``, a jar, an image; UTF-16 text is kept).  A file that
cannot be read or is not WEKA's output is reported on stderr, one line naming
it, and the others are still read; the exit status is then 2.
"""

from __future__ import annotations

import argparse
import codecs
import csv
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from wekaeval.blocks import SUMMARY_FIELDS, Section, json_number
from wekaeval.cli._common import (
    FILES_HELP,
    STDOUT,
    USAGE_ERROR,
    add_encoding,
    check_outputs,
    one_line,
    output_file,
    spreadsheet_safe,
    write_text,
)
from wekaeval.errors import WekaevalError
from wekaeval.report import WekaReport, read_weka_output

#: The columns of ``parse --csv``: where the section is, what was run, every summary statistic, then the
#: plugin metrics (a JSON object, label -> value) and the number of predictions.
CSV_COLUMNS = (
    "file",
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


_SNIFF_BYTES = 8192


class Inputs:
    """The files named or found in folders, read one by one; what cannot be read is reported, not raised."""

    def __init__(self, arguments: Sequence[str], *, encoding: str = "utf-8"):
        self.arguments = list(arguments)
        self.encoding = encoding
        self.failed = 0
        self.written: Path | None = None  # the output file, left out of a folder's files

    def reports(self) -> Iterator[WekaReport]:
        """Each readable file's report, in order; every other file is one line on stderr."""
        for path in self._paths():
            try:
                report = read_weka_output(path, encoding=self.encoding)
            except WekaevalError as error:
                self.fail(str(error))
                continue
            except OSError as error:
                self.fail(f"{path}: cannot read: {error.strerror or error}")
                continue
            yield report

    def fail(self, message: str) -> None:
        """One line on stderr, at once (not after the other files' output)."""
        self.failed += 1
        print(f"wekaeval: error: {one_line(message)}", file=sys.stderr, flush=True)

    def one_file(self) -> bool:
        """Whether a single file was named (not a folder): ``--json`` then prints one object, not a list."""
        return len(self.arguments) == 1 and not Path(self.arguments[0]).is_dir()

    def _paths(self) -> Iterator[Path]:
        for argument in self.arguments:
            path = Path(argument)
            if not path.is_dir():
                yield path  # a missing or unreadable file is reported when it is read
                continue
            try:
                found = sorted(p for p in path.iterdir() if not p.name.startswith(".") and p.is_file())
            except OSError as error:
                self.fail(f"{argument}: cannot list the folder: {error.strerror or error}")
                continue
            found = [p for p in found if p.resolve() != self.written and not _binary(p, self.encoding)]
            if not found:
                self.fail(f"{argument}: no files to read in the folder (subfolders are not searched)")
            yield from found


def _weka_output(path: Path, encoding: str) -> bool:
    """Whether a file is one ``parse``/``check`` would read: WEKA's output (a file that cannot be read counts)."""
    try:
        read_weka_output(path, encoding=encoding)
    except WekaevalError:
        return False
    except (OSError, ValueError):
        return True
    return True


def _binary(path: Path, encoding: str) -> bool:
    """A NUL byte early on: not text (UTF-16 and UTF-32 text excepted; the reader explains those)."""
    if codecs.lookup(encoding).name.startswith(("utf-16", "utf-32")):
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False  # reported when it is read
    return b"\0" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))


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
    """Write a digest, JSON or CSV of every readable input to ``out``."""
    if form == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for report in inputs.reports():  # text a spreadsheet would run as a formula is neutralised
            writer.writerows([spreadsheet_safe(cell) for cell in row] for row in csv_rows(report))
    elif form == "json":
        documents = [report.to_dict() for report in inputs.reports()]
        if inputs.one_file():
            if documents:
                out.write(json.dumps(documents[0], indent=2, allow_nan=False) + "\n")
        else:
            out.write(json.dumps(documents, indent=2, allow_nan=False) + "\n")
    else:
        for number, report in enumerate(inputs.reports()):
            out.write(("\n" if number else "") + digest(report))


def csv_rows(report: WekaReport) -> Iterator[list[Any]]:
    """One flat row per section, in :data:`CSV_COLUMNS`' order; a value not printed is empty."""
    info = report.run_info
    for section in report.sections:
        summary = section.summary
        row: list[Any] = [
            report.source,
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
    """A readable account of what was read: run information, then each section's numbers and tables."""
    out = [
        f"{report.source}: {len(report.sections)} section{'s' if len(report.sections) != 1 else ''}\n",
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
    return "".join(out)


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
        out.append(f"  {len(rows)} predictions ({kind} class)")
        if section.predictions.nominal:
            out.append(f", {sum(1 for row in rows if row.error)} marked as errors")
        out.append("\n")
    return "".join(out)


def run_check(inputs: Inputs, out: IO[str]) -> bool:
    """Print every inconsistency, a line per file, and a closing count for many; True if any was found."""
    files = consistent = 0
    for report in inputs.reports():
        files += 1
        found = report.check()
        checked = sum(1 for section in report.sections if section.summary and section.confusion_matrix)
        for inconsistency in found:
            out.write(f"{report.source}:{inconsistency}\n")
        if found:
            out.write(f"{report.source}: {len(found)} inconsistencies in {checked} checked sections\n")
        else:
            consistent += 1
            total = len(report.sections)
            out.write(f"{report.source}: consistent ({checked} of {total} sections have a confusion matrix to check)\n")
    if not inputs.one_file():
        out.write(
            f"{files} files read: {consistent} consistent, {files - consistent} with inconsistencies"
            f"{f', {inputs.failed} unreadable or not WEKA output' if inputs.failed else ''}\n"
        )
    return consistent < files


def add_parsers(commands: Any) -> None:
    """The ``parse``, ``check`` and ``report`` commands' arguments."""
    parse_parser = commands.add_parser(
        "parse",
        help="read saved WEKA outputs (command-line logs, Explorer buffers) and print what they hold",
        description="Read WEKA's evaluation outputs and print a digest of every section, JSON, or CSV with one "
        "row per section. A file that cannot be read is one line on stderr; the rest are read; exit 2 then.",
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
    add_encoding(parse_parser)
    parse_parser.set_defaults(run=_parse_command)

    check_parser = commands.add_parser(
        "check",
        help="recompute kappa, counts and percentages from WEKA outputs' confusion matrices",
        description="Print every printed value its section's confusion matrix contradicts; exit 1 if any, "
        "2 if a file cannot be read or is not WEKA's output (the others are still checked).",
    )
    check_parser.add_argument("files", nargs="+", metavar="FILE|DIR", help=FILES_HELP)
    add_encoding(check_parser)
    check_parser.set_defaults(run=_check_command)

    report_parser = commands.add_parser(
        "report",
        help="write a WEKA output (a log, an Explorer buffer) as a self-contained HTML page",
        description="Read WEKA's evaluation output and write one HTML page with no external resources: the run "
        "information, each section's statistics, its confusion matrix as a heat map, and ROC curves drawn from "
        "printed predictions with a distribution.",
    )
    report_parser.add_argument("file", metavar="LOG", help="WEKA's output saved as text")
    report_parser.add_argument(
        "--html", metavar="FILE", required=True, help="the HTML page to write (- for stdout; never over LOG)"
    )
    add_encoding(report_parser)
    report_parser.set_defaults(run=_report_command)


def _parse_command(args: argparse.Namespace) -> int:
    inputs = Inputs(args.files, encoding=args.encoding)
    form = "csv" if args.csv else "json" if args.json else "digest"
    with output(args.output, inputs) as out:
        run_parse(inputs, form, out)
    return USAGE_ERROR if inputs.failed else 0


def _report_command(args: argparse.Namespace) -> int:
    from wekaeval._html import report_html
    from wekaeval.report import read_weka_output

    check_outputs({"--html": args.html}, [args.file])
    report = read_weka_output(Path(args.file), encoding=args.encoding)
    write_text(args.html, report_html(report), option="--html")
    return 0


def _check_command(args: argparse.Namespace) -> int:
    inputs = Inputs(args.files, encoding=args.encoding)
    found = run_check(inputs, sys.stdout)
    return USAGE_ERROR if inputs.failed else 1 if found else 0

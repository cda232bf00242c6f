"""``wekaeval compare``: many schemes over many data sets ranked and tested (Friedman, a post-hoc procedure, the
comparison with a control, WEKA's corrected t-test beside them), Demšar's diagram and an HTML page."""

from __future__ import annotations

import argparse
import csv
import io
import re
import sys
import warnings
from pathlib import Path
from typing import Any

from wekaeval._textsource import counted
from wekaeval.cli._common import (
    STDOUT,
    UsageError,
    add_encoding,
    check_outputs,
    output_file,
    probability_level,
    shown,
    spreadsheet_safe,
    warning_line,
    write_binary,
    write_text,
)

#: The all-pairs procedures ``--posthoc`` names, in compare()'s words.
POSTHOC_METHODS = ("nemenyi", "holm", "shaffer", "bergmann-hommel", "conover", "wilcoxon-holm")
DIAGRAM_SUFFIXES = (".svg", ".png", ".pdf")


def add_parser(commands: Any) -> None:
    """The ``compare`` command's arguments."""
    parser = commands.add_parser(
        "compare",
        help="rank many schemes over many data sets: Friedman's test, a post-hoc procedure, Demšar's diagram",
        description="Rank the schemes of an Experimenter result file (ARFF or CSV) on each data set by their mean "
        "of a measure (as WEKA's Stats computes it) and test the ranks as Demšar (2006) does: Friedman's test, "
        "an all-pairs post-hoc procedure, every scheme against a control; WEKA's corrected t-test and its "
        "wins/losses ranking beside them. Data sets where a scheme has no result are named and left out of the "
        "rank tests.",
    )
    parser.add_argument(
        "file", metavar="RESULTS", help="the Experimenter's .arff or .csv results (with --table: a CSV table)"
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="RESULTS is a data set x scheme table, not a result file: CSV, a first row of scheme names after "
        "one cell, then each data set's name and a value per scheme (empty or ? where it has none); --measure "
        "names what the values are, for their direction (or --better says it)",
    )
    parser.add_argument(
        "--measure",
        default="Percent_correct",
        help="the column (default Percent_correct); with --table, what the table's values are",
    )
    parser.add_argument(
        "--significance",
        "--alpha",
        dest="significance",
        type=probability_level,
        default=0.05,
        help="the tests' level, alpha (default 0.05)",
    )
    parser.add_argument(
        "--base",
        "--control",
        dest="base",
        metavar="N|NAME",
        help="the control every other scheme is tested against, and WEKA's t-test base: its number in the key "
        "(1, 2, ...) or its scheme (J48, trees.J48); default the best mean rank (WEKA's t-test: the first scheme)",
    )
    parser.add_argument(
        "--better",
        choices=("higher", "lower"),
        help="which values of the measure are better (default: known from its name; errors, times and sizes are "
        "better lower, accuracy, kappa, areas higher)",
    )
    parser.add_argument(
        "--posthoc",
        choices=POSTHOC_METHODS,
        default="nemenyi",
        metavar="METHOD",
        help="the all-pairs procedure: " + ", ".join(POSTHOC_METHODS) + " (default nemenyi)",
    )
    parser.add_argument(
        "--rope",
        type=_rope,
        metavar="WIDTH",
        help="also the Bayesian signed-rank test of every scheme against the control, with this region of "
        "practical equivalence (half-width, in the measure's units; 0 for none)",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        help="the Bayesian test's seed (0 to 2**32 - 1; it also runs the test, with --rope 0 unless given); "
        "without it a fresh seed is drawn and printed",
    )
    parser.add_argument(
        "--diagram", metavar="IMAGE", help="also draw the critical-difference diagram, .svg, .png or .pdf"
    )
    parser.add_argument(
        "--html",
        metavar="PAGE",
        help="also write the comparison as an HTML page, the diagram in it (- for stdout: the text then goes "
        "to stderr)",
    )
    parser.add_argument(
        "--csv", action="store_true", help="print the table (data set x scheme means) and the mean ranks as CSV"
    )
    add_encoding(parser)
    parser.set_defaults(run=_compare_command)


def _rope(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0, got {text}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < 2**32:
        raise argparse.ArgumentTypeError(f"must be from 0 to 4294967295, got {text}")
    return value


def _check(args: argparse.Namespace) -> None:
    """Everything refused before the result file is read: the diagram's suffix, ``--diagram -``, an output that
    is the result file or another output's file, two outputs on standard output."""
    diagram = args.diagram
    if diagram == STDOUT:
        raise UsageError("--diagram -: the diagram is written to a .svg, .png or .pdf file (--html - has it inline)")
    if diagram is not None and not diagram.lower().endswith(DIAGRAM_SUFFIXES):
        raise UsageError(f"--diagram {diagram}: the diagram is written as .svg, .png or .pdf")
    if args.csv and args.html == STDOUT:
        raise UsageError("--csv prints to standard output; --html - cannot write there too: name a file")
    check_outputs({"--html": args.html, "--diagram": diagram}, [args.file])


def _base(text: str | None) -> int | str | None:
    """``--base``: a number in the key (from 1, as ``ttest --base``) or a scheme's name."""
    if text is None or not text.isdigit():
        return text
    if int(text) < 1:
        raise UsageError("argument --base: result sets are numbered from 1, as WEKA's key prints them")
    return int(text) - 1


def _compare_command(args: argparse.Namespace) -> int:
    with warnings.catch_warnings():  # a file read as cp1252 by --encoding auto, say: one line, as errors are
        warnings.showwarning = warning_line
        return _compare(args)


def _compare(args: argparse.Namespace) -> int:
    from wekaeval.errors import WekaevalError
    from wekaeval.experiment import compare, read_experiment_results

    control = _base(args.base)
    _check(args)
    names: dict[str, list[str]] = {}
    if args.table:
        datasets, schemes, values = _read_table(args)
        results: Any = values
        names = {"datasets": datasets, "schemes": schemes}
    else:
        results = read_experiment_results(Path(args.file), encoding=args.encoding)
    try:  # everything computed before anything is printed or written: an error leaves no output behind
        higher = None if args.better is None else args.better == "higher"
        comparison = compare(
            results, measure=args.measure, alpha=args.significance, control=control, higher_is_better=higher, **names
        )
        bayesian = _bayesian(comparison, results, args, control)
        text = None if args.csv else comparison.to_text(args.posthoc) + "".join(f"\n{test}\n" for test in bayesian)
        image, page = _pictures(comparison, args, control, bayesian)
    except WekaevalError as error:
        raise type(error)(_in_option_words(str(error), args)) from None
    for dataset, without in comparison.left_out.items():
        print(
            f"wekaeval: note: {shown(args.file)}: {shown(dataset)} left out of the rank tests: no result of "
            f"{shown(', '.join(without))}",
            file=sys.stderr,
        )
    if text is None:
        _print_csv(comparison)
    else:
        print(text, file=sys.stderr if args.html == STDOUT else sys.stdout)
    if image is not None:
        write_binary(args.diagram, image, option="--diagram")
    if page is not None:
        write_text(args.html, page, option="--html")
    return 0


def _bayesian(comparison: Any, results: Any, args: argparse.Namespace, control: int | str | None) -> list[Any]:
    """The Bayesian signed-rank test of each scheme (B) against the control (A), when ``--rope`` or ``--seed``
    asks for it; every test with the same seed (drawn once when not given)."""
    if args.rope is None and args.seed is None:
        return []
    import secrets

    from wekaeval.experiment import signed_rank

    if args.table:  # signed_rank reads a table as a DataFrame
        try:
            import pandas
        except ImportError:
            raise UsageError("--rope and --seed with --table need pandas: pip install pandas") from None
        results = pandas.DataFrame(comparison.table, index=list(comparison.datasets), columns=list(comparison.schemes))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    against = comparison.versus_control(control)
    return [
        signed_rank(
            results,
            against.control,
            name,
            measure=args.measure,
            rope=args.rope or 0.0,
            seed=seed,
            higher_is_better=comparison.higher_is_better,
        )
        for name in against.schemes
    ]


def _read_table(args: argparse.Namespace) -> tuple[list[str], list[str], list[list[float]]]:
    """``--table``: the data sets, schemes and values of a CSV table (NaN where a cell is empty or ``?``); a
    cell that is not a number, or a row of another length, is a :class:`UsageError` naming its line."""
    from wekaeval._textsource import read_text
    from wekaeval.errors import WekaOutputError

    _, text = read_text(args.file, WekaOutputError, encoding=args.encoding)  # --encoding auto as every reader's
    try:
        lines = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise UsageError(f"{args.file}: not a CSV table: {error}") from None
    lines = [line for line in lines if any(cell.strip() for cell in line)]
    if not lines:
        raise UsageError(f"{args.file}: an empty table; --table reads a header of scheme names, then a row a data set")
    schemes = [name.strip() for name in lines[0][1:]]
    datasets, values = [], []
    for number, line in enumerate(lines[1:], start=2):
        if len(line) != len(lines[0]):
            raise UsageError(f"{args.file}: line {number} has {len(line)} cells, the header {len(lines[0])}")
        datasets.append(line[0].strip())
        row = []
        for scheme, cell in zip(schemes, line[1:], strict=True):
            text = cell.strip()
            try:
                row.append(float("nan") if text in ("", "?") else float(text))
            except ValueError:
                raise UsageError(f"{args.file}: line {number}, {scheme}: {text!r} is not a number") from None
        values.append(row)
    return datasets, schemes, values


def _print_csv(comparison: Any) -> None:
    with output_file(STDOUT, option="--csv") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["dataset", *(spreadsheet_safe(name) for name in comparison.schemes)])
        for dataset, row in zip(comparison.datasets, comparison.table, strict=True):
            writer.writerow([spreadsheet_safe(dataset), *("" if v != v else repr(float(v)) for v in row)])
        writer.writerow(["mean rank", *(repr(float(rank)) for rank in comparison.mean_ranks)])


def _pictures(
    comparison: Any, args: argparse.Namespace, control: int | str | None, bayesian: list[Any]
) -> tuple[bytes | None, str | None]:
    """The diagram's bytes and the page asked for (None for those not asked for)."""
    from wekaeval.experiment import compare_html, critical_difference_diagram

    image = page = None
    if args.diagram is not None:
        try:
            image = critical_difference_diagram(comparison, method=args.posthoc, format=args.diagram.rsplit(".", 1)[-1])
        except ImportError as error:
            raise UsageError(str(error)) from None
    if args.html is not None:
        page = compare_html(comparison, method=args.posthoc, control=control, bayesian=bayesian)
    return image, page


def _in_option_words(message: str, args: argparse.Namespace) -> str:
    """A compare() error in the command line's words: ``--base`` counted from 1, as the key prints it;
    ``--better``, not ``higher_is_better``; the result file named, not ``results``."""
    found = re.fullmatch(r"control (\d+) is not an index \(0\.\.(\d+)\)", message)
    if found is not None:
        count = int(found.group(2)) + 1
        return f"--base {args.base}: {args.file} holds {counted(count, 'result set')}, numbered 1 to {count}"
    if message.startswith("higher_is_better: the measure"):
        return f"--measure {args.measure}: its direction is not known; give --better higher or --better lower"
    word, _, rest = message.partition(" ")
    if word == "method" and rest.startswith(repr(args.posthoc)):
        return f"--posthoc {args.posthoc}{rest[len(repr(args.posthoc)) :]}"
    option = {"control": "--base", "measure:": "--measure:", "results:": f"{args.file}:"}.get(word)
    return message if option is None else f"{option} {rest}"

"""The ``wekaeval`` command line.

A user error prints one line on stderr and exits 2; no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .arff import load_arff
from .confusion import kappa
from .errors import MatrixError, WekaevalError
from .predictions import read_predictions

__all__ = ["main"]

USAGE_ERROR = 2


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
        dataset = load_arff(args.data, class_attribute=args.class_attribute)
        value = read_predictions(args.predictions, dataset).kappa()
    print(repr(value))
    return 0


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
    kappa_parser.set_defaults(run=_kappa_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (UsageError, WekaevalError) as error:
        print(f"wekaeval: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("wekaeval: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

"""``wekaeval kappa``: WEKA's kappa of a confusion matrix or of predictions against an ARFF file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wekaeval.cli._common import (
    UsageError,
    add_encoding,
    class_attribute,
    class_names_list,
    json_ready,
    parse_matrix,
    probability_level,
)
from wekaeval.errors import MatrixError


def add_parser(commands: Any) -> None:
    """The ``kappa`` command's arguments."""
    kappa_parser = commands.add_parser(
        "kappa",
        help="WEKA's kappa of a confusion matrix or of per-instance predictions",
        description="Print WEKA's kappa (the exact double, repr'd) of a confusion matrix, "
        "or of per-instance predictions (WEKA's own, or a CSV) matched against an ARFF file's classes and weights; "
        "with --stats, its standard errors, interval and related coefficients.",
    )
    kappa_parser.add_argument("data", nargs="?", metavar="DATA.arff", help="the ARFF file the predictions are for")
    kappa_parser.add_argument(
        "--matrix", help='the confusion matrix, rows actual: "10,7;5,8", "10 7; 5 8" or "[[10, 7], [5, 8]]"'
    )
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
        "--alpha", type=probability_level, help="the interval's level is 1 - ALPHA; default 0.05 (with --stats/--json)"
    )
    kappa_parser.add_argument(
        "--class-names",
        type=class_names_list,
        metavar="A,B,...",
        help="names of --matrix's classes for the per-class kappas; default 0,1,... (with --stats/--json)",
    )
    add_encoding(kappa_parser)
    kappa_parser.set_defaults(run=_kappa_command)


def _kappa_command(args: argparse.Namespace) -> int:
    from wekaeval.evaluation import kappa

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
            from wekaeval.evaluation import kappa_stats

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
        from wekaeval.arff import load_arff
        from wekaeval.report import read_predictions

        dataset = load_arff(args.data, class_attribute=args.class_attribute, encoding=args.encoding)
        confusion = read_predictions(args.predictions, dataset, encoding=args.encoding)
        if not wants_stats:
            print(repr(confusion.kappa()))
            return 0
        stats = confusion.kappa_stats(**options)
    print(json.dumps(json_ready(stats.to_dict()), indent=2) if args.json else stats)
    return 0

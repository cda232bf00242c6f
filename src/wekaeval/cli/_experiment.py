"""``wekaeval summarise`` and ``wekaeval ttest``: an Experimenter result file analysed as WEKA's Analyse panel does."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from wekaeval.cli._common import UsageError, add_encoding, json_float, probability_level


def add_parsers(commands: Any) -> None:
    """The ``summarise`` and ``ttest`` commands' arguments."""
    summarise_parser = commands.add_parser(
        "summarise",
        help="mean and standard deviation of a measure in an Experimenter result file, per dataset x scheme",
        description="Read an Experimenter result file (ARFF or CSV) and summarise one measure as WEKA's analysis.",
    )
    summarise_parser.add_argument("file", metavar="FILE", help="the Experimenter's .arff or .csv results")
    summarise_parser.add_argument("--measure", default="Kappa_statistic", help="the column (default Kappa_statistic)")
    summarise_parser.add_argument("--json", action="store_true", help="print JSON rows")
    add_encoding(summarise_parser)
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
        "--base",
        default="1",
        metavar="N|NAME",
        help="the test base: its number in the key (1, 2, ...; default 1) or its scheme (J48, trees.J48)",
    )
    ttest_parser.add_argument(
        "--significance", type=probability_level, default=0.05, help="the test's level (default 0.05)"
    )
    ttest_parser.add_argument("--std-devs", action="store_true", help="show standard deviations")
    ttest_parser.add_argument("--sort-by", metavar="COLUMN", help="order the datasets by the base's mean of COLUMN")
    ttest_parser.add_argument(
        "--format",
        default="plain",
        choices=["plain", "latex", "csv", "html", "significance", "gnuplot"],
        help="WEKA's result matrix (default plain, the Experimenter's)",
    )
    shown = ttest_parser.add_mutually_exclusive_group()
    shown.add_argument("--ranking", action="store_true", help="rank the schemes by significant wins minus losses")
    shown.add_argument("--summary", action="store_true", help="wins of each scheme over each other")
    add_encoding(ttest_parser)
    ttest_parser.set_defaults(run=_ttest_command)


def _summarise_command(args: argparse.Namespace) -> int:
    from wekaeval.experiment import read_experiment_results, summarise

    summaries = summarise(read_experiment_results(Path(args.file), encoding=args.encoding), args.measure)
    if args.json:
        rows = [{**vars(s), "mean": json_float(s.mean), "std_dev": json_float(s.std_dev)} for s in summaries]
        print(json.dumps(rows, indent=2, allow_nan=False))
        return 0
    print(f"{'dataset':<24} {'scheme':<40} {'n':>4} {'mean':>22} {'std dev':>22}")
    for s in summaries:
        scheme = " ".join(part for part in (s.scheme, s.scheme_options) if part)
        print(f"{s.dataset:<24} {scheme:<40} {s.count:>4} {s.mean!r:>22} {s.std_dev!r:>22}")
    return 0


def _ttest_command(args: argparse.Namespace) -> int:
    from wekaeval.experiment import read_experiment_results, ttest

    base: int | str = args.base
    if args.base.isdigit():
        if int(args.base) < 1:
            raise UsageError("argument --base: result sets are numbered from 1, as WEKA's key prints them")
        base = int(args.base) - 1
    results = read_experiment_results(Path(args.file), encoding=args.encoding)
    analysis = ttest(
        results,
        args.measure,
        base=base,
        significance=args.significance,
        show_std_devs=args.std_devs,
        sort_by=args.sort_by,
    )
    text = analysis.header(args.format) + "\n"
    if args.ranking:
        text += analysis.ranking(args.format)
    elif args.summary:
        text += analysis.summary(args.format)
    else:
        text += analysis.to_text(args.format)
    print(text)
    return 0

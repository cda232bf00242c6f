"""``wekaeval parity``: WEKA in the JVM against the port, dataset by dataset, with its records."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wekaeval.cli._common import DEFAULT_SAMPLES, UsageError, arff_paths, class_attribute, format_kappa, json_float
from wekaeval.errors import WekaevalError


def add_parser(commands: Any) -> None:
    """The ``parity`` command's arguments."""
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
        help="run N processes, each with its own JVM (default 1); rows in the same order",
    )
    parity_parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE")
    parity_parser.add_argument(
        "--csv", metavar="FILE", help="also write the rows as CSV to FILE, one per dataset x classifier"
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


def _parity_command(args: argparse.Namespace) -> int:
    from wekaeval import parity

    paths = arff_paths(args.data)
    if args.folds is not None and args.folds < 2:
        raise UsageError(f"--folds must be at least 2, got {args.folds}")
    if args.folds is not None and (args.test or args.split_percentage is not None or args.no_cv):
        raise UsageError("--folds is for cross-validation; it does not go with --test, --split-percentage or --no-cv")
    if args.split_percentage is not None and not 0 < args.split_percentage < 100:
        raise UsageError(f"--split-percentage must be above 0 and below 100, got {args.split_percentage!r}")
    if args.test and not Path(args.test).is_file():
        raise UsageError(f"--test: no such file: {args.test}")
    mode = parity.EvaluationMode(
        folds=10 if args.folds is None else args.folds,
        seed=args.seed,
        test=args.test,
        split_percentage=args.split_percentage,
        preserve_order=args.preserve_order,
        no_cv=args.no_cv,
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
            parity_rows = parity.iter_parity(paths, classifiers, mode=mode, progress=bar.progress, workers=args.workers)
            for k, row in enumerate(parity_rows):
                rows.append(row)
                reason = " ".join((row.skipped or "").split())
                verdict = {
                    "skipped": f"skipped: {reason}",
                    "identical": "yes",
                    "differ": "NO",
                    "java-arithmetic": "NO, in Java's Math.log/exp/pow only: not this host's platform",
                }[row.kind]
                instances = "-" if row.instances is None else str(row.instances)
                # rows come dataset by dataset, the given classifiers in order (the defaults depend on the class)
                label = labels[k % len(labels)] if classifiers else row.classifier.split()[0].rsplit(".", 1)[-1]
                if row.weka_correlation is not None or row.python_correlation is not None:  # a numeric class: r
                    weka, port = format_kappa(row.weka_correlation, "r "), format_kappa(row.python_correlation, "r ")
                else:
                    weka, port = format_kappa(row.weka_kappa), format_kappa(row.python_kappa)
                cells.append((str(row.dataset), label, instances, weka, port, verdict))
                bar.write(line.format(*cells[-1]))
        except parity.bridge.ClassifierError as error:
            if args.workers == 1:
                raise
            raise UsageError(f"--classifier: {error}") from None
    differ = sum(1 for row in rows if row.identical is False)
    skipped = sum(1 for row in rows if row.skipped)
    runs = (
        f"{len(paths)} datasets x {len(labels)} classifiers"
        if classifiers
        else f"{len(paths)} datasets x the default classifiers for their class"
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
    summary = (
        f"{len(rows) - differ - skipped} identical, {skipped} skipped, {differ} differ{because} "
        f"({runs}, {_describe_mode(mode)})"
    )
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
        from wekaeval._html import parity_html

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
            self._bar = tqdm(
                total=total, file=sys.stderr, unit="run", ncols=size.columns, nrows=size.lines, leave=False
            )
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


def _markdown_report(cells: Sequence[tuple[str, ...]], summary: str, rows: list, argv: Sequence[str]) -> str:
    """parity's rows as a Markdown page: how it was made, the table as printed, the summary line and the
    versions of WEKA and Java the rows were run on."""
    import shlex

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
        "```sh",
        shlex.join(["wekaeval", *argv]),
        "```",
        "",
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
    return {key: json_float(value) if isinstance(value, float) else value for key, value in row.items()}


def _describe_mode(mode) -> str:
    if mode.split_percentage is not None:
        order = "order preserved" if mode.preserve_order else f"seed {mode.seed}"
        return f"{mode.split_percentage:g}% split, {order}"
    if mode.test is not None:
        return f"test set {mode.test}"
    if mode.no_cv:
        return "training set"
    return f"{mode.folds}-fold CV, seed {mode.seed}"

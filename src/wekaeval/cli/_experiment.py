"""``wekaeval experiment``, ``summarise`` and ``ttest``: WEKA's Experimenter run in Python, and a result file
analysed as its Analyse panel does."""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import inspect
import json
import re
import signal
import sys
import warnings
from pathlib import Path
from typing import Any

from wekaeval._processes import fewer_workers_note, usable_cores, workers_for
from wekaeval._textsource import counted
from wekaeval.cli._common import (
    ROWS_MISSING,
    STDOUT,
    WORKER_LOST,
    UsageError,
    add_encoding,
    arff_files,
    check_outputs,
    one_line,
    probability_level,
    shown,
    warning_line,
    write_binary,
    write_text,
)
from wekaeval.cli._signals import SignalGuard


def add_parsers(commands: Any) -> None:
    """The ``experiment``, ``summarise`` and ``ttest`` commands' arguments."""
    _add_experiment_parser(commands)
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
        "--significance",
        "--alpha",
        dest="significance",
        type=probability_level,
        default=0.05,
        help="the test's level, alpha (default 0.05)",
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
    ttest_parser.add_argument(
        "--html",
        metavar="PAGE",
        help="also write the analysis as an HTML page, with its chart (- for stdout: the analysis then goes to stderr)",
    )
    ttest_parser.add_argument(
        "--chart", metavar="IMAGE", help="also draw the chart, .png, .svg or .pdf (needs matplotlib)"
    )
    add_encoding(ttest_parser)
    ttest_parser.set_defaults(run=_ttest_command)


def _add_experiment_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "experiment",
        weka_spellings=EXPERIMENTER_SPELLINGS,
        help="run WEKA's Experimenter in Python: datasets x schemes x runs x folds into WEKA's result file",
        description="Cross-validate (or split) every dataset with every scheme, run after run, on WEKA's own folds, "
        "and write the rows WEKA's Experimenter writes (ARFF, or CSV for a .csv name). WEKA schemes run in the JVM; "
        "scikit-learn ones in Python. Rerun with the same file to compute only the missing rows.",
    )
    parser.add_argument("datasets", nargs="+", metavar="DATA", help="ARFF files, or folders of them")
    parser.add_argument(
        "--classifier",
        dest="scheme",
        action="append",
        metavar='"NAME [OPTIONS]"',
        help="a WEKA classifier's command line ('weka.classifiers.trees.J48 -C 0.25'), a public scikit-learn "
        "estimator class (a BaseEstimator) with literal keyword arguments ('sklearn.naive_bayes.GaussianNB', "
        "'sklearn.tree.DecisionTreeClassifier(max_depth=3)'), or an estimator your own file defines "
        "(models.py:NAME, or package.module:NAME importable here); repeat for more (at least one)",
    )
    parser.add_argument("-s", "--scheme", dest="scheme", action="append", help=argparse.SUPPRESS)  # before 35
    parser.add_argument("--runs", type=int, default=10, help="runs 1..RUNS, run r on Random(r) (default 10)")
    parser.add_argument("-x", "--folds", type=int, default=10, help="cross-validation folds, as WEKA's -x (default 10)")
    parser.add_argument(
        "--split-percentage",
        dest="train_percent",
        type=float,
        metavar="P",
        help="a random split instead: P%% trains, as WEKA's -split-percentage",
    )
    parser.add_argument("--train-percent", dest="train_percent", type=float, help=argparse.SUPPRESS)  # before 35
    parser.add_argument(
        "--preserve-order",
        dest="no_randomize",
        action="store_true",
        help="with --split-percentage: split in file order, as WEKA's -preserve-order",
    )
    parser.add_argument("--no-randomize", dest="no_randomize", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("-o", "--results", default="results.arff", help="the result file (default results.arff)")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="batches of rows computed at a time (default 1): WEKA classifiers as threads of this process on its "
        "JVM, else processes with a JVM each; at most the processors here and the experiment's batches (dataset x "
        "run x classifier), fewer said in a note",
    )
    parser.add_argument("--fresh", action="store_true", help="start afresh instead of resuming an existing file")
    parser.add_argument(
        "--wait",
        action="store_true",
        help="when another run is writing the result file, wait for it to end, then resume (default: refuse at once)",
    )
    parser.add_argument(
        "--nominal",
        choices=["onehot", "ordinal"],
        default="onehot",
        help="how scikit-learn models see nominal attributes (default onehot)",
    )
    parser.set_defaults(run=_experiment_command)


#: WEKA's Experimenter's options (weka.experiment.Experiment and its result producers) -> experiment's.
EXPERIMENTER_SPELLINGS = {
    "-T": "WEKA's data set; here the data sets are experiment's arguments "
    "(wekaeval experiment DATA.arff ... --classifier NAME)",
    "-W": "--classifier",
    "-X": "--folds",
    "-U": "--runs",
}


def sklearn_scheme(text: str) -> Any:
    """``"sklearn.tree.DecisionTreeClassifier(max_depth=3)"`` -> the estimator.

    The name must be a public class of scikit-learn (no part of it starting with ``_``, no test module) that is a
    subclass of ``sklearn.base.BaseEstimator``; only then is it called, with keyword arguments that are Python
    literals.  Anything else -- a function, a class that is not an estimator, a module -- is refused without being
    called; nothing else is imported or evaluated."""
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise UsageError(f"--classifier {text!r}: not a class name with literal keyword arguments") from None
    call = tree if isinstance(tree, ast.Call) else None
    target = call.func if call is not None else tree
    name = ast.unparse(target)
    parts = name.split(".")
    dotted = all(part.isidentifier() for part in parts)
    if (call is not None and call.args) or not name.startswith("sklearn.") or not dotted or len(parts) < 3:
        raise UsageError(f"--classifier {text!r}: give sklearn.module.Class or sklearn.module.Class(name=value, ...)")
    hidden = [part for part in parts if part.startswith("_") or part in _NOT_ESTIMATORS]
    if hidden:
        raise UsageError(
            f"--classifier {text!r}: {hidden[0]} is not a public part of scikit-learn; give a public estimator "
            "class (sklearn.module.Class); nothing was called"
        )
    keywords: dict[str, Any] = {}
    for keyword in call.keywords if call is not None else []:
        if keyword.arg is None:
            raise UsageError(f"--classifier {text!r}: keyword arguments must be named")
        try:
            keywords[keyword.arg] = ast.literal_eval(keyword.value)
        except ValueError:
            raise UsageError(
                f"--classifier {text!r}: keyword arguments must be literals (numbers, strings, ...)"
            ) from None
    module, _, cls = name.rpartition(".")
    try:
        from sklearn.base import BaseEstimator

        found = getattr(importlib.import_module(module), cls)
    except ImportError as error:
        raise UsageError(f"--classifier {text!r}: cannot import {module} ({error})") from None
    except AttributeError:
        raise UsageError(f"--classifier {text!r}: {module} has no {cls}") from None
    if not (inspect.isclass(found) and issubclass(found, BaseEstimator)) or inspect.isabstract(found):
        kind = "class" if inspect.isclass(found) else type(found).__name__
        raise UsageError(
            f"--classifier {text!r}: {name} is a {kind}, not a scikit-learn estimator class (a subclass of "
            "sklearn.base.BaseEstimator); nothing was called"
        )
    try:
        return found(**keywords)
    except TypeError as error:
        raise UsageError(f"--classifier {text!r}: {error}") from None


def _scheme(text: str) -> Any:
    """A ``--classifier``: ``FILE.py:NAME`` or ``package.module:NAME`` (a user's estimator),
    ``sklearn.module.Class(...)``, else a WEKA command line."""
    stripped = text.strip()
    if stripped.startswith("sklearn.") and ":" not in stripped:
        return sklearn_scheme(stripped)
    where, colon, name = stripped.rpartition(":")
    module = re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", where) is not None
    if not colon or not name.isidentifier() or not (where.endswith(".py") or module):
        return stripped  # a WEKA command line
    return user_scheme(text, where, name)


def user_scheme(text: str, where: str, name: str) -> Any:
    """The estimator named ``name`` in the file ``where`` (``models.py``) or the importable module ``where``.

    The attribute must be a scikit-learn estimator object (``fit``, ``predict``, ``get_params``): nothing in the file
    is called (a function or class is refused; write ``nb = make_pipeline(...)``).  The file is imported as Python
    imports a module: its top level runs.  The estimator travels to worker processes pickled, so what it is made
    of must be importable there: scikit-learn's classes and wekaeval's are; a class defined in the file itself,
    as the module ``models`` (the file's name), is found from the file's folder, which joins the import path.
    """
    option = f"--classifier {text.strip()}"
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise UsageError(f"{option}: no such file {where}")
        module_name = path.stem
        if not module_name.isidentifier():
            raise UsageError(f"{option}: {path.name} cannot be imported as a module (its name is not an identifier)")
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        loaded = sys.modules.get(module_name)
        if loaded is not None and Path(getattr(loaded, "__file__", "") or "").resolve() != path.resolve():
            if not getattr(loaded, "__wekaeval_scheme_file__", False):  # not one of ours: never replaced
                raise UsageError(f"{option}: a module {module_name} is already imported from elsewhere; rename {where}")
            loaded = None  # another run's file of the same name (the Python API, tests): this one replaces it
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise UsageError(f"{option}: cannot import {where}")
        module = loaded or importlib.util.module_from_spec(spec)
        if loaded is None:
            module.__wekaeval_scheme_file__ = True  # type: ignore[attr-defined]
            sys.modules[module_name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as error:  # noqa: BLE001 - the user's file raising while it is imported
                del sys.modules[module_name]
                raise UsageError(f"{option}: {where} raised {type(error).__name__} on import: {error}") from None
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as error:
            raise UsageError(f"{option}: cannot import {where} ({error})") from None
        except Exception as error:  # noqa: BLE001
            raise UsageError(f"{option}: {where} raised {type(error).__name__} on import: {error}") from None
    if not hasattr(module, name):
        raise UsageError(f"{option}: {where} defines no {name}")
    found = getattr(module, name)
    if not _is_estimator(found):
        kind = "class" if inspect.isclass(found) else type(found).__name__
        raise UsageError(
            f"{option}: {name} in {where} is a {kind}, not a scikit-learn estimator (an object with fit, predict "
            f"and get_params: {name} = make_pipeline(...) in the file); nothing was called"
        )
    return found


def _is_estimator(value: Any) -> bool:
    return not inspect.isclass(value) and all(
        callable(getattr(value, method, None)) for method in ("fit", "predict", "get_params")
    )


#: Modules of scikit-learn's package that hold no estimator a scheme may name: its tests, pytest's set-up.
_NOT_ESTIMATORS = frozenset({"tests", "conftest", "externals"})


def _experiment_command(args: argparse.Namespace) -> int:
    stopping = _Stopping(args.results)
    with SignalGuard(stopping.interrupted) as guard:  # from the first moment: a signal ends the run cleanly
        return _experiment(args, stopping, guard)


def _experiment(args: argparse.Namespace, stopping: _Stopping, guard: SignalGuard) -> int:
    with warnings.catch_warnings():  # a repair to the result file (ExperimentWarning): one line, as errors are
        warnings.showwarning = warning_line
        return _experiment_run(args, stopping, guard)


def _experiment_run(args: argparse.Namespace, stopping: _Stopping, guard: SignalGuard) -> int:
    from wekaeval.experiment import RowsMissing, WorkerLost, interruptible, run

    if not args.scheme:
        raise UsageError("the following arguments are required: --classifier (see wekaeval experiment --help)")
    for text in args.scheme:  # WEKA's -s is a seed; here it is --classifier's old spelling
        if text.strip().lstrip("-").isdigit():
            raise UsageError(
                f"--classifier {text}: a number is no classifier (-s is --classifier's old spelling here, not WEKA's "
                "seed: run r is seeded r, 1 to --runs)"
            )
    _check_results(args)
    datasets: list[Path] = []
    for name in args.datasets:
        path = Path(name)
        if path.is_dir():
            found = arff_files(path)
            if not found:
                raise UsageError(f"{name}: no .arff file in this folder")
            datasets += found
        elif not path.is_file():
            raise UsageError(f"{name}: no such file or folder")
        else:
            datasets.append(path)
    schemes = [_scheme(text) for text in args.scheme]
    workers = args.workers
    if isinstance(workers, int) and workers > 1:  # (a bad number is run()'s to refuse, in the option's words)
        batches = len(datasets) * len(schemes) * args.runs if isinstance(args.runs, int) and args.runs > 0 else workers
        used = workers_for(min(workers, usable_cores()), batches)
        if used < min(workers, usable_cores()):  # one line, whichever limit counts
            print(
                f"wekaeval: note: {fewer_workers_note(f'--workers {workers}', used, batches, 'classifier')}",
                file=sys.stderr,
            )
        elif workers > used:
            print(
                f"wekaeval: note: --workers {workers} is more than the processors here: capped to {used}",
                file=sys.stderr,
            )
        workers = used
    with interruptible() as control:
        stopping.control = control
        try:
            results = run(
                datasets,
                schemes,
                runs=args.runs,
                folds=args.folds,
                train_percent=args.train_percent,
                randomize=not args.no_randomize,
                results=args.results,
                workers=workers,
                resume=not args.fresh,
                wait=args.wait,
                nominal=args.nominal,
            )
        except WorkerLost as error:
            with guard.lock:  # a signal now waits for this line
                _clear_bar()
                print(f"wekaeval: error: {one_line(str(error) + stopping.kept(), 1000)}", file=sys.stderr)
            return WORKER_LOST
        except RowsMissing as error:
            with guard.lock:
                _clear_bar()
                stopping.completed = True
                for line in str(error).splitlines():
                    print(f"wekaeval: error: {_whole_words(one_line(line, 10**6))}", file=sys.stderr)
            return ROWS_MISSING
        with guard.lock:  # a signal now waits for the closing line
            stopping.completed = True
            done = f"{counted(len(datasets), 'dataset')} x {counted(len(schemes), 'classifier')}"
            print(f"{counted(len(results), 'row')} ({done}) in {shown(args.results)}")
    return 0


def _whole_words(line: str, limit: int = 2000) -> str:
    """``line``, or its words up to about ``limit`` characters and `` ...``: a scheme's message is never cut
    inside a word."""
    if len(line) <= limit:
        return line
    return line[:limit].rsplit(" ", 1)[0] + " ..."


class _Stopping:
    """How ``experiment`` ends on a signal (on :class:`SignalGuard`'s thread): the run's control stops it (its
    workers and their JVMs end at once, its finished rows are written), and one line says so."""

    def __init__(self, results: str):
        self.results = results
        self.control: Any = None  # the run's RunControl, once it exists
        self.completed = False  # the run ended and its closing line was printed

    def kept(self) -> str:
        """``; the N finished rows are in FILE`` once the run has begun."""
        control = self.control
        if control is None or not control.begun:
            if Path(self.results).exists():  # not read yet: as it was, whatever it holds
                return f"; {shown(self.results)} is as it was: run the same command to resume from it"
            return f"; {shown(self.results)} was not written"
        path = shown(str(control.path))
        if control.finished == 0:
            return f"; {path} holds no row yet: run the same command to compute them"
        rows = "1 finished row is" if control.finished == 1 else f"{control.finished} finished rows are"
        return f"; the {rows} in {path}: run the same command to compute the rest"

    def interrupted(self, number: int) -> None:
        name = signal.Signals(number).name
        if self.completed:
            print(f"wekaeval: interrupted by {name} as the run ended; {shown(self.results)} is whole", file=sys.stderr)
            return
        control = self.control
        if control is not None and control.ended:  # the run let go of its file: nothing more is written
            print(f"wekaeval: interrupted by {name} as the run ended{self.kept()}", file=sys.stderr)
            return
        written = control is not None and control.stop()
        _clear_bar()
        if not written:
            print(f"wekaeval: interrupted by {name} before any row was computed{self.kept()}", file=sys.stderr)
            return
        print(
            f"wekaeval: interrupted by {name} after {control.computed} of {control.missing} rows{self.kept()}",
            file=sys.stderr,
            flush=True,
        )


def _clear_bar() -> None:
    """Clear the progress bar's line on a terminal before a closing line."""
    sys.stderr.write("\r\033[K" if sys.stderr.isatty() else "")


def _check_results(args: argparse.Namespace) -> None:
    """``-o`` is written and read back to resume: never ``-``, nor a dataset named or a ``*.arff`` read from a folder
    named."""
    if args.results == STDOUT:
        raise UsageError("-o -: the result file is read back to resume the run; name a file")
    folders = {Path(name).resolve() for name in args.datasets if Path(name).is_dir()}
    read = lambda found: found.name.endswith(".arff") and found.resolve().parent in folders  # noqa: E731
    check_outputs({"-o": args.results}, args.datasets, read=read)


def _summarise_command(args: argparse.Namespace) -> int:
    from wekaeval.blocks._shared import json_number
    from wekaeval.experiment import read_experiment_results, summarise

    summaries = summarise(read_experiment_results(Path(args.file), encoding=args.encoding), args.measure)
    if args.json:
        rows = [{**vars(s), "mean": json_number(s.mean), "std_dev": json_number(s.std_dev)} for s in summaries]
        print(json.dumps(rows, indent=2, allow_nan=False))
        return 0
    print(f"{'dataset':<24} {'scheme':<40} {'n':>4} {'mean':>22} {'std dev':>22}")
    for s in summaries:
        scheme = " ".join(part for part in (s.scheme, s.scheme_options) if part)
        print(f"{shown(s.dataset):<24} {shown(scheme):<40} {s.count:>4} {s.mean!r:>22} {s.std_dev!r:>22}")
    return 0


def _ttest_command(args: argparse.Namespace) -> int:
    from wekaeval.experiment import TTestError, read_experiment_results, ttest

    base: int | str = args.base
    if args.base.isdigit():
        if int(args.base) < 1:
            raise UsageError("argument --base: result sets are numbered from 1, as WEKA's key prints them")
        base = int(args.base) - 1
    _check_pictures(args)
    results = read_experiment_results(Path(args.file), encoding=args.encoding)
    try:
        analysis = ttest(
            results,
            args.measure,
            base=base,
            significance=args.significance,
            show_std_devs=args.std_devs,
            sort_by=args.sort_by,
        )
    except TTestError as error:
        raise TTestError(_in_option_words(str(error), args)) from None
    for message in analysis.messages:  # what WEKA's tester prints on stderr: a cell left empty is never silent
        print(f"wekaeval: note: {shown(args.file)}: {one_line(message)}", file=sys.stderr)
    text = analysis.header(args.format) + "\n"
    if args.ranking:
        text += analysis.ranking(args.format)
    elif args.summary:
        text += analysis.summary(args.format)
    else:
        text += analysis.to_text(args.format)
    print(text, file=sys.stderr if args.html == STDOUT else sys.stdout)  # stdout is then the page alone
    if args.html or args.chart:
        _pictures(analysis, args.html, args.chart)
    return 0


def _in_option_words(message: str, args: argparse.Namespace) -> str:
    """A :func:`wekaeval.ttest` error about ``--base``, counted from 1 as the key prints it, the result file named
    (the options' names, ``--sort-by`` for ``sort_by``, are :func:`~wekaeval.cli._words.in_command_words`')."""
    found = re.fullmatch(r"base (\d+) is not an index \(0\.\.(\d+)\)", message)
    if found is None:
        return message
    count = int(found.group(2)) + 1
    return f"--base {args.base}: {args.file} holds {counted(count, 'result set')}, numbered 1 to {count}"


def _check_pictures(args: argparse.Namespace) -> None:
    """``--html`` and ``--chart`` checked before anything is read: never the result file, nor one file for both;
    ``-`` is standard output for the page, and refused for the chart (it needs its format, .png, .svg or .pdf)."""
    chart = args.chart
    if chart == STDOUT:
        raise UsageError(
            "--chart -: the chart is written to a .png, .svg or .pdf file (--html - writes the page with it)"
        )
    if chart is not None and not chart.lower().endswith((".png", ".svg", ".pdf")):
        raise UsageError(f"--chart {chart}: the chart is written as .png, .svg or .pdf")
    check_outputs({"--html": args.html, "--chart": chart}, [args.file])


def _pictures(analysis: Any, page: str | None, chart: str | None) -> None:
    from wekaeval.experiment import ttest_chart, ttest_html

    try:
        image = None if chart is None else ttest_chart(analysis, format=chart.rsplit(".", 1)[-1].lower())
    except ImportError as error:
        raise UsageError(str(error)) from None
    if chart is not None and image is not None:
        write_binary(chart, image, option="--chart")
    if page is not None:
        write_text(page, ttest_html(analysis), option="--html")

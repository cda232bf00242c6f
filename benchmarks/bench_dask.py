"""Benchmark: the confusion matrix and Evaluation of 100 million predictions in Parquet, Dask against one process.

What it measures
----------------
One seeded set of predictions (default 100 million over 3 classes, ``numpy.random.default_rng([0, 1, chunk])``
per chunk): Dirichlet probabilities leaning towards the actual class, rounded to 3 decimals, weights uniform
in [0.1, 3), 0.5 % of classes missing (Parquet nulls) and 0.2 % of rows all zeros (unclassified).  It is
written chunk by chunk (never all in memory) as Parquet files of ``--chunk`` rows, one row group each, into a
temporary directory (or ``--data DIR``, kept and reused).  Columns: ``actual`` (int8, null = missing),
``p_low``, ``p_medium``, ``p_high`` (float64), ``weight`` (float64).

Then, side by side in one run, each the median of ``--repeats`` runs after a warm-up, runs interleaved:

1. **read only** (the floor of the in-memory path): every file read with ``pyarrow.parquet.read_table(path,
   use_threads=False)`` into numpy arrays, one file at a time.
2. **in memory, one process**: the same reads, and per file ``ConfusionMatrix.from_predictions(actual,
   distributions, weights=..., class_names=...)``, added in file order from an empty matrix; and per file an
   ``Evaluation`` (priors from 10,000 weighted training values, ``discard_predictions = True``) fed with
   ``evaluate_batch``, merged with ``Evaluation.aggregate`` in file order.
3. **Dask**: ``dask.dataframe.read_parquet(DIR)`` (one partition per file) and
   ``wekaeval.dask.confusion_matrix`` / ``wekaeval.dask.evaluate_frame(..., priors=the same Evaluation,
   discard_predictions=True)`` on a ``distributed.LocalCluster`` of ``--workers`` processes of one thread
   each (loopback only), started before the timing.  Twice (``--environ``): with distributed's defaults, whose
   nanny sets ``MALLOC_TRIM_THRESHOLD_=65536`` in every worker, and with that variable unset.  The setting
   makes glibc hand every temporary of 128 KiB or more back to the kernel when it is freed (it also turns off
   glibc's adaptive mmap threshold), so the next one is page-faulted in afresh: Evaluation's accumulation,
   which works in chunks of 32,768 rows, then spends most of its time in the kernel.

Throughput is predictions per second, and per core: the in-memory path uses one core, Dask ``--workers``.
Both paths merge the same per-file partials in the same order, so their results must be identical: the
matrix (``float.hex`` of every cell), every statistic of python-weka-wrapper3's Evaluation (``float.hex``;
the ROC and PRC areas are NaN on both sides, predictions being discarded) and the summary, class details and
matrix texts.  Target: Dask on ``--workers`` workers at least ``TARGET`` x the one process's throughput for
the Evaluation (the heavier of the two per row), in the last environment run (trim unset, by default).

How to run
----------
::

    .venv/bin/python benchmarks/bench_dask.py [--rows N] [--chunk C] [--repeats R] [--workers W] [--data DIR]

``--rows 10_000_000 --repeats 1`` is a quick run (under a minute).  The default writes about 3.3 GB of
Parquet; each Dask worker holds a chunk at a time.

Exit status: 0 when every result is identical and the target is met, 1 otherwise, 2 on a setup error.
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import math
import operator
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

try:
    import dask
    import dask.dataframe as dd
    import distributed
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError as error:
    print(f"this benchmark needs the dask extra ({error}): pip install -e '.[dask]'", file=sys.stderr)
    sys.exit(2)

from wekaeval import ConfusionMatrix, Evaluation
from wekaeval import dask as wdask
from wekaeval.blocks import STATISTICS

_SCALARS = [s.name for s in STATISTICS if s.scope in ("any", "nominal")]
_PER_CLASS = [s.name for s in STATISTICS if s.scope == "per-class"]

CLASS_NAMES = ["low", "medium", "high"]
K = len(CLASS_NAMES)
P_COLUMNS = [f"p_{name}" for name in CLASS_NAMES]
SEED = 0
TRAINING = 10_000
TARGET = 1.3  # Dask on the workers / one process, in predictions per second, for the Evaluation
TEXTS = ("summary", "class_details", "matrix")


# -- the data ---------------------------------------------------------------------------------------------------------


def make_chunk(index: int, n: int) -> pa.Table:
    """Chunk ``index`` of the predictions: its own seeded generator, so any chunk size gives the same rows per seed."""
    rng = np.random.default_rng([SEED, 1, index])
    actual = rng.integers(0, K, n)
    alpha = np.full((n, K), 0.6)
    alpha[np.arange(n), actual] += 1.5
    scores = rng.gamma(alpha)
    distributions = np.round(scores / scores.sum(axis=1, keepdims=True), 3)
    distributions[rng.random(n) < 0.002] = 0.0
    missing = rng.random(n) < 0.005
    weights = rng.uniform(0.1, 3.0, n)
    columns = {"actual": pa.array(actual.astype(np.int8), mask=missing)}
    columns.update({name: distributions[:, i] for i, name in enumerate(P_COLUMNS)})
    columns["weight"] = weights
    return pa.table(columns)


def generate(directory: Path, rows: int, chunk: int) -> list[Path]:
    """The Parquet files, written (or reused when ``directory`` holds this very set) chunk by chunk."""
    manifest = directory / "manifest.json"
    wanted = {"rows": rows, "chunk": chunk, "seed": SEED, "classes": CLASS_NAMES}
    paths = [directory / f"part-{i:05d}.parquet" for i in range(math.ceil(rows / chunk))]
    if manifest.exists() and json.loads(manifest.read_text()) == wanted and all(p.exists() for p in paths):
        return paths
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("part-*.parquet"):
        old.unlink()
    for i, path in enumerate(paths):
        n = min(chunk, rows - i * chunk)
        pq.write_table(make_chunk(i, n), path, row_group_size=n)
    manifest.write_text(json.dumps(wanted))
    return paths


def training_template() -> Evaluation:
    """``Evaluation(class names)`` with priors from 10,000 weighted training values (0.5 % missing)."""
    rng = np.random.default_rng([SEED, 0])
    values = rng.integers(0, K, TRAINING).astype(np.float64)
    values[rng.random(TRAINING) < 0.005] = np.nan
    template = Evaluation(CLASS_NAMES)
    template.set_priors(values, rng.uniform(0.5, 2.0, TRAINING))
    return template


def read(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One file as (actual with NaN for missing, distributions n x k, weights), on this thread only."""
    table = pq.read_table(path, use_threads=False)
    actual = table["actual"].to_numpy(zero_copy_only=False).astype(np.float64)  # nulls -> NaN
    distributions = np.column_stack([table[name].to_numpy() for name in P_COLUMNS])
    return actual, distributions, table["weight"].to_numpy()


# -- the two paths ----------------------------------------------------------------------------------------------------


def read_only(paths: list[Path]) -> int:
    return sum(len(read(path)[0]) for path in paths)


def matrix_in_memory(paths: list[Path]) -> ConfusionMatrix:
    parts = (ConfusionMatrix.from_predictions(actual, distributions, weights=weights, class_names=CLASS_NAMES)
             for actual, distributions, weights in map(read, paths))
    return functools.reduce(operator.add, parts, ConfusionMatrix(CLASS_NAMES))


def evaluation_in_memory(paths: list[Path], template: Evaluation) -> Evaluation:
    parts = []
    for actual, distributions, weights in map(read, paths):
        evaluation = copy.deepcopy(template)
        evaluation.discard_predictions = True
        evaluation.evaluate_batch(distributions, actual, weights)
        parts.append(evaluation)
    return Evaluation.aggregate(parts)


def frame(directory: Path, files: int) -> dd.DataFrame:
    result = dd.read_parquet(directory)
    if result.npartitions != files:
        raise RuntimeError(f"dask made {result.npartitions} partitions of {files} files; the comparison needs one "
                           "partition per file")
    return result


def matrix_dask(directory: Path, files: int) -> ConfusionMatrix:
    return wdask.confusion_matrix(frame(directory, files), actual="actual", distribution_columns=P_COLUMNS,
                                  weight="weight", class_names=CLASS_NAMES)


def evaluation_dask(directory: Path, files: int, template: Evaluation) -> Evaluation:
    return wdask.evaluate_frame(frame(directory, files), actual="actual", distribution_columns=P_COLUMNS, weight="weight",
                          priors=template, discard_predictions=True)


# -- checking and timing ----------------------------------------------------------------------------------------------


def _hexes(values: Any) -> list[str]:
    return [float(v).hex() for v in np.ravel(np.asarray(values, dtype=np.float64))]


def matrix_differences(a: ConfusionMatrix, b: ConfusionMatrix) -> list[str]:
    found = [] if _hexes(a.matrix) == _hexes(b.matrix) else ["matrix"]
    return found + [name for name in ("unclassified", "missing_class")
                    if getattr(a, name).hex() != getattr(b, name).hex()]


def evaluation_differences(a: Evaluation, b: Evaluation) -> tuple[list[str], int]:
    """The statistics and texts that differ, and how many were compared."""
    found = [name for name in _SCALARS if _hexes([getattr(a, name)]) != _hexes([getattr(b, name)])]
    found += [name for name in _PER_CLASS
              if _hexes([getattr(a, name)(i) for i in range(K)]) != _hexes([getattr(b, name)(i) for i in range(K)])]
    found += [name for name in ("class_priors", "confusion_matrix")
              if _hexes(getattr(a, name)) != _hexes(getattr(b, name))]
    found += [f"{name} text" for name in TEXTS if getattr(a, name)() != getattr(b, name)()]
    return found, len(_SCALARS) + len(_PER_CLASS) + 2 + len(TEXTS)


def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def medians(cases: dict[str, Callable[[], Any]], repeats: int) -> tuple[dict[str, float], dict[str, Any]]:
    """Each case's median seconds over ``repeats`` runs (interleaved) after a warm-up, and its warm-up result."""
    results = {name: case() for name, case in cases.items()}
    runs: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(repeats):  # interleaved, so that the cases share the machine's moods
        for name, case in cases.items():
            runs[name].append(timed(case)[0])
    return {name: statistics.median(times) for name, times in runs.items()}, results


#: The worker environments compared: distributed's own (its nanny sets MALLOC_TRIM_THRESHOLD_=65536 in every
#: worker), and the same without that variable (glibc's dynamic thresholds).
ENVIRONS = {
    "default": ("Dask", {}),
    "untrimmed": ("Dask, trim unset", {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}),
}


def dask_medians(environ: str, workers: int, directory: Path, files: int, template: Evaluation,
                 repeats: int) -> tuple[dict[str, float], dict[str, Any]]:
    label, config = ENVIRONS[environ]
    saved = dict(os.environ)  # distributed's nanny writes pre-spawn-environ into this process's os.environ
    if environ == "untrimmed":
        os.environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    try:
        with dask.config.set(config):
            return _dask_medians(label, workers, directory, files, template, repeats)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _dask_medians(label: str, workers: int, directory: Path, files: int, template: Evaluation,
                  repeats: int) -> tuple[dict[str, float], dict[str, Any]]:
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        trim = set(client.run(lambda: os.environ.get("MALLOC_TRIM_THRESHOLD_")).values())
        print(f"  [{label}: LocalCluster of {workers} processes x 1 thread, MALLOC_TRIM_THRESHOLD_ in the "
              f"workers: {', '.join(map(str, trim))}; started in {time.perf_counter() - start:.1f} s, not timed]")
        return medians({f"matrix, {label}": lambda: matrix_dask(directory, files),
                        f"evaluation, {label}": lambda: evaluation_dask(directory, files, template)}, repeats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=100_000_000, help="predictions (default 100_000_000)")
    parser.add_argument("--chunk", type=int, default=2_000_000, help="rows per Parquet file (default 2_000_000)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs after one warm-up (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="Dask worker processes, one thread each (default 2)")
    parser.add_argument("--environ", choices=[*ENVIRONS, "both"], default="both",
                        help="the Dask workers' environment: distributed's default, MALLOC_TRIM_THRESHOLD_ unset, "
                             "or both, one after the other (default both)")
    parser.add_argument("--data", type=Path, help="keep the Parquet files here (reused when they match)")
    args = parser.parse_args(argv)
    if min(args.rows, args.chunk, args.repeats, args.workers) < 1:
        parser.error("--rows, --chunk, --repeats and --workers must be at least 1")

    with tempfile.TemporaryDirectory(prefix="bench-dask-") as scratch:
        directory = args.data or Path(scratch) / "predictions"
        seconds, paths = timed(lambda: generate(directory, args.rows, args.chunk))
        size = sum(path.stat().st_size for path in paths)
        print(f"{args.rows:,} predictions x {K} classes, fractional weights, in {len(paths)} Parquet files of "
              f"{args.chunk:,} rows ({size / 1e9:.2f} GB, written or checked in {seconds:.0f} s); median of "
              f"{args.repeats} runs after a warm-up")
        template = training_template()
        median, results = medians({"read only": lambda: read_only(paths),
                                   "matrix, in memory": lambda: matrix_in_memory(paths),
                                   "evaluation, in memory": lambda: evaluation_in_memory(paths, template)},
                                  args.repeats)
        environs = list(ENVIRONS) if args.environ == "both" else [args.environ]
        for environ in environs:
            more_median, more_results = dask_medians(environ, args.workers, directory, len(paths), template,
                                                     args.repeats)
            median.update(more_median)
            results.update(more_results)

    print(f"  {'path':<30} {'seconds':>8} {'predictions/s':>14} {'per core':>12} {'vs one process':>15}")
    for name, seconds in median.items():
        cores = 1 if name == "read only" or name.endswith("in memory") else args.workers
        rate = args.rows / seconds
        baseline = median.get(name.split(",")[0] + ", in memory")
        ratio = f"{baseline / seconds:.2f}x" if baseline and not name.endswith("in memory") else ""
        print(f"  {name:<30} {seconds:8.2f} {rate:14,.0f} {rate / cores:12,.0f} {ratio:>15}")

    identical = True
    for environ in environs:
        label = ENVIRONS[environ][0]
        matrix_diff = matrix_differences(results[f"matrix, {label}"], results["matrix, in memory"])
        evaluation_diff, compared = evaluation_differences(results[f"evaluation, {label}"],
                                                           results["evaluation, in memory"])
        identical = identical and not matrix_diff and not evaluation_diff
        print(f"  {label} against one process, identical: matrix {'yes' if not matrix_diff else f'NO {matrix_diff}'}"
              f"; Evaluation {compared - len(evaluation_diff)}/{compared} statistics and texts"
              + (f" (differ: {', '.join(evaluation_diff)})" if evaluation_diff else ""))
    label = ENVIRONS[environs[-1]][0]
    ratio = median["evaluation, in memory"] / median[f"evaluation, {label}"]
    met = ratio >= TARGET
    print(f"  target: {label} at least {TARGET}x one process for the Evaluation: {'met' if met else 'MISSED'} "
          f"({ratio:.2f}x)")
    print(f"  machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores; CPython "
          f"{platform.python_version()}, numpy {np.__version__}, dask {dask.__version__}, "
          f"distributed {distributed.__version__}, pyarrow {pa.__version__}")
    return 0 if met and identical else 1


if __name__ == "__main__":
    sys.exit(main())

"""Planning a parallel parity run: what each dataset x classifier job will cost, longest first.

A job's cost is estimated from the dataset's size (instances, attributes, classes, as WEKA read it) and the
classifier's family (how its training grows with them), and replaced by the job's own time in the last run
that recorded it: every run writes how long each job took to ``parity-times.json`` in wekaeval's private
cache folder (:func:`wekaeval.bridge.cache_folder`), keyed by the dataset's path, size and modification time,
the classifier and the evaluation mode.  The record only orders the work; it never changes a row.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

from wekaeval import bridge
from wekaeval._atomic import atomic_output
from wekaeval.parity._rows import ClassifierSpec, EvaluationMode

_RECORD = "parity-times.json"
_RECORD_LIMIT = 20_000  # entries kept: the most recent runs' jobs


@dataclass(frozen=True)
class Survey:
    """What a worker's WEKA read of a dataset: its class kind and size."""

    nominal: bool
    instances: int
    attributes: int
    classes: int


def estimate(spec: ClassifierSpec, survey: Survey) -> float:
    """A job's cost in rough seconds: a classifier family's growth in instances (n), attributes (a) and classes
    (k), fitted loosely to this project's corpus; only the order of the estimates matters."""
    n, a, k = max(survey.instances, 1), max(survey.attributes, 1), max(survey.classes, 1)
    name = spec.name.rsplit(".", 1)[-1]
    log_n = math.log2(n + 1)
    grows = {
        "ZeroR": 1e-6 * n,
        "OneR": 2e-6 * n * a,
        "NaiveBayes": 4e-6 * n * a * k,
        "J48": 2e-5 * n * a * log_n,
        "IBk": 4e-8 * n * n * a,
        "Logistic": 6e-6 * n * a * k * k,
        "SMO": 2e-7 * n * n * k * (k - 1) / 2 + 2e-5 * n * a * k,
        "RandomForest": 3e-5 * n * math.sqrt(a) * log_n * 10,
        "LinearRegression": 2e-6 * n * a * a,
        "M5P": 4e-5 * n * a * log_n,
    }
    return 0.05 + grows.get(name, 2e-5 * n * a * k * log_n)


def job_key(path: str, spec: ClassifierSpec, mode: EvaluationMode) -> str | None:
    """The record's key of a job: the dataset as a file (its real path, size, modification time), the classifier
    and the mode; None when the file cannot be looked at."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return "\0".join((os.path.realpath(path), str(info.st_size), str(info.st_mtime_ns), repr(spec), repr(mode)))


def _record_path() -> Path | None:
    try:
        return bridge.cache_folder() / _RECORD
    except OSError:
        return None


def read_record() -> dict[str, float]:
    """The last runs' job times (empty when there is none or it cannot be read)."""
    path = _record_path()
    if path is None:
        return {}
    try:
        with path.open(encoding="utf-8") as handle:
            found = json.load(handle)
    except (OSError, ValueError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {key: value for key, value in found.items() if isinstance(key, str) and isinstance(value, (int, float))}


def write_record(times: dict[str, float]) -> None:
    """Add a run's job times to the record (atomically; a record that cannot be written is left as it is)."""
    path = _record_path()
    if path is None or not times:
        return
    record = read_record()
    for key in times:
        record.pop(key, None)  # a job's newest time goes last, so the oldest are the ones dropped
    record.update(times)
    kept = dict(list(record.items())[-_RECORD_LIMIT:])
    try:
        with atomic_output(path) as handle:
            json.dump(kept, handle)
    except OSError:
        pass  # the record only orders the next run's jobs; a run goes on without it

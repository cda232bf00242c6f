"""WEKA's confusion matrix and Evaluation over a Dask DataFrame, bit for bit as in memory.

Import it explicitly (``import wekaeval`` never imports dask)::

    from wekaeval import dask as wdask

Each partition is evaluated on the workers into a small partial result (a
:class:`~wekaeval.ConfusionMatrix`, or an :class:`~wekaeval.Evaluation` set up
as the caller asked); the partials come back to the client in partition order
and are merged there as WEKA's ``AggregateableEvaluation`` merges: a left fold
from an empty result, ``((0 + p0) + p1) + p2 ...``.  The answer is therefore
the same doubles as ``functools.reduce(operator.add, partials, empty)`` in
memory over the same partitions -- whatever the scheduler, the number of
workers or the order in which they finish.  A tree-shaped merge
(``(p0 + p1) + (p2 + p3)``, as dask's own reductions do) would change the last
bits of every sum of fractional weights, so it is not used; the fold costs
the client k*k floats per partition for a confusion matrix (and WEKA's running
sums for an Evaluation).

It is *not* in general the same doubles as one in-memory pass over all rows:
WEKA's sums run instance by instance, and a partition's sum started at 0 and
then added is another order.  The two agree to the bit when only one
partition holds rows, and where every sum is exact (the confusion matrix and
the counts for whole-number weights); the ROC and PRC areas, computed from
the concatenated predictions, always agree.

Speed: distributed's nanny starts every worker with ``MALLOC_TRIM_THRESHOLD_=65536``
(``distributed.nanny.pre-spawn-environ``), which makes glibc return each freed
temporary to the kernel, so the next one is page-faulted in again: on the
workers :func:`evaluate_frame` then runs 3.6-6.9x slower than without it (on two
workers slower than one process; 100 million rows, docs/performance.md).
Start the cluster inside ``dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_":
None})``, with the variable absent from ``os.environ`` (the nanny also writes
it there, so a cluster started earlier in the same process leaves it behind);
``benchmarks/bench_dask.py`` measures both.

>>> import pandas as pd
>>> import dask.dataframe as dd
>>> from wekaeval import dask as wdask
>>> frame = dd.from_pandas(pd.DataFrame({
...     "actual": ["yes", "no", "yes", "no"], "p_yes": [0.9, 0.4, 0.3, 0.2], "p_no": [0.1, 0.6, 0.7, 0.8],
...     "weight": [1.0, 0.5, 2.0, 1.5]}), npartitions=2)
>>> wdask.confusion_matrix(frame, actual="actual", distribution_columns=["p_yes", "p_no"], weight="weight",
...                        class_names=["yes", "no"]).matrix
array([[1., 2.],
       [0., 2.]])
"""

from __future__ import annotations

import contextlib
import copy
import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

try:  # the real dask: this module is wekaeval.dask, and imports are absolute
    import dask
    import dask.dataframe as dd
    import pandas as pd
except ImportError as error:  # pragma: no cover - the dask extra is not installed
    raise ImportError(f"wekaeval.dask needs dask[dataframe]: pip install 'wekaeval[dask]' ({error})") from error

from wekaeval._faces import former_names
from wekaeval.arff import Dataset
from wekaeval.arff._shared import as_dataset
from wekaeval.errors import EvaluationError, PredictionError, WekaevalError
from wekaeval.evaluation import ConfusionMatrix, CostMatrix, Evaluation
from wekaeval.evaluation._shared import validated_class_names

__all__ = ["confusion_matrix", "evaluate_frame"]


@dataclass(frozen=True)
class _Columns:
    """Which columns of the frame hold what (validated against the frame's columns and dtypes)."""

    actual: str
    distributions: tuple[str, ...] | None
    predicted: str | None
    weight: str | None

    @property
    def names(self) -> list[str]:
        """Every column read, each once, in a fixed order (the projection shipped to the workers)."""
        wanted = [self.actual, *(self.distributions or ()), self.predicted, self.weight]
        return list(dict.fromkeys(name for name in wanted if name is not None))

    def arrays(self, part: pd.DataFrame) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None, np.ndarray | None]:
        """One partition's ``(actual, distributions, predicted, weights)`` as the in-memory API takes them."""
        distributions = None
        if self.distributions is not None:
            distributions = part[list(self.distributions)].to_numpy(dtype=np.float64, na_value=np.nan)
        predicted = None if self.predicted is None else _classes(part[self.predicted])
        weights = None if self.weight is None else part[self.weight].to_numpy(dtype=np.float64, na_value=np.nan)
        return _classes(part[self.actual]), distributions, predicted, weights


def confusion_matrix(
    frame: dd.DataFrame,
    *,
    actual: str,
    distribution_columns: Sequence[str] | None = None,
    predicted: str | None = None,
    weight: str | None = None,
    class_names: Sequence[str],
) -> ConfusionMatrix:
    """WEKA's weighted confusion matrix of a Dask DataFrame's predictions, one partition per task.

    Each partition becomes a :meth:`ConfusionMatrix.from_predictions` on a
    worker; the client adds them in partition order, from an empty matrix.

    Parameters
    ----------
    frame : dask.dataframe.DataFrame
        One prediction per row.  Only the named columns are read.
    actual : str
        The column of actual classes: class names (None/NA for a missing
        class) or class indices (NaN/NA for a missing class).
    distribution_columns : sequence of str, optional
        One column of probabilities per class, in class order.
    predicted : str, optional
        Instead of ``distribution_columns``: a column of predicted classes,
        coded like ``actual``; NaN/None marks an unclassified instance.
    weight : str, optional
        A column of finite instance weights; 1.0 each when omitted.
    class_names : sequence of str
        The class labels, in the order of the class attribute's values.

    Returns
    -------
    ConfusionMatrix
        The same doubles as ``functools.reduce(operator.add, [ConfusionMatrix.from_predictions(...) for each
        partition], ConfusionMatrix(class_names))`` in memory.

    Raises
    ------
    PredictionError
        A column that is not in the frame or not numeric where it must be,
        neither or both of ``distribution_columns`` and ``predicted``, or as
        many ``class_names`` as distribution columns; from the workers, a bad
        class, weight or distribution (the message names the partition and the
        row's index label).

    Examples
    --------
    >>> import pandas as pd
    >>> import dask.dataframe as dd
    >>> frame = dd.from_pandas(pd.DataFrame({"actual": ["a", "a", "b", "b", None],
    ...                                      "predicted": ["a", "b", "b", None, "a"],
    ...                                      "weight": [1.0, 0.5, 2.0, 1.0, 3.0]}), npartitions=2)
    >>> cm = confusion_matrix(frame, actual="actual", predicted="predicted", weight="weight",
    ...                       class_names=["a", "b"])
    >>> cm.matrix
    array([[1. , 0.5],
           [0. , 2. ]])
    >>> cm.unclassified, cm.missing_class
    (1.0, 3.0)
    """
    names = validated_class_names(class_names)
    columns = _columns(frame, actual, distribution_columns, predicted, weight, len(names))
    partials = _per_partition(frame, columns, _confusion_partition, names)
    return functools.reduce(operator.add, partials, ConfusionMatrix(names))


def evaluate_frame(
    frame: dd.DataFrame,
    *,
    actual: str,
    distribution_columns: Sequence[str],
    weight: str | None = None,
    class_names: Sequence[str] | None = None,
    priors: Dataset | Evaluation | Sequence[str] | None = None,
    cost_matrix: CostMatrix | None = None,
    discard_predictions: bool = False,
) -> Evaluation:
    """WEKA's whole Evaluation of a Dask DataFrame's predictions, merged as ``AggregateableEvaluation``.

    Each partition is evaluated on a worker by an :class:`~wekaeval.Evaluation`
    set up identically (same classes, priors and cost matrix) through
    ``evaluate_batch``; the client merges them with
    :meth:`Evaluation.aggregate` in partition order (a left fold from zero).

    Parameters
    ----------
    frame : dask.dataframe.DataFrame
        One prediction per row.  Only the named columns are read.
    actual : str
        The column of actual classes: class names (None/NA for a missing
        class) or class indices (NaN/NA for a missing class).
    distribution_columns : sequence of str
        One column of probabilities per class, in class order.
    weight : str, optional
        A column of finite instance weights; 1.0 each when omitted.
    class_names : sequence of str, optional
        The class labels: priors of 1 per class, as ``Evaluation(class_names)``.
    priors : Dataset, Evaluation or sequence of str, optional
        Instead of (or besides, if they agree) ``class_names``: what
        ``Evaluation(priors)`` takes -- a :class:`~wekaeval.Dataset` (its
        class's values and weights give the priors, as WEKA's
        ``new Evaluation(train)``) or class names -- or an Evaluation that has
        evaluated nothing yet, used as the template (its priors after
        ``set_priors``/``update_priors``, ``use_no_priors``, cost matrix and
        displayed metrics).  A nominal class only.
    cost_matrix : CostMatrix, optional
        WEKA's costs of (actual, predicted); numbers only (expression cells
        need each instance's attribute values, which a frame of predictions
        does not carry).
    discard_predictions : bool, default False
        Drop the predictions on the workers, as WEKA's
        ``setDiscardPredictions(true)``: the ROC and PRC areas are then NaN,
        as in WEKA.  Otherwise every partition's predictions travel to the
        client and are concatenated there.

    Returns
    -------
    Evaluation
        The same doubles and text as ``Evaluation.aggregate`` in memory over
        one Evaluation per partition set up the same way.  Its
        ``discard_predictions`` is the argument's.

    Notes
    -----
    What is shipped: the template Evaluation (pickled once into the graph,
    copied per partition on the worker) and the column projection; back comes
    one Evaluation per partition: WEKA's running sums, a k*k matrix and the
    501-bin margin histogram, a few kilobytes.  With ``discard_predictions=False``
    each partition also returns its predictions, (k + 2) float64 per row, and
    the client holds all of them: about (k + 2) * 8 bytes per row, up to twice
    that while merging (100 million rows of 3 classes: 4 GB, 8 GB at the
    peak) -- and the first ROC or PRC area sorts them.  For large frames pass
    ``discard_predictions=True`` unless the areas are needed.

    Examples
    --------
    >>> import pandas as pd
    >>> import dask.dataframe as dd
    >>> frame = dd.from_pandas(pd.DataFrame({
    ...     "class": ["T", "T", "T", "F", "F", "F"],
    ...     "T": [0.231, 1.0, 0.956, 0.013, 0.484, 0.068], "F": [0.769, 0.0, 0.044, 0.987, 0.516, 0.932]}),
    ...     npartitions=2)
    >>> evaluation = evaluate_frame(frame, actual="class", distribution_columns=["T", "F"], class_names=["T", "F"])
    >>> evaluation.percent_correct, evaluation.area_under_roc(0)
    (83.33333333333333, 0.8888888888888888)
    >>> print(evaluation.matrix(), end="")
    === Confusion Matrix ===
    <BLANKLINE>
     a b   <-- classified as
     2 1 | a = T
     0 3 | b = F
    >>> evaluate_frame(frame, actual="class", distribution_columns=["T", "F"], class_names=["T", "F"],
    ...          discard_predictions=True).area_under_roc(0)
    nan
    """
    template = _template(class_names, priors, cost_matrix, discard_predictions)
    if distribution_columns is None:
        raise PredictionError("distribution_columns is required: evaluate needs each class's probability column")
    columns = _columns(frame, actual, distribution_columns, None, weight, template.num_classes)
    partials = _per_partition(frame, columns, _evaluation_partition, template)
    result = Evaluation.aggregate(partials)
    result.discard_predictions = template.discard_predictions
    result.metrics_to_display = template.metrics_to_display
    return result


# -- on the workers ---------------------------------------------------------------------------------------------------


def _confusion_partition(
    part: pd.DataFrame, number: int, columns: _Columns, class_names: tuple[str, ...]
) -> ConfusionMatrix:
    actual, distributions, predicted, weights = columns.arrays(part)
    with _naming(part, number):
        return ConfusionMatrix.from_predictions(
            actual, distributions, predicted=predicted, weights=weights, class_names=class_names
        )


def _evaluation_partition(part: pd.DataFrame, number: int, columns: _Columns, template: Evaluation) -> Evaluation:
    actual, distributions, _, weights = columns.arrays(part)
    evaluation = copy.deepcopy(template)  # a worker's threads may share the one template it received
    with _naming(part, number):
        evaluation.evaluate_batch(distributions, actual, weights)
    return evaluation


@contextlib.contextmanager
def _naming(part: pd.DataFrame, number: int) -> Iterator[None]:
    """Re-raise wekaeval's errors (same class, same attributes) with the partition and the row's index label."""
    try:
        yield
    except WekaevalError as error:
        where = f"partition {number}"
        row = getattr(error, "instance", None)
        if row is not None and 0 <= row < len(part):
            label = part.index[row]
            label = label.item() if isinstance(label, np.generic) else label
            where += f", row {row} of it (index label {label!r})"
        raised = type(error).__new__(type(error))
        raised.__dict__.update(error.__dict__)
        raised.args = (f"{where}: {error}",)
        raise raised from error


def _classes(series: pd.Series) -> np.ndarray:
    """A column of classes as ClassCoder takes them: int64, float64 with NaN, or objects with None."""
    dtype = series.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return series.to_numpy(dtype=object)  # rejected by ClassCoder, naming the argument
    if pd.api.types.is_integer_dtype(dtype):
        if series.hasnans:  # a nullable integer column with NA: missing classes
            return series.to_numpy(dtype=np.float64, na_value=np.nan)
        return series.to_numpy(dtype=np.int64)
    if pd.api.types.is_float_dtype(dtype):
        return series.to_numpy(dtype=np.float64, na_value=np.nan)
    return series.to_numpy(dtype=object, na_value=None)  # strings (pyarrow or object), categories


# -- on the client ----------------------------------------------------------------------------------------------------


def _per_partition(frame: dd.DataFrame, columns: _Columns, function: Callable[..., Any], setting: Any) -> list[Any]:
    """``function(partition, number, columns, setting)`` for every partition, in partition order.

    ``setting`` (the class names or the template Evaluation) is one key of the
    graph, sent once to each worker that needs it; the results are gathered
    into a list, never reduced on the workers.
    """
    parts = frame[columns.names].to_delayed()
    shared = dask.delayed(setting, pure=True)
    task = dask.delayed(function, pure=True)
    return list(dask.compute(*(task(part, number, columns, shared) for number, part in enumerate(parts))))


def _columns(
    frame: Any,
    actual: str,
    distribution_columns: Sequence[str] | None,
    predicted: str | None,
    weight: str | None,
    num_classes: int,
) -> _Columns:
    if not isinstance(frame, dd.DataFrame):
        raise PredictionError(
            f"frame must be a dask.dataframe.DataFrame, not {type(frame).__name__}"
            + (
                " (wrap it: dask.dataframe.from_pandas(frame, npartitions=...))"
                if isinstance(frame, pd.DataFrame)
                else ""
            )
        )
    present = list(frame.columns)
    dtypes = frame.dtypes

    def column(value: Any, argument: str, *, numeric: bool) -> str:
        if not isinstance(value, str):
            raise PredictionError(f"{argument} must be a column name (a str), not {type(value).__name__}")
        if value not in present:
            raise PredictionError(f"{argument} column {value!r} is not in the frame; its columns are {present}")
        if numeric and not (
            pd.api.types.is_numeric_dtype(dtypes[value]) and not pd.api.types.is_bool_dtype(dtypes[value])
        ):
            raise PredictionError(f"{argument} column {value!r} holds {dtypes[value]} values, not numbers")
        return value

    if distribution_columns is None and predicted is None:
        raise PredictionError(
            "give distribution_columns (one probability column per class) or predicted (a column of predicted classes)"
        )
    if distribution_columns is not None and predicted is not None:
        raise PredictionError("give distribution_columns or predicted, not both")
    distributions = None
    if distribution_columns is not None:
        if isinstance(distribution_columns, str):
            raise PredictionError("distribution_columns must be a sequence of column names, not one string")
        distributions = tuple(column(name, "distribution_columns", numeric=True) for name in distribution_columns)
        if len(distributions) != num_classes:
            raise PredictionError(
                f"distribution_columns has {len(distributions)} columns for {num_classes} "
                f"classes: give one probability column per class, in class order"
            )
        if len(set(distributions)) != len(distributions):
            twice = next(name for name in distributions if distributions.count(name) > 1)
            raise PredictionError(f"distribution_columns names column {twice!r} twice")
    return _Columns(
        actual=column(actual, "actual", numeric=False),
        distributions=distributions,
        predicted=None if predicted is None else column(predicted, "predicted", numeric=False),
        weight=None if weight is None else column(weight, "weight", numeric=True),
    )


def _template(
    class_names: Sequence[str] | None, priors: Any, cost_matrix: CostMatrix | None, discard_predictions: bool
) -> Evaluation:
    """The Evaluation every partition starts as: classes, priors, cost matrix, whether predictions are kept."""
    if cost_matrix is not None and not isinstance(cost_matrix, CostMatrix):
        raise EvaluationError(f"cost_matrix must be a wekaeval.CostMatrix, not {type(cost_matrix).__name__}")
    priors = as_dataset(priors)  # python-weka-wrapper3's Instances too
    if isinstance(priors, Evaluation):
        if cost_matrix is not None:
            raise EvaluationError(
                "priors is an Evaluation: give it the cost matrix (Evaluation(data, cost_matrix)) "
                "instead of cost_matrix="
            )
        if priors.numeric:
            raise EvaluationError(
                "priors is an Evaluation of a numeric class; wekaeval.dask evaluates a nominal class only"
            )
        state = priors.state
        if priors.prediction_arrays() is not None or state.with_class or state.missing_class:
            raise EvaluationError(
                "priors, an Evaluation, has evaluated instances already: give one that has "
                "only its priors set (or aggregate its result with this one's)"
            )
        template = copy.deepcopy(priors)
    elif isinstance(priors, Dataset):
        if priors.class_names is None:
            raise EvaluationError("priors has a numeric class; wekaeval.dask evaluates a nominal class only")
        template = Evaluation(priors, cost_matrix)
    elif priors is not None:
        template = Evaluation(validated_class_names(priors), cost_matrix)
    elif class_names is None:
        raise PredictionError(
            "give class_names (the class labels) or priors (a Dataset, class names, or an Evaluation to start from)"
        )
    else:
        template = Evaluation(validated_class_names(class_names), cost_matrix)
    template_classes = template.class_names
    assert template_classes is not None  # each branch above made a nominal class's Evaluation or raised
    if class_names is not None and validated_class_names(class_names) != template_classes:
        raise PredictionError(
            f"class_names {list(class_names)} differ from the priors' classes {list(template_classes)}"
        )
    if template.cost_matrix is not None and template.cost_matrix.has_expressions:
        raise EvaluationError(
            "cost_matrix has expression cells, which need each instance's attribute values; "
            "a frame of predictions has none: give a cost matrix of numbers"
        )
    template.discard_predictions = discard_predictions
    return template


#: ``evaluate`` before issue 36 (``wekaeval.bridge.evaluate`` is WEKA's own evaluation): kept for one release.
__getattr__ = former_names(__name__, {"evaluate": (evaluate_frame, "use wekaeval.dask.evaluate_frame")})

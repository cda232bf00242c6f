"""wekaeval's results as pandas DataFrames (pandas is optional: imported when a frame is asked for).

Every result type has a ``to_frame()`` that calls one of these: a parity run's rows
(:class:`~wekaeval.parity.ParityResults`), a read WEKA output (:class:`~wekaeval.WekaReport`: one row
per section, the columns of ``wekaeval parse --csv``), Experimenter results and their summaries, a t-test
(:class:`~wekaeval.TTestResult`: one row per dataset x scheme), an :class:`~wekaeval.Evaluation`'s class
details (one row per class and the weighted average) and :class:`~wekaeval.KappaStats` (its fields, per
class).  Column names are wekaeval's (python-weka-wrapper3's) names; numbers stay the exact doubles.

>>> import wekaeval
>>> frame = wekaeval.ttest("docs/examples/experiment.arff", "Percent_correct").to_frame()
>>> row = frame.loc[("iris", "trees.J48 '-C 0.25 -M 2' -217733168393644444")]
>>> float(row["mean"]), row["significance"]
(94.44444433333334, 'v')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

__all__ = ["pandas_module", "records_frame"]


if TYPE_CHECKING:  # pragma: no cover
    import pandas


#: The per-class statistics of WEKA's class details, by python-weka-wrapper3's method names.


def pandas_module() -> Any:
    """pandas, or an ImportError that says how to get it."""
    try:
        import pandas
    except ImportError:
        raise ImportError("to_frame() needs pandas: pip install pandas") from None
    return pandas


def records_frame(
    records: Iterable[dict[str, Any]], columns: Sequence[str] | None = None, index: Sequence[str] | None = None
) -> pandas.DataFrame:
    """A DataFrame of dict records (in order), optionally indexed by some of their columns."""
    frame = pandas_module().DataFrame.from_records(list(records), columns=list(columns) if columns else None)
    return frame.set_index(list(index)) if index else frame


def class_details_frame(evaluation: Any, columns: Sequence[tuple[str, str]]) -> pandas.DataFrame:
    """An Evaluation's "Detailed Accuracy By Class": one row per class name, then "Weighted Avg.".

    ``columns`` are (per-class statistic, its weighted average) pairs, by name.
    """
    names = list(evaluation.class_names)
    rows = [
        {"class": name, **{column: getattr(evaluation, column)(i) for column, _ in columns}}
        for i, name in enumerate(names)
    ]
    rows.append({"class": "Weighted Avg.", **{column: getattr(evaluation, weighted) for column, weighted in columns}})
    return records_frame(rows, ("class", *(column for column, _ in columns)), index=("class",))


def kappa_stats_frame(stats: Any) -> pandas.DataFrame:
    """KappaStats per class: the one-vs-rest kappa and support, then the macro, micro and weighted rows."""
    per_class = stats.per_class
    rows = [
        {"class": name, "kappa": value, "support": support}
        for name, value, support in zip(per_class.class_names, per_class.kappas, per_class.support, strict=False)
    ]
    rows += [
        {"class": f"{average} average", "kappa": getattr(per_class, average), "support": None}
        for average in ("macro", "micro", "weighted")
    ]
    return records_frame(rows, ("class", "kappa", "support"), index=("class",))

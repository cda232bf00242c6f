"""The one kappa core: ``Evaluation.kappa()`` over a weighted confusion matrix, to the last bit.

Every kappa in wekaeval comes from here: :class:`~wekaeval.ConfusionMatrix`, :func:`~wekaeval.kappa_stats`,
the Evaluation and the consistency checks of a read report.  WEKA sums rows, columns and the diagonal
sequentially in its loop order, and returns 1 when the chance agreement is 1 (``0/0`` is NaN, and
``NaN < 1`` is false):

>>> kappa([[10, 7], [5, 8]])
0.19999999999999996
>>> kappa([[0, 0], [0, 0]])
1.0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from wekaeval.errors import MatrixError
from wekaeval.javamath import java_divide


def kappa(matrix: Any) -> float:
    """Cohen's kappa of a confusion matrix, exactly as WEKA computes it.

    Parameters
    ----------
    matrix : array-like of shape (k, k)
        Weighted counts of finite doubles; rows are actual classes, columns
        predicted classes.

    Returns
    -------
    float
        The same double as WEKA's ``Evaluation.kappa()``.  When chance
        agreement is not below 1 WEKA returns exactly 1.0; that includes the
        all-zero matrix, whose chance agreement is 0/0 (NaN).

    Raises
    ------
    MatrixError
        If the matrix is empty, not square, or holds a non-finite value.

    Examples
    --------
    The cats-and-dogs table of the kappa literature:

    >>> kappa([[10, 7], [5, 8]])
    0.19999999999999996
    >>> kappa([[0.0, 0.0], [0.0, 0.0]])
    1.0
    """
    return _kappa(_validated_matrix(matrix).tolist())


def _kappa(rows: list[list[float]]) -> float:
    """WEKA's kappa over a validated list of rows: its loops, its order."""
    _, _, _, correct, chance_agreement = agreement(rows)
    if chance_agreement < 1:
        # 1 - chance_agreement > 0 here, so this division cannot fail.
        return (correct - chance_agreement) / (1 - chance_agreement)
    return 1.0


def agreement(rows: list[list[float]]) -> tuple[list[float], list[float], float, float, float]:
    """``(row sums, column sums, total, observed agreement, chance agreement)`` as ``Evaluation.kappa()`` sums them.

    Its loops in its order: each cell into its row, its column and the total,
    then the diagonal and the products of the margins; both agreements
    divided as Java divides (0/0 is NaN).
    """
    k = len(rows)
    sum_rows = [0.0] * k
    sum_columns = [0.0] * k
    sum_of_weights = 0.0
    for i, row in enumerate(rows):
        for j, count in enumerate(row):
            sum_rows[i] += count
            sum_columns[j] += count
            sum_of_weights += count
    correct = 0.0
    chance_agreement = 0.0
    for i in range(k):
        chance_agreement += sum_rows[i] * sum_columns[i]
        correct += rows[i][i]
    chance_agreement = java_divide(chance_agreement, sum_of_weights * sum_of_weights)
    correct = java_divide(correct, sum_of_weights)
    return sum_rows, sum_columns, sum_of_weights, correct, chance_agreement


def _validated_matrix(matrix: Any) -> np.ndarray:
    try:
        array = np.asarray(matrix)
    except ValueError:  # ragged nested lists
        raise MatrixError("matrix is not rectangular: its rows differ in length") from None
    if array.dtype.kind not in "biuf":
        raise MatrixError(f"matrix must hold numbers, not {array.dtype} values")
    if array.size == 0:
        raise MatrixError("matrix is empty")
    if array.ndim != 2:
        raise MatrixError(f"matrix must be 2-D (rows x columns), got {array.ndim}-D")
    rows, columns = array.shape
    if rows != columns:
        raise MatrixError(f"matrix is not square: {rows} rows x {columns} columns")
    array = array.astype(np.float64, copy=False)
    finite = np.isfinite(array)
    if not finite.all():
        i, j = np.argwhere(~finite)[0]
        raise MatrixError(f"matrix holds a non-finite value ({array[i, j]}) at row {i}, column {j}")
    return array

"""The normal distribution of ``weka.core.Statistics`` (Cephes' ``ndtr`` and ``ndtri``), bit for bit.

WEKA's kappa interval and z test (:func:`wekaeval.kappa_stats`) and the report checks use them.

>>> normal_probability(1.959963984540054), normal_inverse(0.975)
(0.975, 1.959963984540054)
"""

from __future__ import annotations

import math

from wekaeval.javamath._exp import java_exp
from wekaeval.javamath._scalar import scalar_math

#: ``log(Double.MAX_VALUE)`` (Cephes' MAXLOG).
_MAXLOG = 7.09782712893383996732e2

_SQRTH = 7.07106781186547524401e-1  # sqrt(1/2)


_S2PI = math.sqrt(2.0 * math.pi)


_EXP_MINUS_2 = 0.13533528323661269189


# normalInverse: 0 <= |y - 0.5| <= 3/8
_P0 = (
    -5.99633501014107895267e1,
    9.80010754185999661536e1,
    -5.66762857469070293439e1,
    1.39312609387279679503e1,
    -1.23916583867381258016e0,
)


_Q0 = (
    1.95448858338141759834e0,
    4.67627912898881538453e0,
    8.63602421390890590575e1,
    -2.25462687854119370527e2,
    2.00260212380060660359e2,
    -8.20372256168333339912e1,
    1.59056225126211695515e1,
    -1.18331621121330003142e0,
)


# z = sqrt(-2 log y) between 2 and 8
_P1 = (
    4.05544892305962419923e0,
    3.15251094599893866154e1,
    5.71628192246421288162e1,
    4.40805073893200834700e1,
    1.46849561928858024014e1,
    2.18663306850790267539e0,
    -1.40256079171354495875e-1,
    -3.50424626827848203418e-2,
    -8.57456785154685413611e-4,
)


_Q1 = (
    1.57799883256466749731e1,
    4.53907635128879210584e1,
    4.13172038254672030440e1,
    1.50425385692907503408e1,
    2.50464946208309415979e0,
    -1.42182922854787788574e-1,
    -3.80806407691578277194e-2,
    -9.33259480895457427372e-4,
)


# z between 8 and 64
_P2 = (
    3.23774891776946035970e0,
    6.91522889068984211695e0,
    3.93881025292474443415e0,
    1.33303460815807542389e0,
    2.01485389549179081538e-1,
    1.23716634817820021358e-2,
    3.01581553508235416007e-4,
    2.65806974686737550832e-6,
    6.23974539184983293730e-9,
)


_Q2 = (
    6.02427039364742014255e0,
    3.67983563856160859403e0,
    1.37702099489081330271e0,
    2.16236993594496635890e-1,
    1.34204006088543189037e-2,
    3.28014464682127739104e-4,
    2.89247864745380683936e-6,
    6.79019408009981274425e-9,
)


# errorFunction
_T = (
    9.60497373987051638749e0,
    9.00260197203842689217e1,
    2.23200534594684319226e3,
    7.00332514112805075473e3,
    5.55923013010394962768e4,
)


_U = (
    3.35617141647503099647e1,
    5.21357949780152679795e2,
    4.59432382970980127987e3,
    2.26290000613890934246e4,
    4.92673942608635921086e4,
)


# errorFunctionComplemented, 1 <= x < 8
_P = (
    2.46196981473530512524e-10,
    5.64189564831068821977e-1,
    7.46321056442269912687e0,
    4.86371970985681366614e1,
    1.96520832956077098242e2,
    5.26445194995477358631e2,
    9.34528527171957607540e2,
    1.02755188689515710272e3,
    5.57535335369399327526e2,
)


_Q = (
    1.32281951154744992508e1,
    8.67072140885989742329e1,
    3.54937778887819891062e2,
    9.75708501743205489753e2,
    1.82390916687909736289e3,
    2.24633760818710981792e3,
    1.65666309194161350182e3,
    5.57535340817727675546e2,
)


# errorFunctionComplemented, x >= 8
_R = (
    5.64189583547755073984e-1,
    1.27536670759978104416e0,
    5.01905042251180477414e0,
    6.16021097993053585195e0,
    7.40974269950448939160e0,
    2.97886665372100240670e0,
)


_S = (
    2.26052863220117276590e0,
    9.39603524938001434673e0,
    1.20489539808096656605e1,
    1.70814450747565897222e1,
    9.60896809063285878198e0,
    3.36907645100081516050e0,
)


def normal_probability(a: float) -> float:
    """``Statistics.normalProbability(a)``: the standard normal's P(Z <= a).

    >>> normal_probability(1.1053)
    0.8654851910339234
    """
    x = float(a) * _SQRTH
    z = abs(x)
    if z < _SQRTH:
        return 0.5 + 0.5 * _error_function(x)
    y = 0.5 * _error_function_complemented(z)
    return 1.0 - y if x > 0 else y


def normal_inverse(y0: float) -> float:
    """``Statistics.normalInverse(y0)``: the z with P(Z <= z) = y0, for 0 < y0 < 1.

    >>> normal_inverse(0.5), normal_inverse(0.995)
    (0.0, 2.5758293035489004)

    Raises
    ------
    ValueError
        If y0 is not strictly between 0 and 1 (WEKA throws IllegalArgumentException).
    """
    y = float(y0)
    if not 0.0 < y < 1.0:
        raise ValueError(f"normal_inverse needs a probability strictly between 0 and 1, got {y0!r}")
    negate = True
    if y > 1.0 - _EXP_MINUS_2:
        y = 1.0 - y
        negate = False
    if y > _EXP_MINUS_2:
        y = y - 0.5
        y2 = y * y
        x = y + y * (y2 * _polevl(y2, _P0) / _p1evl(y2, _Q0))
        return x * _S2PI
    java = scalar_math()  # two logs, one lookup
    x = math.sqrt(-2.0 * java.log(y))
    x0 = x - java.log(x) / x
    z = 1.0 / x
    if x < 8.0:
        x1 = z * _polevl(z, _P1) / _p1evl(z, _Q1)
    else:
        x1 = z * _polevl(z, _P2) / _p1evl(z, _Q2)
    x = x0 - x1
    return -x if negate else x


def _error_function(x: float) -> float:
    if abs(x) > 1.0:
        return 1.0 - _error_function_complemented(x)
    z = x * x
    return x * _polevl(z, _T) / _p1evl(z, _U)


def _error_function_complemented(a: float) -> float:
    x = -a if a < 0.0 else a
    if x < 1.0:
        return 1.0 - _error_function(a)
    z = -a * a
    if z < -_MAXLOG:
        return 2.0 if a < 0 else 0.0
    z = java_exp(z)
    if x < 8.0:
        p, q = _polevl(x, _P), _p1evl(x, _Q)
    else:
        p, q = _polevl(x, _R), _p1evl(x, _S)
    y = (z * p) / q
    if a < 0:
        y = 2.0 - y
    if y == 0.0:
        return 2.0 if a < 0 else 0.0
    return y


def _polevl(x: float, coefficients: tuple[float, ...]) -> float:
    """Horner's rule from the leading coefficient."""
    result = coefficients[0]
    for c in coefficients[1:]:
        result = result * x + c
    return result


def _p1evl(x: float, coefficients: tuple[float, ...]) -> float:
    """Horner's rule with an implicit leading coefficient 1."""
    result = x + coefficients[0]
    for c in coefficients[1:]:
        result = result * x + c
    return result

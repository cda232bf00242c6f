"""The normal and F distributions as WEKA's ``weka.core.Statistics`` computes them, bit for bit.

WEKA takes its normal probabilities and quantiles from ``Statistics.normalProbability`` and
``Statistics.normalInverse``, Java ports of Cephes' ``ndtr`` and ``ndtri``: rational approximations
evaluated with Horner's rule (``polevl``/``p1evl``), around Java's ``Math.exp``, ``Math.log`` and
``Math.sqrt``.  Repeating that arithmetic operation by operation, with HotSpot's ``Math.exp`` and
``Math.log`` (:mod:`wekaeval.javamath`, :mod:`wekaeval.javamath`), gives the doubles WEKA gives, so a
statistic computed here and inside WEKA (the kappa package of ``java_reference``) agrees to the last bit.
Python's own ``statistics.NormalDist`` differs in the last bit: its 97.5 % quantile is
1.9599639845400536, WEKA's and scipy's 1.959963984540054.

>>> from wekaeval.javamath import normal_inverse, normal_probability
>>> normal_inverse(0.975)
1.959963984540054
>>> normal_probability(1.959963984540054)
0.975
>>> normal_probability(-40.0), normal_probability(0.0)
(0.0, 0.5)

The paired t-test of WEKA's Experimenter (``weka.experiment.PairedStats``, :mod:`wekaeval.experiment`)
takes its probability from ``Statistics.FProbability(t*t, 1, n - 1)``: Cephes' incomplete beta
integral (``incbet``: a power series and two continued fractions) around ``gamma``, ``lnGamma``,
``Math.pow``, ``Math.exp`` and ``Math.log``, ported here the same way, ``Math.pow`` by
:func:`wekaeval.javamath.java_pow` (whose ``Math.pow(x, 0.5)``, which the t-test computes on most of its
paths, is HotSpot's correctly rounded square root).

>>> from wekaeval.javamath import f_probability, incomplete_beta, ln_gamma
>>> f_probability(5.1922, 4, 5)                  # Statistics.main's example
0.04999941493159679
>>> f_probability(2.262157162740992 ** 2, 1, 9)  # t's two-sided 5 % quantile for 9 degrees of freedom
0.050000000004675665
>>> ln_gamma(6.0), incomplete_beta(0.5, 0.5, 0.5)
(4.787491742782046, 0.5000000000000001)

Two of WEKA's branches use ``Math.sin`` (``lnGamma`` below -34 and ``gamma`` below -33, reflection
formulas for negative arguments): they call Python's ``math.sin``, which differs from HotSpot's
``Math.sin`` intrinsic in the last bit for about 0.2 % of the arguments in (0, pi/2], so there the
result can differ from WEKA's in the last bits.  The t-test never takes these branches (all its
arguments are positive).  :func:`wekaeval.javamath.java_pow` takes every path of HotSpot's ``Math.pow``,
so subnormal powers (``a*log(x)`` in (-745.2, -708.4), inside ``powerSeries`` and ``incompleteBeta``:
t-test p-values below about 1e-290) and overflowing ones (``gamma`` above 171.6) are WEKA's too.
"""

from __future__ import annotations

import math
import operator

from wekaeval.javamath._normal import _MAXLOG, _p1evl, _polevl
from wekaeval.javamath._numbers import java_divide
from wekaeval.javamath._scalar import EACH_CALL, ScalarMath, scalar_math

# Statistics' constants, as its source spells them
_MACHEP = 1.11022302462515654042e-16  # 2**-53


_MINLOG = -7.451332191019412076235e2  # log(2**-1075)


_MAXGAM = 171.624376956302725


_SQTPI = 2.50662827463100050242e0  # sqrt(2 pi)


_LOGPI = 1.14472988584940017414  # log(pi)


_BIG = 4.503599627370496e15  # 2**52


_BIGINV = 2.22044604925031308085e-16  # 2**-52


# lnGamma: Stirling's series for x >= 13, a rational function on [2, 3)
_A = (
    8.11614167470508450300e-4,
    -5.95061904284301438324e-4,
    7.93650340457716943945e-4,
    -2.77777777730099687205e-3,
    8.33333333333331927722e-2,
)


_B = (
    -1.37825152569120859100e3,
    -3.88016315134637840924e4,
    -3.31612992738871184744e5,
    -1.16237097492762307383e6,
    -1.72173700820839662146e6,
    -8.53555664245765465627e5,
)


_C = (
    -3.51815701436523470549e2,
    -1.70642106651881159223e4,
    -2.20528590553854454839e5,
    -1.13933444367982507207e6,
    -2.53252307177582951285e6,
    -2.01889141433532773231e6,
)


# gamma on [2, 3)
_GAMMA_P = (
    1.60119522476751861407e-4,
    1.19135147006586384913e-3,
    1.04213797561761569935e-2,
    4.76367800457137231464e-2,
    2.07448227648435975150e-1,
    4.94214826801497100753e-1,
    9.99999999999999996796e-1,
)


_GAMMA_Q = (
    -2.31581873324120129819e-5,
    5.39605580493303397842e-4,
    -4.45641913851797240494e-3,
    1.18139785222060435552e-2,
    3.58236398605498653373e-2,
    -2.34591795718243348568e-1,
    7.14304917030273074085e-2,
    1.00000000000000000320e0,
)


# stirlingFormula, valid for 33 <= x <= 172
_STIR = (
    7.87311395793093628397e-4,
    -2.29549961613378126380e-4,
    -2.68132617805781232825e-3,
    3.47222221605458667310e-3,
    8.33333333333482257126e-2,
)


_MAXSTIR = 143.01608


def f_probability(f: float, df1: int, df2: int) -> float:
    """``Statistics.FProbability(F, df1, df2)``: P(X > F) for X with Snedecor's F(df1, df2) distribution.

    WEKA computes ``incompleteBeta(df2 / 2.0, df1 / 2.0, df2 / (df2 + df1 * F))``; the paired t-test
    calls it with ``F = t * t`` and ``df1 = 1``, which gives the two-sided p-value of ``t``.

    >>> f_probability(0.0, 1, 9), f_probability(float("inf"), 1, 9)
    (1.0, 0.0)
    >>> f_probability(4.0, 1, 1)
    0.29516723530086664

    Raises
    ------
    TypeError
        If ``df1`` or ``df2`` is not an integer (WEKA's parameters are Java ints).
    ValueError
        If ``df2 / 2.0`` or ``df1 / 2.0`` is not positive, or ``df2 / (df2 + df1 * F)`` lies outside [0, 1]
        (negative F), where WEKA throws ``ArithmeticException("ibeta: Domain error!")``.
    """
    df1, df2 = _int_argument(df1, "df1"), _int_argument(df2, "df2")
    return incomplete_beta(df2 / 2.0, df1 / 2.0, java_divide(float(df2), df2 + df1 * float(f)))


def incomplete_beta(aa: float, bb: float, xx: float) -> float:
    """``Statistics.incompleteBeta(aa, bb, xx)``: the regularised incomplete beta integral I_xx(aa, bb).

    Cephes' ``incbet``: the power series where ``bb * xx <= 1`` and ``xx <= 0.95``, otherwise one of two
    continued fractions, after swapping the parameters when ``xx`` exceeds the mean ``aa / (aa + bb)``.

    >>> incomplete_beta(2.0, 3.0, 0.4), incomplete_beta(2.0, 3.0, 0.0), incomplete_beta(2.0, 3.0, 1.0)
    (0.5247999999999999, 0.0, 1.0)

    Raises
    ------
    ValueError
        If ``aa`` or ``bb`` is not positive or ``xx`` lies outside [0, 1] (WEKA's "ibeta: Domain error!").
    """
    aa, bb, xx = float(aa), float(bb), float(xx)
    if aa <= 0.0 or bb <= 0.0:
        raise ValueError(f"ibeta: Domain error! incomplete_beta needs positive aa and bb, got {aa!r}, {bb!r}")
    if xx <= 0.0 or xx >= 1.0:
        if xx == 0.0:
            return 0.0
        if xx == 1.0:
            return 1.0
        raise ValueError(f"ibeta: Domain error! incomplete_beta needs 0 <= xx <= 1, got {xx!r}")
    java = scalar_math()  # every path from here takes a log: the platform looked up once for all of them
    if bb * xx <= 1.0 and xx <= 0.95:
        return _power_series(aa, bb, xx, java)
    w = 1.0 - xx
    # Reverse a and b if x is greater than the mean.
    flag = xx > aa / (aa + bb)
    if flag:
        a, b, xc, x = bb, aa, xx, w
    else:
        a, b, xc, x = aa, bb, w, xx
    if flag and b * x <= 1.0 and x <= 0.95:
        return _one_minus(_power_series(a, b, x, java))
    # Choose the expansion that converges better.
    y = x * (a + b - 2.0) - (a - 1.0)
    if y < 0.0:
        w = incomplete_beta_fraction1(a, b, x)
    else:
        w = incomplete_beta_fraction2(a, b, x) / xc
    # Multiply w by x**a (1-x)**b gamma(a+b) / (a gamma(a) gamma(b)).
    y = a * java.log(x)
    t = b * java.log(xc)
    if a + b < _MAXGAM and abs(y) < _MAXLOG and abs(t) < _MAXLOG:
        t = java.pow(xc, b)
        t *= java.pow(x, a)
        t /= a
        t *= w
        t *= _gamma(a + b, java) / (_gamma(a, java) * _gamma(b, java))
        return _one_minus(t) if flag else t
    # Resort to logarithms.
    y += t + _ln_gamma(a + b, java) - _ln_gamma(a, java) - _ln_gamma(b, java)
    y += java.log(w / a)
    t = 0.0 if y < _MINLOG else java.exp(y)
    return _one_minus(t) if flag else t


def incomplete_beta_fraction1(a: float, b: float, x: float) -> float:
    """``Statistics.incompleteBetaFraction1``: continued fraction expansion #1 of the incomplete beta integral.

    At most 300 steps; the result of the last one if the relative change never falls below 3 * 2**-53.

    >>> incomplete_beta_fraction1(2.0, 3.0, 0.1)
    1.19570187471422
    """
    a, b, x = float(a), float(b), float(x)
    k1, k2, k3, k4 = a, a + b, a, a + 1.0
    k5, k6, k7, k8 = 1.0, b - 1.0, a + 1.0, a + 2.0
    return _continued_fraction(x, (k1, k2, k3, k4, k5, k6, k7, k8), (1.0, 1.0, 2.0, 2.0, 1.0, -1.0, 2.0, 2.0))


def incomplete_beta_fraction2(a: float, b: float, x: float) -> float:
    """``Statistics.incompleteBetaFraction2``: continued fraction expansion #2 of the incomplete beta integral.

    >>> incomplete_beta_fraction2(2.0, 3.0, 0.6)
    2.375000000000001
    """
    a, b, x = float(a), float(b), float(x)
    k1, k2, k3, k4 = a, b - 1.0, a, a + 1.0
    k5, k6, k7, k8 = 1.0, a + b, a + 1.0, a + 2.0
    z = java_divide(x, 1.0 - x)
    return _continued_fraction(z, (k1, k2, k3, k4, k5, k6, k7, k8), (1.0, -1.0, 2.0, 2.0, 1.0, 1.0, 2.0, 2.0))


def _continued_fraction(x: float, k: tuple[float, ...], steps: tuple[float, ...]) -> float:
    """The loop both of WEKA's fractions share; they differ in their k's starting values and steps only."""
    k1, k2, k3, k4, k5, k6, k7, k8 = k
    s1, s2, s3, s4, s5, s6, s7, s8 = steps
    pkm2, qkm2, pkm1, qkm1 = 0.0, 1.0, 1.0, 1.0
    ans = r = 1.0
    thresh = 3.0 * _MACHEP
    for _ in range(300):
        xk = -(x * k1 * k2) / (k3 * k4)
        pk = pkm1 + pkm2 * xk
        qk = qkm1 + qkm2 * xk
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        xk = (x * k5 * k6) / (k7 * k8)
        pk = pkm1 + pkm2 * xk
        qk = qkm1 + qkm2 * xk
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        if qk != 0:
            r = pk / qk
        if r != 0:
            t = abs((ans - r) / r)
            ans = r
        else:
            t = 1.0
        if t < thresh:
            return ans
        k1 += s1
        k2 += s2
        k3 += s3
        k4 += s4
        k5 += s5
        k6 += s6
        k7 += s7
        k8 += s8
        if abs(qk) + abs(pk) > _BIG:
            pkm2 *= _BIGINV
            pkm1 *= _BIGINV
            qkm2 *= _BIGINV
            qkm1 *= _BIGINV
        if abs(qk) < _BIGINV or abs(pk) < _BIGINV:
            pkm2 *= _BIG
            pkm1 *= _BIG
            qkm2 *= _BIG
            qkm1 *= _BIG
    return ans


def power_series(a: float, b: float, x: float) -> float:
    """``Statistics.powerSeries``: the incomplete beta integral's power series, for small ``b * x``, ``x <= 0.95``.

    >>> power_series(2.0, 3.0, 0.1)
    0.05230000000000001
    """
    return _power_series(float(a), float(b), float(x), EACH_CALL)  # a = 0 divides by 0 before any log


def _power_series(a: float, b: float, x: float, java: ScalarMath) -> float:
    ai = 1.0 / a
    u = (1.0 - b) * x
    v = u / (a + 1.0)
    t1 = v
    t = u
    n = 2.0
    s = 0.0
    z = _MACHEP * ai
    while abs(v) > z:
        u = (n - b) * x / n
        t *= u
        v = t / (a + n)
        s += v
        n += 1.0
    s += t1
    s += ai
    u = a * java.log(x)
    if a + b < _MAXGAM and abs(u) < _MAXLOG:
        t = _gamma(a + b, java) / (_gamma(a, java) * _gamma(b, java))
        return s * t * java.pow(x, a)
    t = _ln_gamma(a + b, java) - _ln_gamma(a, java) - _ln_gamma(b, java) + u + java.log(s)
    return 0.0 if t < _MINLOG else java.exp(t)


def gamma(x: float) -> float:
    """``Statistics.gamma(x)``: the gamma function (Cephes' ``gamma``).

    >>> gamma(5.0), gamma(0.5), gamma(-1.5), gamma(40.0)
    (24.0, 1.7724538509055159, 2.363271801207355, 2.0397882081197442e+46)

    Below -33 WEKA's reflection formula calls ``Math.sin`` (see the module's notes).  Above 171.6 WEKA's
    gamma overflows (infinity, NaN above 709.8), ``Math.pow`` and ``Math.exp`` overflowing as they do in
    Java:

    >>> gamma(171.6), gamma(200.0), gamma(710.0)
    (1.5858969096672567e+308, inf, nan)

    Raises
    ------
    OverflowError
        At 0 and the negative integers, where WEKA throws "gamma: overflow" or "gamma: singular".
    """
    return _gamma(float(x), EACH_CALL)  # Math.exp and Math.pow only above 33: the platform looked up there


def _gamma(x: float, java: ScalarMath) -> float:
    q = abs(x)
    if q > 33.0:
        if x < 0.0:
            p: float = math.floor(q)  # Java's Math.floor is a double; Python's int holds the same value
            if p == q:
                raise OverflowError(f"gamma: overflow (gamma has a pole at {x!r})")
            z = q - p
            if z > 0.5:
                p += 1.0
                z = q - p
            z = q * math.sin(math.pi * z)
            if z == 0.0:
                raise OverflowError(f"gamma: overflow at {x!r}")
            z = abs(z)
            z = math.pi / (z * _stirling_formula(q, java))
            return -z
        return _stirling_formula(x, java)
    z = 1.0
    while x >= 3.0:
        x -= 1.0
        z *= x
    while x < 0.0:
        if x > -1.0e-9:
            return z / ((1.0 + 0.5772156649015329 * x) * x)
        z /= x
        x += 1.0
    while x < 2.0:
        if x == 0.0:
            raise OverflowError("gamma: singular (gamma has a pole at 0 and the negative integers)")
        if x < 1.0e-9:
            return z / ((1.0 + 0.5772156649015329 * x) * x)
        z /= x
        x += 1.0
    if x == 2.0 or x == 3.0:
        return z
    x -= 2.0
    p = _polevl(x, _GAMMA_P)
    q = _polevl(x, _GAMMA_Q)
    return z * p / q


def _stirling_formula(x: float, java: ScalarMath) -> float:
    """``Statistics.stirlingFormula``: gamma by Stirling's formula, for 33 <= x <= 172."""
    w = 1.0 / x
    y = java.exp(x)
    w = 1.0 + w * _polevl(w, _STIR)
    if x > _MAXSTIR:
        # Avoid overflow in Math.pow().
        v = java.pow(x, 0.5 * x - 0.25)
        y = v * (v / y)
    else:
        y = java.pow(x, x - 0.5) / y
    return _SQTPI * y * w


def ln_gamma(x: float) -> float:
    """``Statistics.lnGamma(x)``: the natural logarithm of the gamma function's absolute value.

    >>> ln_gamma(1.0), ln_gamma(0.5), ln_gamma(100.0), ln_gamma(-2.5)
    (0.0, 0.5723649429247, 359.1342053695754, -0.05624371649767401)

    Below -34 WEKA's reflection formula calls ``Math.sin`` (see the module's notes).

    Raises
    ------
    OverflowError
        At 0, the negative integers and above 2.556348e305 (WEKA's "lnGamma: Overflow").
    """
    return _ln_gamma(float(x), EACH_CALL)  # one Math.log (two below -34): no lookup saved by resolving first


def _ln_gamma(x: float, java: ScalarMath) -> float:
    if x < -34.0:
        q = -x
        w = _ln_gamma(q, java)
        p: float = math.floor(q)  # Java's Math.floor is a double; Python's int holds the same value
        if p == q:
            raise OverflowError(f"lnGamma: Overflow (a pole at {x!r})")
        z = q - p
        if z > 0.5:
            p += 1.0
            z = p - q
        z = q * math.sin(math.pi * z)
        if z == 0.0:
            raise OverflowError(f"lnGamma: Overflow at {x!r}")
        return _LOGPI - java.log(z) - w
    if x < 13.0:
        z = 1.0
        while x >= 3.0:
            x -= 1.0
            z *= x
        while x < 2.0:
            if x == 0.0:
                raise OverflowError("lnGamma: Overflow (a pole at 0 or a negative integer)")
            z /= x
            x += 1.0
        if z < 0.0:
            z = -z
        if x == 2.0:
            return java.log(z)
        x -= 2.0
        p = x * _polevl(x, _B) / _p1evl(x, _C)
        return java.log(z) + p
    if x > 2.556348e305:
        raise OverflowError(f"lnGamma: Overflow at {x!r}")
    q = (x - 0.5) * java.log(x) - x + 0.91893853320467274178
    if x > 1.0e8:
        return q
    p = 1.0 / (x * x)
    if x >= 1000.0:
        q += ((7.9365079365079365079365e-4 * p - 2.7777777777777777777778e-3) * p + 0.0833333333333333333333) / x
    else:
        q += _polevl(p, _A) / x
    return q


def _one_minus(t: float) -> float:
    """incompleteBeta's complement of a swapped integral: 1 - t, but at most 1 - MACHEP."""
    return 1.0 - _MACHEP if t <= _MACHEP else 1.0 - t


_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def _int_argument(value: int, name: str) -> int:
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer (a Java int), got {value!r}") from None
    if not _INT_MIN <= value <= _INT_MAX:
        raise ValueError(f"{name} must fit a Java int, got {value}")
    return value

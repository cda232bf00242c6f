"""Java's ``Math.log``, ``Math.exp`` and ``Math.pow`` on Python floats, the platform looked up once per operation.

Each public call (:func:`~wekaeval.javamath.java_log`, ...) finds the platform anew, because ``WEKAEVAL_CPU``
may change while a process runs; that lookup (reading the environment) costs about as much as a logarithm's
arithmetic.  An operation that takes many logarithms (a kernel density, an incomplete beta integral) asks
:func:`scalar_math` once and calls its functions: the same steps, the same bits, without the lookups.

>>> from wekaeval.javamath import java_exp, java_log_scalar, java_pow
>>> java = scalar_math("amd")
>>> java.log(3.0) == java_log_scalar(3.0, cpu="amd"), java.exp(-0.6) == java_exp(-0.6, cpu="amd")
(True, True)
>>> java.pow(13.0, -0.25) == java_pow(13.0, -0.25, cpu="amd"), scalar_math("aarch64").log(3.0).hex()
(True, '0x1.193ea7aad030ap+0')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from wekaeval.javamath._exp import _exp_scalar, java_exp
from wekaeval.javamath._fdlibm import fdlibm_exp
from wekaeval.javamath._fdlibm_pow import fdlibm_pow
from wekaeval.javamath._log import _hotspot_scalar, fdlibm_log, java_log_scalar
from wekaeval.javamath._platform import Cpu, JavaPlatform, java_platform
from wekaeval.javamath._pow import _pow_scalar, java_pow


@dataclass(frozen=True)
class ScalarMath:
    """One platform's ``Math.log``, ``Math.exp`` and ``Math.pow``, each taking Python floats and giving one:
    what :func:`~wekaeval.javamath.java_log_scalar`, :func:`~wekaeval.javamath.java_exp` and
    :func:`~wekaeval.javamath.java_pow` give on floats for that platform."""

    log: Callable[[float], float]
    exp: Callable[[float], float]
    pow: Callable[[float, float], float]


#: The public functions themselves, which find the platform on each call: for a function that takes one log
#: or two, or must not look the platform up before it takes one (an invalid ``WEKAEVAL_CPU`` raises there).
EACH_CALL = ScalarMath(java_log_scalar, java_exp, java_pow)


def _made_for(platform: JavaPlatform) -> ScalarMath:
    if platform.math == "fdlibm":
        return ScalarMath(fdlibm_log, fdlibm_exp, fdlibm_pow)
    return ScalarMath(
        partial(_hotspot_scalar, platform._log_indexes),
        _exp_scalar,
        partial(_pow_scalar, platform._pow_indexes),
    )


#: Each platform's functions, by the platform's identity (a platform is made once, by _platform's cache; the
#: entry holds it, so its id is never another's).
_MADE: dict[int, tuple[JavaPlatform, ScalarMath]] = {}


def scalar_math(cpu: Cpu | None = None) -> ScalarMath:
    """The functions of the platform :func:`~wekaeval.javamath.java_platform` names now (``cpu``, else
    ``WEKAEVAL_CPU``, else the host's), made once per platform."""
    platform = java_platform(cpu)
    made = _MADE.get(id(platform))
    if made is None:
        made = _MADE[id(platform)] = (platform, _made_for(platform))
    return made[1]

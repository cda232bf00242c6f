"""All of Java's and WEKA's arithmetic that Python does not give bit for bit.

The floor everything else stands on: Java's ``Math.log``, ``Math.exp`` and ``Math.pow`` as the JVM
computes them (HotSpot's x86_64 intrinsics by processor, or fdlibm on ARM: :func:`java_platform`),
Java's casts, division, sums and number texts (``Double.toString``, WEKA's ``Utils.doubleToString``,
``FloatingDecimal``'s digits, by JDK: :func:`jdk_version`), WEKA's quicksort (``Utils.sort``),
``java.util.Random``, ``weka.core.Statistics`` and ``weka.experiment.Stats``.  Nothing here knows of
evaluations, files or the JVM.

>>> from wekaeval.javamath import java_log, java_pow, double_to_string
>>> java_log(3.0, cpu="amd").hex(), java_pow(13.0, -0.25).hex()
('0x1.193ea7aad030bp+0', '0x1.0da3cf151e840p-1')
>>> double_to_string(0.94, 6, 4)
'0.94  '
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.javamath._digits import floating_decimal
    from wekaeval.javamath._exp import java_exp
    from wekaeval.javamath._fdlibm import fdlibm_exp
    from wekaeval.javamath._fdlibm_pow import fdlibm_pow
    from wekaeval.javamath._jdk import JdkVersion, jdk_version
    from wekaeval.javamath._log import fdlibm_log, java_log, java_log_scalar, log2
    from wekaeval.javamath._normal import normal_inverse, normal_probability
    from wekaeval.javamath._numbers import (
        WEKA_SMALL,
        java_divide,
        java_double_to_string,
        java_int,
        java_int32,
        java_rint,
        java_round,
        java_sqrt,
        java_sum,
        weka_eq,
    )
    from wekaeval.javamath._parse import java_parse_double, java_parse_int
    from wekaeval.javamath._platform import (
        JavaPlatform,
        JavaPlatformWarning,
        RcppsUnavailable,
        breakpoints_from_rcpps,
        java_platform,
    )
    from wekaeval.javamath._pow import java_pow
    from wekaeval.javamath._random import JavaRandom, RandomInts, RandomSource, java_shuffle
    from wekaeval.javamath._sort import (
        ranked_values,
        sorted_ranks,
        stable_order,
        weka_sort,
        weka_sort_ranked,
        weka_sort_rows,
    )
    from wekaeval.javamath._statistics import (
        f_probability,
        gamma,
        incomplete_beta,
        ln_gamma,
    )
    from wekaeval.javamath._stats import Stats, weka_stats
    from wekaeval.javamath._text import (
        back_quote_chars,
        decimal_format,
        double_to_string,
        java_fixed,
        java_trim,
        join_options,
        old_decimal_format,
        quote,
    )

__all__ = [
    "java_log",
    "java_log_scalar",
    "fdlibm_log",
    "log2",
    "java_exp",
    "java_pow",
    "fdlibm_exp",
    "fdlibm_pow",
    "java_divide",
    "java_sum",
    "java_sqrt",
    "java_double_to_string",
    "floating_decimal",
    "jdk_version",
    "JdkVersion",
    "java_platform",
    "JavaPlatform",
    "JavaPlatformWarning",
    "RcppsUnavailable",
    "breakpoints_from_rcpps",
    "JavaRandom",
    "java_shuffle",
    "RandomInts",
    "RandomSource",
    "weka_sort",
    "weka_sort_ranked",
    "weka_sort_rows",
    "stable_order",
    "Stats",
    "weka_stats",
    "normal_probability",
    "normal_inverse",
    "f_probability",
    "incomplete_beta",
    "gamma",
    "ln_gamma",
    "double_to_string",
    "decimal_format",
    "old_decimal_format",
    "java_fixed",
    "java_trim",
    "java_parse_double",
    "java_parse_int",
    "quote",
    "join_options",
    "back_quote_chars",
    "java_int",
    "java_int32",
    "java_rint",
    "java_round",
    "weka_eq",
    "WEKA_SMALL",
    "ranked_values",
    "sorted_ranks",
]

#: Each name's home, imported on first use (``import wekaeval.javamath`` alone loads none of them); ``renamed``: this
#: face's names before issue 36, renamed or wekaeval's plumbing now, that still import with a warning.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.javamath._digits": ("floating_decimal",),
        "wekaeval.javamath._exp": ("java_exp",),
        "wekaeval.javamath._fdlibm": ("fdlibm_exp",),
        "wekaeval.javamath._fdlibm_pow": ("fdlibm_pow",),
        "wekaeval.javamath._jdk": ("JdkVersion", "jdk_version"),
        "wekaeval.javamath._log": ("fdlibm_log", "java_log", "java_log_scalar", "log2"),
        "wekaeval.javamath._normal": ("normal_inverse", "normal_probability"),
        "wekaeval.javamath._numbers": (
            "WEKA_SMALL",
            "java_divide",
            "java_double_to_string",
            "java_int",
            "java_int32",
            "java_rint",
            "java_round",
            "java_sqrt",
            "java_sum",
            "weka_eq",
        ),
        "wekaeval.javamath._parse": ("java_parse_double", "java_parse_int"),
        "wekaeval.javamath._platform": (
            "JavaPlatform",
            "JavaPlatformWarning",
            "RcppsUnavailable",
            "breakpoints_from_rcpps",
            "java_platform",
        ),
        "wekaeval.javamath._pow": ("java_pow",),
        "wekaeval.javamath._random": ("JavaRandom", "RandomInts", "RandomSource", "java_shuffle"),
        "wekaeval.javamath._sort": (
            "ranked_values",
            "sorted_ranks",
            "stable_order",
            "weka_sort",
            "weka_sort_ranked",
            "weka_sort_rows",
        ),
        "wekaeval.javamath._statistics": ("f_probability", "gamma", "incomplete_beta", "ln_gamma"),
        "wekaeval.javamath._stats": ("Stats", "weka_stats"),
        "wekaeval.javamath._text": (
            "back_quote_chars",
            "decimal_format",
            "double_to_string",
            "java_fixed",
            "java_trim",
            "join_options",
            "old_decimal_format",
            "quote",
        ),
    },
    plumbing={
        "wekaeval.javamath._shared": None,
        "wekaeval.javamath._digits": ("Digits", "shortest_digits"),
        "wekaeval.javamath._jdk": ("JDK_ENVIRONMENT_VARIABLE",),
        "wekaeval.javamath._platform": ("measure_rcpps",),
    },
)

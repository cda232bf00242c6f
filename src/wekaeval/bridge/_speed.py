"""What wekaeval gives WEKA's JVM for speed alone: the heap on huge pages (:func:`huge_pages_option`).

It changes no number and is measured side by side in ``benchmarks/bench_huge_pages.py``; so is the option tried
and left, HotSpot's throughput collector (``benchmarks/bench_collector.py``, docs/performance.md).
:func:`wekaeval.bridge.jvm_options` adds it.
"""

from __future__ import annotations

from pathlib import Path

#: Linux's switch for transparent huge pages: the bracketed word is the setting in force.
HUGE_PAGES_SETTING = Path("/sys/kernel/mm/transparent_hugepage/enabled")


def huge_pages_option() -> list[str]:
    """``["-XX:+UseTransparentHugePages"]`` where Linux gives huge pages only to programs that ask (``madvise``,
    Debian's and Ubuntu's default), else ``[]`` (``always`` gives them to every program, ``never`` to none, other
    systems have no such switch).

    WEKA's schemes that hold large arrays walk them many times (Logistic's quasi-Newton update touches a
    parameters x parameters matrix each iteration); with 2 MB pages instead of 4 kB the processor's page-table
    cache covers them.  No number changes: the page size is invisible to Java's arithmetic.  Measured on the
    corpus (docs/performance.md): 0.88x the CPU time, Logistic on many-missing.arff 0.75x.  A JVM started with
    ``_JAVA_OPTIONS=-XX:-UseTransparentHugePages`` in the environment does without.
    """
    try:
        setting = HUGE_PAGES_SETTING.read_text(encoding="ascii")
    except (OSError, UnicodeError):
        return []
    return ["-XX:+UseTransparentHugePages"] if "[madvise]" in setting.split() else []

"""The options wekaeval gives WEKA's JVM for speed alone: the heap on huge pages, the throughput collector.

Neither changes a number -- the page size and the collector are invisible to Java's arithmetic -- and each is
measured side by side in ``benchmarks/`` (docs/performance.md).  :func:`wekaeval.bridge.jvm_options` adds them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: A HotSpot option that chooses a garbage collector (or turns one off): ``-XX:+UseG1GC``, ``-XX:-UseParallelGC``.
_COLLECTOR = re.compile(r"-XX:[+-]Use\w*GC")

#: The environment variables whose options a JVM started inside a process reads besides the ones it is given.
_JVM_ENVIRONMENT = ("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")


def collector_option(chosen: list[str]) -> list[str]:
    """``["-XX:+UseParallelGC"]`` unless ``chosen`` (the options of ``WEKAEVAL_JVM_OPTIONS``) or the
    environment the JVM reads (``JAVA_TOOL_OPTIONS``, ``_JAVA_OPTIONS``) name a collector: HotSpot refuses to
    start with two ("Conflicting collector combinations"), and the user's choice stands.

    WEKA's evaluations are batch work, whose pauses nobody sees; HotSpot's default collector (G1) spends CPU on
    keeping them short.  The throughput collector gives the same numbers -- the collector is invisible to Java's
    arithmetic -- for less CPU and less memory: the corpus 0.88x the CPU, its peak 0.89x (docs/performance.md).
    """
    given = [*chosen, *(word for name in _JVM_ENVIRONMENT for word in os.environ.get(name, "").split())]
    return [] if any(_COLLECTOR.fullmatch(option) for option in given) else ["-XX:+UseParallelGC"]


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

"""How fast this machine runs Python now: the CPU seconds of a fixed loop, to put beside a timing.

The suite's time on the 2-core machine follows the machine's speed that hour (docs/development.md, "The suite's
time"): the same loop took 0.76-1.43 CPU-s there in one day.  Run it before and after a measurement::

    python benchmarks/machine_speed.py
"""

from __future__ import annotations

import time

#: The loop at a module's top level, its names globals (as docs/development.md's figures were taken; in a
#: function, with local names, the same loop takes about 0.4x the time).
LOOP = "total = 0\nfor i in range(steps):\n    total += i * i\n"


def loop_seconds(steps: int = 6_000_000) -> float:
    """CPU seconds of ``steps`` multiply-adds in plain Python, names looked up as a module's globals.

    >>> loop_seconds(1000) >= 0.0
    True
    """
    namespace = {"steps": steps}
    code = compile(LOOP, "<machine_speed>", "exec")
    started = time.process_time()
    exec(code, namespace)
    return time.process_time() - started


if __name__ == "__main__":
    print(f"machine speed: {loop_seconds():.2f} CPU-s for 6 million multiply-adds in Python")

"""Another tree beside this one: a measurement run in a fresh process whose ``wekaeval`` is that tree's ``src``.

A change's before/after figures come from one run, the two trees timed in turn (A B A B ...: a drift of the
machine's speed hits both): ``--before SRC`` in the benchmarks that take it.  The process leaves out
``WEKAEVAL_CPU`` (each tree finds the host's JVM arithmetic itself) and ``PYTHONDONTWRITEBYTECODE`` (else it
would compile every module again) and prints its result as JSON on its last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_on_tree(src: Path, arguments: list[str]) -> Any:
    """``python arguments...`` with ``src`` first on the path; the JSON its last line of output holds."""
    environment = {k: v for k, v in os.environ.items() if k not in ("WEKAEVAL_CPU", "PYTHONDONTWRITEBYTECODE")}
    environment["PYTHONPATH"] = str(src)
    done = subprocess.run([sys.executable, *arguments], env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])

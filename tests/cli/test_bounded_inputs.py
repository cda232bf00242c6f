"""No command reads an input until memory runs out (issue 24): an endless stream is one line naming it, exit 2.

``/dev/zero`` stands for every input that never ends or is not text: each command that reads a file is run on
it in a child process whose address space is capped at 1.5 GB, so reading it whole would die, not pass.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from tests.paths import ARFF_SAMPLES

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")

IRIS = str(ARFF_SAMPLES / "iris.arff")
ENDLESS = "/dev/zero"

COMMANDS = {
    "parse": ["parse", ENDLESS],
    "check": ["check", ENDLESS],
    "report": ["report", ENDLESS, "--html", "{out}"],
    "summarise": ["summarise", ENDLESS],
    "ttest": ["ttest", ENDLESS],
    "kappa data": ["kappa", ENDLESS, "--predictions", "{predictions}"],
    "kappa predictions": ["kappa", IRIS, "--predictions", ENDLESS],
    "evaluate predictions": ["evaluate", ENDLESS, "--data", IRIS],
    "evaluate data": ["evaluate", "{predictions}", "--data", ENDLESS],
}


def _capped() -> None:
    limit = 1536 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("name", list(COMMANDS))
def test_an_endless_input_is_one_line_naming_it(name, tmp_path):
    predictions = tmp_path / "p.csv"
    predictions.write_text("predicted\nIris-setosa\n", encoding="utf-8")
    args = [a.format(out=tmp_path / "out.html", predictions=predictions) for a in COMMANDS[name]]
    done = subprocess.run(
        [sys.executable, "-m", "wekaeval.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_capped,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wekaeval: error: /dev/zero"), lines[:5]
    assert len(lines[0]) < 400

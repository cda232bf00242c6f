"""Worker processes started from any script: without a ``__main__`` guard, from standard input, never running
the script again (issue 35, item 7); and a JVM stopped by python-weka-wrapper3 named as such (item 2).

Each case runs a small script in a fresh Python (the test session's own JVM must not be stopped), on tiny data
with 2 runs x 2 folds (two batches, one per worker: fewer would be computed without workers): the workers' start
is what is tested.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from tests.paths import ARFF_SAMPLES
from wekaeval._processes import main_names
from wekaeval.experiment import ExperimentError

PICNIC = ARFF_SAMPLES / "picnic.arff"


def script(
    body: str, tmp_path: Path, *, stdin: bool = False, args: tuple[str, ...] = ()
) -> subprocess.CompletedProcess:
    """Run ``body`` as a script file (or on standard input) in ``tmp_path``."""
    code = textwrap.dedent(body).replace("PICNIC", repr(str(PICNIC)))
    path = tmp_path / "user_script.py"
    path.write_text(code, encoding="utf-8")
    command = [sys.executable, "-"] if stdin else [sys.executable, str(path), *args]
    return subprocess.run(
        command, input=code if stdin else None, capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ)
    )


EXPERIMENT = """
    from sklearn.naive_bayes import GaussianNB
    from wekaeval import experiment
    print("module level")
    results = experiment.run([PICNIC], [GaussianNB()], runs=2, folds=2, workers=2, results="r.arff")
    print(len(results.rows), "rows")
"""


def test_workers_need_no_guard_and_do_not_run_the_script_again(tmp_path):
    done = script(EXPERIMENT, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["module level", "4 rows"]
    assert "Traceback" not in done.stderr


def test_workers_from_standard_input(tmp_path):
    done = script(EXPERIMENT, tmp_path, stdin=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["module level", "4 rows"]


SCRIPT_CLASS = """
    import sys
    from sklearn.naive_bayes import GaussianNB
    from wekaeval import experiment

    class MyBayes(GaussianNB):
        pass

    print("module level")

    def main():
        results = experiment.run([PICNIC], [MyBayes()], runs=2, folds=2, workers=2, results="r.arff")
        print(len(results.rows), "rows")

    if sys.argv[1:] == ["guarded"]:
        if __name__ == "__main__":
            main()
    else:
        main()
"""


def test_a_scheme_defined_in_the_script_without_guard_is_refused_in_one_line(tmp_path):
    done = script(SCRIPT_CLASS, tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("wekaeval.experiment.ExperimentError: MyBayes is defined in the script being run")
    assert 'if __name__ == "__main__":' in last and "module the script imports" in last
    assert done.stdout.splitlines() == ["module level"]
    assert not (tmp_path / "r.arff").exists()


def test_a_scheme_defined_in_the_script_works_under_the_guard(tmp_path):
    done = script(SCRIPT_CLASS, tmp_path, args=("guarded",))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "4 rows"
    assert lines.count("module level") >= 1  # the workers import the script (its top level runs there)


def test_main_names_finds_what_only_the_script_defines():
    kind = types.new_class("Local")
    kind.__module__ = "__main__"
    kind.__qualname__ = "Local"
    assert main_names([1, "x", len, ExperimentError]) == []
    assert main_names({"scheme": kind}) == ["Local"]


@pytest.mark.jvm
def test_parity_workers_from_standard_input_without_guard(weka_jvm, tmp_path):
    done = script(
        """
        from wekaeval.parity import ClassifierSpec, run_parity
        print("module level")
        results = run_parity([PICNIC], [ClassifierSpec("weka.classifiers.rules.ZeroR")], folds=2, workers=2)
        print([row.identical for row in results])
        """,
        tmp_path,
        stdin=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["module level", "[True]"]


@pytest.mark.jvm
def test_a_jvm_stopped_by_python_weka_wrapper3_is_named_with_the_way_out(weka_jvm, tmp_path):
    done = script(
        """
        import weka.core.jvm as jvm
        from wekaeval import bridge
        jvm.start(packages=False)
        jvm.stop()
        try:
            bridge.evaluate(PICNIC, "ZeroR", folds=2)
        except bridge.WekaUnavailable as error:
            print(error)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    message = done.stdout.strip()
    assert message.startswith("the JVM of this process was stopped (python-weka-wrapper3's jvm.stop()")
    assert "new Python process" in message and "install a JDK" not in message

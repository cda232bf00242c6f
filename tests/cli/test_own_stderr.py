"""wekaeval's stderr holds wekaeval's lines: WEKA's own debugging prints stay out of it (issue 35 item 11: a numeric
experiment printed ``RegressionSplitEvaluator: In set classifier``), and a signal's last line reaches the user even
while file descriptor 2 is captured (the JVM starting drops Java's warnings so)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tests.package.test_faults import environment
from tests.paths import ARFF_SAMPLES
from wekaeval.experiment import run

NUMERIC = ARFF_SAMPLES / "numeric-class.arff"


@pytest.mark.jvm
def test_a_numeric_experiment_prints_nothing_of_wekas_on_stderr(weka_jvm, tmp_path, capfd):
    """In this process (a worker process runs the same code: experiment._worker)."""
    capfd.readouterr()
    results = run(
        [NUMERIC],
        ["weka.classifiers.functions.LinearRegression", "weka.classifiers.rules.ZeroR"],
        runs=1,
        folds=2,
        results=tmp_path / "r.arff",
        progress=False,
    )
    out, err = capfd.readouterr()
    assert len(results) == 4 and "Correlation_coefficient" in results.columns
    assert "In set classifier" not in err and err == "", err
    assert out == ""
    from wekaeval import bridge

    system = bridge.java_class("java.lang.System")
    assert system.err is not None and system.err.checkError() is False  # Java's stderr is its own again


def test_a_signal_s_line_reaches_stderr_while_descriptor_2_is_captured_again_and_again(tmp_path):
    """The main thread runs on while the signal's line is written, capturing descriptor 2 once per WEKA
    evaluation (bridge.stderr_lines_dropped): the line still reaches the command's stderr."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys, tempfile, threading
        from wekaeval.cli._signals import SignalGuard

        def finish(number):
            print("wekaeval: interrupted by " + signal.Signals(number).name + "; the last line", file=sys.stderr)

        with SignalGuard(finish):
            saved = os.dup(2)
            captured = tempfile.TemporaryFile()
            threading.Timer(0.2, os.kill, (os.getpid(), {int(signal.SIGTERM)})).start()
            while True:  # as a parity run's rows do: capture, restore, capture...
                os.dup2(captured.fileno(), 2)
                os.dup2(saved, 2)
        """
    )
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", script], env=environment(), capture_output=True, text=True, timeout=60, cwd=tmp_path
        )
        assert done.returncode == 128 + signal.SIGTERM, done
        assert done.stderr == "wekaeval: interrupted by SIGTERM; the last line\n", done.stderr


def test_a_signal_s_line_reaches_stderr_while_descriptor_2_is_captured(tmp_path):
    script = textwrap.dedent(
        f"""
        import os, signal, sys, tempfile, time
        from wekaeval.cli._signals import SignalGuard

        def finish(number):
            print("wekaeval: interrupted by " + signal.Signals(number).name + "; the last line", file=sys.stderr)

        with SignalGuard(finish):
            captured = tempfile.TemporaryFile()
            os.dup2(captured.fileno(), 2)  # as bridge.stderr_lines_dropped does while the JVM starts
            os.kill(os.getpid(), {int(signal.SIGTERM)})
            time.sleep(30)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=environment(), capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 128 + signal.SIGTERM, done
    assert done.stderr == "wekaeval: interrupted by SIGTERM; the last line\n", done.stderr
    assert os.listdir(tmp_path) == []

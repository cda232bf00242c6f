"""Test helper classes written in Java (tests/oracles/java/*.java), compiled inside the running JVM once per process."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any


def compiled_directory(source: Path, *, with_weka: bool = False) -> Path:
    """Compile ``source`` with the running JVM's own compiler into a new temporary directory (the class path)."""
    import jpype

    from wekaeval.bridge import weka_jar

    work = Path(tempfile.mkdtemp(prefix=f"wekaeval-{source.stem.lower()}-"))
    compiler = jpype.JClass("javax.tools.ToolProvider").getSystemJavaCompiler()
    if compiler is None:
        raise RuntimeError("this Java has no compiler (a JRE, not a JDK)")
    arguments = ["-nowarn", "-d", str(work), *(["-cp", str(weka_jar())] if with_weka else []), str(source)]
    status = compiler.run(None, None, None, jpype.JArray(jpype.JString)(arguments))
    if status != 0:
        raise RuntimeError(f"javac failed on {source} (status {status})")
    return work


def compiled_class(source: Path, name: str, *, with_weka: bool = False) -> Any:
    """Compile ``source`` with the JVM's own compiler and load class ``name`` (beside WEKA's, if asked)."""
    import jpype

    work = compiled_directory(source, with_weka=with_weka)
    urls = jpype.JArray(jpype.JClass("java.net.URL"))([jpype.JClass("java.io.File")(str(work)).toURI().toURL()])
    if with_weka:
        parent = jpype.JClass("weka.core.Instances").class_.getClassLoader()
        loader = jpype.JClass("java.net.URLClassLoader")(urls, parent)
    else:
        loader = jpype.JClass("java.net.URLClassLoader")(urls)
    return jpype.JClass(name, loader=loader)

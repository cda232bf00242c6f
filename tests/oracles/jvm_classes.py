"""Test helper classes written in Java (tests/oracles/java/*.java), compiled inside the running JVM.

A compiled source is kept in the system's temporary directory (``wekaeval-test-classes-<uid>/``), under a key
of the source's bytes, the running Java's version and, for classes built against WEKA, the WEKA jar's path,
size and time: the JVM's compiler costs 1-2 s of CPU a class, once per worker process and per run before, and
xdist's workers and later runs now find the classes compiled.  A class directory is written whole under a
temporary name and renamed into place (a worker that loses the race takes the winner's), and never changed
after.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def _cache_root() -> Path:
    uid = os.getuid() if hasattr(os, "getuid") else 0
    root = Path(tempfile.gettempdir()) / f"wekaeval-test-classes-{uid}"
    root.mkdir(mode=0o700, exist_ok=True)
    return root


def compiled_directory(source: Path, *, with_weka: bool = False) -> Path:
    """The class path of ``source`` compiled by the running JVM's own compiler (kept; see the module's doc)."""
    import jpype

    from wekaeval.bridge import weka_jar

    key = hashlib.sha256(source.read_bytes())
    key.update(str(jpype.JClass("java.lang.System").getProperty("java.version")).encode())
    arguments = ["-nowarn"]
    if with_weka:
        jar = Path(weka_jar())
        stat = jar.stat()
        key.update(f"{jar.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode())
        arguments += ["-cp", str(jar)]
    root = _cache_root()
    final = root / f"{source.stem.lower()}-{key.hexdigest()[:24]}"
    if final.is_dir():
        return final
    work = Path(tempfile.mkdtemp(prefix=f".{source.stem.lower()}-", dir=root))
    compiler = jpype.JClass("javax.tools.ToolProvider").getSystemJavaCompiler()
    if compiler is None:
        raise RuntimeError("this Java has no compiler (a JRE, not a JDK)")
    status = compiler.run(None, None, None, jpype.JArray(jpype.JString)([*arguments, "-d", str(work), str(source)]))
    if status != 0:
        shutil.rmtree(work, ignore_errors=True)
        raise RuntimeError(f"javac failed on {source} (status {status})")
    try:
        work.rename(final)
    except OSError:  # another process put it there first: the same classes
        shutil.rmtree(work, ignore_errors=True)
    return final


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

"""WEKA's classifiers and datasets in the JVM: names resolved as WEKA's command line resolves them, options
split as ``Utils.splitOptions`` splits them, datasets loaded as WEKA loads them.

Nothing runs at import: the JVM starts on the first call that needs it (:func:`wekaeval.bridge.start_jvm`).
"""

from __future__ import annotations

import difflib
import os
import zipfile
from collections.abc import Sequence
from functools import cache
from typing import Any

from wekaeval.arff import ClassAttributeError, class_index
from wekaeval.bridge._jvm import (
    ClassifierError,
    WekaDataError,
    java_class,
    out_of_memory,
    start_jvm,
    weka_jar,
)

# WEKA's refusals by capability that are not WekaExceptions (IllegalArgumentException, plain Exception).
_REFUSALS = (
    "Weights have to be positive",
    "Only missing values in the training data",
    "WeightedInstancesHandler",
    "Cannot handle",
)


@cache
def _classifier_names() -> dict[str, tuple[str, ...]]:
    """Simple class name -> the full names of the classes under weka/classifiers/ in weka.jar with that name."""
    found: dict[str, list[str]] = {}
    with zipfile.ZipFile(weka_jar()) as jar:
        for entry in jar.namelist():
            if entry.startswith("weka/classifiers/") and entry.endswith(".class") and "$" not in entry:
                full = entry[: -len(".class")].replace("/", ".")
                found.setdefault(full.rsplit(".", 1)[1], []).append(full)
    return {name: tuple(sorted(full)) for name, full in found.items()}


def _is_classifier(name: str) -> bool:
    import jpype

    try:
        loader = jpype.JClass("weka.core.Instances").class_.getClassLoader()
        cls = jpype.JClass("java.lang.Class").forName(name, False, loader)
    except jpype.JException:
        return False
    modifiers = jpype.JClass("java.lang.reflect.Modifier")
    return bool(
        java_class("weka.classifiers.Classifier").class_.isAssignableFrom(cls)
        and not modifiers.isAbstract(cls.getModifiers())
        and not cls.isInterface()
    )


@cache
def resolve_classifier(name: str) -> str:
    """A classifier's full class name: ``"J48"`` -> ``"weka.classifiers.trees.J48"``; full names are checked.

    A short name is the simple name of exactly one concrete classifier in
    weka.jar (``Logistic`` is ``weka.classifiers.functions.Logistic``); the
    same rule serves the CLI, :func:`evaluate` and ``assert_weka_parity``.

    Raises
    ------
    ClassifierError
        For an unknown or ambiguous name, naming it and the candidates.
    """
    start_jvm()
    if "." in name:
        if not _is_classifier(name):
            everything = [f for fs in _classifier_names().values() for f in fs]
            close = [f for f in difflib.get_close_matches(name, everything, n=10) if _is_classifier(f)][:3]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ClassifierError(f"classifier {name!r}: no such WEKA classifier class{hint}")
        return name
    candidates = [full for full in _classifier_names().get(name, ()) if _is_classifier(full)]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise ClassifierError(
            f"classifier {name!r} is ambiguous: it could be {', '.join(candidates)}; give the full class name"
        )
    close = [
        n
        for n in difflib.get_close_matches(name, list(_classifier_names()), n=10, cutoff=0.6)
        if any(_is_classifier(full) for full in _classifier_names()[n])
    ][:3]
    hint = f"; did you mean {', '.join(close)}?" if close else "; give a WEKA classifier's class name"
    raise ClassifierError(f"classifier {name!r}: no WEKA classifier has that name{hint}")


def split_options(options: str) -> list[str]:
    """Split an option string as WEKA does (``weka.core.Utils.splitOptions``)."""
    start_jvm()
    import jpype

    try:
        return [str(o) for o in jpype.JClass("weka.core.Utils").splitOptions(options)]
    except jpype.JException as error:
        raise ClassifierError(f"cannot split options {options!r}: {error.getMessage()}") from None


def parse_classifier(text: str, options: Sequence[str] | str = ()) -> tuple[str, tuple[str, ...]]:
    """``"J48 -C 0.1"`` -> ``("weka.classifiers.trees.J48", ("-C", "0.1"))``; extra ``options`` are appended.

    WEKA's own command line (as :attr:`WekaEvaluation.command_line` echoes it) reads back to the same classifier.

    Raises
    ------
    ClassifierError
        For an empty, unknown or ambiguous classifier, or options WEKA cannot split.
    """
    words = split_options(text.strip()) if text.strip() else []
    if not words:
        raise ClassifierError('empty classifier: expected "NAME [OPTIONS]"')
    extra = split_options(options) if isinstance(options, str) else [str(o) for o in options]
    return resolve_classifier(words[0]), tuple(words[1:] + extra)


def make_classifier(name: str, options: Sequence[str] = ()) -> tuple[Any, str]:
    """WEKA's classifier ``name`` with ``options``, as its command line makes it, and its command line.

    The command line is ``Utils.toCommandLine``'s: the class name and every
    option the classifier reports, quoted as WEKA quotes them.

    Raises
    ------
    ClassifierError
        Naming the classifier and the option WEKA rejects (also ``Illegal options: ...`` left over).
    """
    import jpype

    full = resolve_classifier(name)
    array = jpype.JArray(jpype.JString)([str(o) for o in options])
    try:
        model = jpype.JClass("weka.classifiers.AbstractClassifier").forName(full, array)
        jpype.JClass("weka.core.Utils").checkForRemainingOptions(array)
        command_line = str(jpype.JClass("weka.core.Utils").toCommandLine(model))
    except jpype.JException as error:
        given = " ".join(str(o) for o in options)
        raise ClassifierError(f"classifier {full} with options {given!r}: {_message(error)}", _message(error)) from None
    return model, command_line


def _message(error: Any, *, typed: bool = True) -> str:
    """A Java exception in one piece: WEKA's plain messages as they are, others after their type's name."""
    import jpype

    message = error.getMessage()
    text = str(message).strip() if message is not None else ""
    kind = str(error.getClass().getName())
    plain = kind == "java.lang.Exception" or isinstance(error, jpype.JClass("weka.core.WekaException"))
    if not text:
        return kind
    if plain or not typed or kind == "java.lang.IllegalArgumentException":
        return text
    return f"{kind.rsplit('.', 1)[1]}: {text}"


def load_instances(data: str | os.PathLike | Any, class_attribute: str | int | None = None) -> Any:
    """Data as WEKA's ``Instances`` with the class set: a path (read as WEKA's command line reads it),
    a python-weka-wrapper3 ``Instances`` or a JPype ``weka.core.Instances``.

    The class follows :func:`wekaeval.arff.class_index` (name, 1-based
    index as text, ``first``, ``last``, or a 0-based int); without one, a
    given ``Instances`` keeps its class and a file's is the last attribute.
    A given ``Instances`` is copied before its class is changed, never altered.

    Raises
    ------
    WekaDataError
        For a missing or unreadable file (WEKA's reason, with the file's name) or an unknown class attribute.
    """
    start_jvm()
    import jpype

    instances_class = jpype.JClass("weka.core.Instances")
    if isinstance(data, (str, os.PathLike)):
        path = os.fspath(data)
        instances = _read(path)
        where = path
    else:
        instances = getattr(data, "jobject", data)
        if not isinstance(instances, instances_class):
            raise WekaDataError(
                f"data must be a path, a python-weka-wrapper3 Instances or a weka.core.Instances, "
                f"not {type(data).__name__}"
            )
        where = f"relation {instances.relationName()}"
        if class_attribute is None and instances.classIndex() >= 0:
            return instances
        instances = instances_class(instances)
    names = [str(instances.attribute(i).name()) for i in range(instances.numAttributes())]
    try:
        instances.setClassIndex(class_index(class_attribute, names))
    except ClassAttributeError as error:
        raise WekaDataError(f"{where}: {error}") from None
    return instances


def cut_after_attribute(path: str, chunk: int = 1 << 16) -> int | None:
    """The line number of an ``@attribute`` line that ends an ``.arff`` file without a newline, on which WEKA's
    ``ArffReader`` loops for ever; None for any other file.  Only the last line is read, then the lines counted."""
    if not path.lower().endswith(".arff"):
        return None
    with open(path, "rb") as handle:
        end = handle.seek(0, os.SEEK_END)
        tail, position = b"", end
        while position > 0 and b"\n" not in tail and b"\r" not in tail:
            position = max(0, position - chunk)
            handle.seek(position)
            tail = handle.read(min(chunk, end - position)) + tail
        last = tail.replace(b"\r", b"\n").rsplit(b"\n", 1)[-1]
        if not last.lstrip().lower().startswith(b"@attribute"):
            return None
        handle.seek(0)
        text = handle.read()
    return text.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1


def _read(path: str) -> Any:
    import jpype

    if not os.path.exists(path):
        raise WekaDataError(f"{path}: no such file")
    if not os.path.isfile(path):
        raise WekaDataError(f"{path}: not a file")
    cut = cut_after_attribute(path)
    if cut is not None:
        raise WekaDataError(
            f"{path}:{cut}: the file ends right after the declaration of an attribute, with no newline; WEKA's "
            "ArffReader would wait for ever on it (docs/quirks.md)"
        )
    try:
        source = jpype.JClass("weka.core.converters.ConverterUtils$DataSource")(path)
        instances = source.getLoader().getDataSet() if source.isIncremental() else source.getDataSet()
    except jpype.JException as error:
        exhausted = out_of_memory(error, path)
        if exhausted is not None:
            raise exhausted from None
        reason = _message(error, typed=False)  # the reader's IOException: its message names the line
        raise WekaDataError(f"{path}: WEKA cannot read it: {reason}", reason) from None
    if instances is None or instances.numAttributes() == 0:
        raise WekaDataError(f"{path}: WEKA read no attributes from it")
    return instances

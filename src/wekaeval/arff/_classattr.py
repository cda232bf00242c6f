"""Which attribute is the class: one rule for the CLI, ``load_arff``, the bridge and ``assert_weka_parity``.

WEKA's command line takes ``-c`` as a 1-based index, ``first`` or ``last``
(default: the last attribute).  wekaeval takes that, an attribute's name, or
(the Python API's long-standing form) a 0-based ``int``, negative from the end:

>>> names = ["outlook", "temperature", "play"]
>>> [class_index(w, names) for w in (None, "first", "last", "2", "play", 0, -1)]
[2, 0, 2, 1, 2, 0, 2]

A word that is both a WEKA keyword or index and another attribute's name is
refused rather than guessed (pass the 0-based ``int`` instead):

>>> class_index("last", ["last", "class"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wekaeval.arff.ClassAttributeError: class attribute 'last': WEKA's -c reads it as attribute 2 ('class'), but ...
"""

from __future__ import annotations

from collections.abc import Sequence

from wekaeval.errors import WekaevalError


class ClassAttributeError(WekaevalError):
    """A class attribute that does not exist, or is out of range or ambiguous; the message names it."""


def class_index(wanted: str | int | None, names: Sequence[str | None]) -> int:
    """The 0-based index of the class attribute ``wanted`` among attributes ``names``.

    ``None``: the last attribute.  ``str``: ``first``, ``last``, a 1-based
    index (WEKA's ``-c``) or an attribute's name.  ``int``: a 0-based index,
    negative from the end.

    Raises
    ------
    ClassAttributeError
        Naming ``wanted`` and what it could have meant.
    """
    count = len(names)
    if count == 0:
        raise ClassAttributeError("the data has no attributes, so no class attribute")
    if wanted is None:
        return count - 1
    if isinstance(wanted, bool) or not isinstance(wanted, (int, str)):
        raise ClassAttributeError(
            f"class attribute must be a name, a 1-based index as text, first or last, or a 0-based int; got {wanted!r}"
        )
    if isinstance(wanted, int):
        if not -count <= wanted < count:
            raise ClassAttributeError(
                f"class attribute index {wanted} (0-based) is out of range for {count} attributes"
            )
        return wanted % count
    keyword = _weka_index(wanted, count)
    if keyword is None:
        if wanted in names:
            return list(names).index(wanted)
        shown = ", ".join(repr(n) for n in names[:20]) + (", ..." if count > 20 else "")
        raise ClassAttributeError(
            f"class attribute {wanted!r} is not one of the attributes ({shown}); "
            "give a name, a 1-based index, first or last"
        )
    if wanted in names and list(names).index(wanted) != keyword:
        raise ClassAttributeError(
            f"class attribute {wanted!r}: WEKA's -c reads it as attribute {keyword + 1} ({names[keyword]!r}), "
            f"but attribute {list(names).index(wanted) + 1} is named {wanted!r}; "
            "pass the 0-based index as an int instead"
        )
    return keyword


def _weka_index(text: str, count: int) -> int | None:
    """``first``/``last``/a 1-based index as WEKA's ``-c`` reads it (0-based); None for anything else."""
    if text == "first":
        return 0
    if text == "last":
        return count - 1
    if text.isascii() and text.isdigit():
        index = int(text)
        if not 1 <= index <= count:
            raise ClassAttributeError(
                f"class attribute {text}: 1-based index out of range, the data has {count} "
                f"attributes (1..{count}, first or last)"
            )
        return index - 1
    return None


def describe_class_attribute(wanted: str | int | None) -> str:
    """``wanted`` as the record shows it: ``last`` when not given, else as given."""
    return "last" if wanted is None else str(wanted)

"""ARFF files as WEKA reads them: :func:`load_arff` gives a :class:`Dataset` of :class:`Attribute` s.

WEKA's tokenizer (Java's ``StreamTokenizer`` as ``ArffLoader`` sets it up: its quotes, escapes and
separators), instance weights, sparse rows, relational attributes, date patterns in a named time zone,
and the class attribute chosen as WEKA chooses it; large files read column by column with numpy.
:func:`write_arff` writes numeric data and a class for WEKA, through liac-arff.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.arff._classattr import ClassAttributeError, class_index
    from wekaeval.arff._loader import load_arff, read_arff_rows
    from wekaeval.arff._types import NO_CLASS, Attribute, Dataset, NoClassError
    from wekaeval.arff._writer import write_arff

__all__ = [
    "Attribute",
    "Dataset",
    "load_arff",
    "read_arff_rows",
    "write_arff",
    "ClassAttributeError",
    "NoClassError",
    "NO_CLASS",
    "class_index",
]

#: Each name's home, imported on first use (``import wekaeval.arff`` alone loads none of them); ``renamed``: this
#: face's names before issue 36, renamed or wekaeval's plumbing now, that still import with a warning.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.arff._classattr": ("ClassAttributeError", "class_index"),
        "wekaeval.arff._loader": ("load_arff", "read_arff_rows"),
        "wekaeval.arff._types": ("NO_CLASS", "Attribute", "Dataset", "NoClassError"),
        "wekaeval.arff._writer": ("write_arff",),
    },
    plumbing={
        "wekaeval.arff._shared": None,
        "wekaeval.arff._classattr": ("describe_class_attribute",),
        "wekaeval.arff._dates": ("DateParser", "DatePatternError", "resolve_timezone"),
    },
)

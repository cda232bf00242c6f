"""ARFF files as WEKA reads them: :func:`load_arff` gives a :class:`Dataset` of :class:`Attribute` s.

WEKA's tokenizer (Java's ``StreamTokenizer`` as ``ArffLoader`` sets it up: its quotes, escapes and
separators), instance weights, sparse rows, relational attributes, date patterns in a named time zone,
and the class attribute chosen as WEKA chooses it; large files read column by column with numpy.
:func:`write_arff` writes numeric data and a class for WEKA, through liac-arff.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.arff import _classattr, _dates, _shared
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

claim_public_classes(globals())

#: This face's names before issue 36 that are wekaeval's plumbing now: they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        name: (getattr(module, name), "it is wekaeval's plumbing now, not API")
        for module, names in [
            (_shared, _shared.__all__),
            (_classattr, ["describe_class_attribute"]),
            (_dates, ["DateParser", "DatePatternError", "resolve_timezone"]),
        ]
        for name in names
    },
)

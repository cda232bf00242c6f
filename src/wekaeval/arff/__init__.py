"""ARFF files as WEKA reads them: :func:`load_arff` gives a :class:`Dataset` of :class:`Attribute` s.

WEKA's tokenizer (Java's ``StreamTokenizer`` as ``ArffLoader`` sets it up: its quotes, escapes and
separators), instance weights, sparse rows, relational attributes, date patterns in a named time zone,
and the class attribute chosen as WEKA chooses it; large files read column by column with numpy.
:func:`write_arff` writes numeric data and a class for WEKA, through liac-arff.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.arff._classattr import ClassAttributeError, class_index, describe_class_attribute
from wekaeval.arff._converters import as_dataset, register_dataset_converter
from wekaeval.arff._dates import DateParser, DatePatternError, resolve_timezone
from wekaeval.arff._loader import load_arff, read_arff_rows
from wekaeval.arff._types import NO_CLASS, Attribute, Dataset, NoClassError
from wekaeval.arff._writer import write_arff

__all__ = [
    "Attribute",
    "Dataset",
    "as_dataset",
    "register_dataset_converter",
    "load_arff",
    "read_arff_rows",
    "write_arff",
    "ClassAttributeError",
    "NoClassError",
    "NO_CLASS",
    "class_index",
    "describe_class_attribute",
    "DateParser",
    "DatePatternError",
    "resolve_timezone",
]

claim_public_classes(globals())

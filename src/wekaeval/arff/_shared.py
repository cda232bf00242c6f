"""What the floors above take from ``arff`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.arff._converters import as_dataset, register_dataset_converter

__all__ = ["as_dataset", "register_dataset_converter"]

#: Each name's home, imported on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.arff._converters": ("as_dataset", "register_dataset_converter"),
    },
    claim=False,
)

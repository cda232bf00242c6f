"""What the floors above take from ``report`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.report._table_evaluation import printed_distribution

__all__ = ["printed_distribution"]

#: Each name's home, imported on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.report._table_evaluation": ("printed_distribution",),
    },
    claim=False,
)

"""What the floors above take from ``arff`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from wekaeval.arff._converters import as_dataset, register_dataset_converter

__all__ = ["as_dataset", "register_dataset_converter"]

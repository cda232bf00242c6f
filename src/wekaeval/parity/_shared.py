"""What the floors above take from ``parity`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from wekaeval.parity._rows import csv_row, unfinished_record

__all__ = ["csv_row", "unfinished_record"]

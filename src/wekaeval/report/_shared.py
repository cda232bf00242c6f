"""What the floors above take from ``report`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from wekaeval.report._table_evaluation import printed_distribution

__all__ = ["printed_distribution"]

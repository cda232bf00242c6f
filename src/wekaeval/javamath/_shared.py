"""What the floors above take from ``javamath`` that is not its public face: the host's measurement, for the
command line's ``platform`` command and ``--cpu``; :func:`scalar_math`, Java's ``Math.log``, ``exp`` and ``pow``
looked up once for a loop of many (the kernel estimator's ``log_density``).  Plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.javamath._platform import CPU_CHOICES, ENVIRONMENT_VARIABLE, cpu_vendor, measured_breakpoints
    from wekaeval.javamath._rcpps_tables import format_measurement
    from wekaeval.javamath._scalar import ScalarMath, scalar_math

__all__ = [
    "CPU_CHOICES",
    "ENVIRONMENT_VARIABLE",
    "cpu_vendor",
    "measured_breakpoints",
    "format_measurement",
    "ScalarMath",
    "scalar_math",
]

#: Each name's home, imported on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.javamath._platform": ("CPU_CHOICES", "ENVIRONMENT_VARIABLE", "cpu_vendor", "measured_breakpoints"),
        "wekaeval.javamath._rcpps_tables": ("format_measurement",),
        "wekaeval.javamath._scalar": ("ScalarMath", "scalar_math"),
    },
    claim=False,
)

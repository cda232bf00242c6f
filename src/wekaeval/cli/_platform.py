"""``wekaeval platform``: the JVM arithmetic reproduced, or this processor's ``RCPPS`` tables measured."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(commands: Any) -> None:
    """The ``platform`` command's arguments."""
    parser = commands.add_parser(
        "platform",
        help="print the JVM arithmetic reproduced (the JVM and processor whose Math.log/exp/pow it follows)",
        description="Print which JVM's Math.log, Math.exp and Math.pow wekaeval reproduces, and how it was chosen; "
        "with --measure, run this processor's RCPPS and print its tables as wekaeval stores them, to add a "
        "processor not yet measured.",
    )
    parser.add_argument(
        "--measure",
        action="store_true",
        help="measure this CPU's RCPPS and print its Math.pow and Math.log breakpoints",
    )
    parser.set_defaults(run=_platform_command)


def _platform_command(args: argparse.Namespace) -> int:
    from wekaeval.javamath import RcppsUnavailable, java_platform
    from wekaeval.javamath._shared import cpu_vendor, format_measurement, measured_breakpoints

    if not args.measure:
        print(java_platform().describe())
        return 0
    try:
        pow_points, log_points = measured_breakpoints()
    except RcppsUnavailable as error:
        print(f"wekaeval: error: RCPPS cannot be run here: {error}", file=sys.stderr)
        return 2
    print(format_measurement(cpu_vendor(), pow_points, log_points))
    return 0

"""``python -m wekaeval``: the ``wekaeval`` command (as ``python -m wekaeval.cli``)."""

import sys

from wekaeval.cli import main

sys.exit(main())

"""``python -m wekaeval.cli``: the ``wekaeval`` command."""

import sys

from wekaeval.cli import main

sys.exit(main())

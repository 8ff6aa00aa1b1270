"""Entry point for ``python -m whist``."""

import sys

from whist.cli import main

sys.exit(main())

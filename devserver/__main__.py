"""``python -m devserver``: serve the checkout for development (see the package docstring)."""

import sys

from devserver import main

sys.exit(main())

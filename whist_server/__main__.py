"""``python -m whist_server``: serve the built bundle (see the package docstring)."""

import sys

from whist_server import main

sys.exit(main())

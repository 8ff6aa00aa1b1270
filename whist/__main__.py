"""``python -m whist``: the name the README and docs use for the app's command line.

The command line lives in the app floor (:mod:`whist_app.__main__`, also
``python -m whist_app`` and the ``whist`` command); this module only hands over.
It is the one import from the core up to the app, kept so that the documented
``python -m whist ...`` stays true: excluded from the browser bundle and named
as the single exception in pyproject.toml's import contracts.
"""

import sys

from whist_app.__main__ import run

sys.exit(run())

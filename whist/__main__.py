"""Entry point for ``python -m whist``: the one place the core hands over to the app's CLI.

The command line seats people (play, replay, nerd, serve), so it lives in the
app floor (:mod:`whist_app.cli`); this module is excluded from the browser
bundle and from the core's import contract.
"""

import sys

from whist_app.cli import main

sys.exit(main())

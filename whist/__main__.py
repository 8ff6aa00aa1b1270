"""Entry point for ``python -m whist``: the one place the core hands over to the app's CLI.

The command line seats people (play, replay, nerd, serve), so it lives in the
app floor (:mod:`whist_app.cli`); this module is excluded from the browser
bundle and from the core's import contract.

Ctrl-C while the modules load (the first few tenths of a second) or after a
command has done its part ends in one line, not a traceback: status 128 + the
signal, as shells report it (130; terminal play also turns SIGTERM and SIGHUP
into such a stop, see :mod:`whist_app.terminal`).
"""

import os
import signal
import sys


def _run() -> int:
    try:
        from whist_app.cli import main
        return main()
    except KeyboardInterrupt as stop:
        status = 128 + int(getattr(stop, "signum", signal.SIGINT))
        for stream, text in ((sys.stderr, "interrupted\n"), (sys.stdout, "")):
            try:
                stream.write(text)
                stream.flush()
            except (OSError, ValueError, AttributeError):  # gone too: the status says it
                pass
        # Straight out: the interpreter's own exit may still see the interrupt as
        # unhandled and end by SIGINT instead of this status (seen under load).
        os._exit(status)


sys.exit(_run())

"""The command line's entry point: ``python -m whist_app``, the ``whist`` command, ``python -m whist``.

The command line seats people (play, replay, review, nerd, serve), so it lives in
the app floor (:mod:`whist_app.cli`). ``python -m whist`` (the name the README
and docs use) hands over here: the one import from the core up to the app, kept
as the documented exception (docs/architecture.md, pyproject.toml's contracts).
This module is excluded from the browser bundle.

Ctrl-C while the modules load (the first few tenths of a second) or after a
command has done its part ends in one line, not a traceback: status 128 + the
signal, as shells report it (130; terminal play also turns SIGTERM and SIGHUP
into such a stop, see :mod:`whist_app.terminal`).
"""

import os
import signal
import sys


def run() -> int:
    """Run the command line on ``sys.argv``; its exit status (Ctrl-C: 130, in one line)."""
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


if __name__ == "__main__":
    sys.exit(run())

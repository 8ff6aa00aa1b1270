"""The app floor: everything that seats people at a game.

Sessions (:mod:`whist_app.table`), the view model both front ends draw
(:mod:`whist_app.presenters`), the browser's API (:mod:`whist_app.webapi`), the
terminal (:mod:`whist_app.terminal`), the original-compatible Classic Whist
runner (:mod:`whist_app.nerd`) and the command line (:mod:`whist_app.cli`).
It may import the rules core (``whist``) and the players (``engines``);
nothing imports it.
"""

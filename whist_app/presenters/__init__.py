"""The presenters: a seat's observation and the last events, turned into a :class:`TableView`.

One :class:`GamePresenter` per game, registered by game name in
:data:`PRESENTERS`, says what is particular to that game (a seat's facts, the
info line, the decision's layout); everything else is shared.  Both front ends
draw the view it returns: the terminal as text, the page as HTML.  Reasons a
choice is not allowed come from the rules core itself (``explain``), never
from here.

The modules: :mod:`~whist_app.presenters.base` (the base presenter, generic
over its game's observation type, and the seating), one module per game,
:mod:`~whist_app.presenters.registry` (:data:`PRESENTERS`),
:mod:`~whist_app.presenters.view` (the table view's assembly),
:mod:`~whist_app.presenters.events` (events in words) and
:mod:`~whist_app.presenters.hints`.
"""

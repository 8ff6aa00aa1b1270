"""The presenter of each game, by record name."""

from __future__ import annotations

from typing import Any

from whist_app.presenters.base import GamePresenter
from whist_app.presenters.bidding import BiddingPresenter
from whist_app.presenters.black_queen import BlackQueenPresenter
from whist_app.presenters.classic import ClassicPresenter
from whist_app.presenters.diminishing import DiminishingPresenter
from whist_app.presenters.nine_five_two import NineFiveTwoPresenter

#: The presenter of each game, by record name.
PRESENTERS: dict[str, GamePresenter[Any]] = {
    "diminishing-whist": DiminishingPresenter(),
    "black-queen": BlackQueenPresenter(),
    "nine-five-two": NineFiveTwoPresenter(),
    "bidding-whist": BiddingPresenter(),
    "classic-whist": ClassicPresenter(),
}

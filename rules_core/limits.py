"""The limits of every input, in one place (the validation layer, :mod:`rules_core.inputs`,
checks each one before any work is done, and the error messages quote them).

=========================  =======================================================
limit                      value
=========================  =======================================================
players at a table         2 to 10 (:data:`MIN_PLAYERS`, :data:`MAX_PLAYERS`)
cards in one list          0 to 112 (a hand, the draw pile, the discard pile, a
                           deck, a list to score: :data:`MAX_CARDS`, the largest
                           deck)
a player's name            1 to 40 characters (:data:`MAX_NAME`)
a pending penalty          2 to 32 cards (:data:`MAX_PENALTY`: every +2 and +4 of
                           the deck stacked)
a seed                     0 to 2**53 - 1 (:data:`MAX_SEED`: what a browser's JSON
                           numbers hold exactly)
points in a total          0 to 10**9 (:data:`MAX_POINTS`)
steps of a scenario        500 (:data:`MAX_STEPS`)
a request to ``handle``    65,536 characters (:data:`MAX_REQUEST`), nested at most
                           16 levels deep (:data:`MAX_DEPTH`)
a request ``id``           ``null``, a whole number or a string of at most 100
                           characters (:data:`MAX_ID`)
=========================  =======================================================

>>> MIN_PLAYERS, MAX_PLAYERS, MAX_CARDS
(2, 10, 112)
"""

from __future__ import annotations

from typing import Final

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
MAX_CARDS: Final = 112
MAX_NAME: Final = 40
MAX_PENALTY: Final = 32
MAX_SEED: Final = 2**53 - 1
MAX_POINTS: Final = 10**9
MAX_STEPS: Final = 500
MAX_REQUEST: Final = 65_536
MAX_DEPTH: Final = 16
MAX_ID: Final = 100
#: the longest piece of a bad value an error message quotes back
MAX_ECHO: Final = 24

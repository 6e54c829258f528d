"""Projections: clinched, eliminated or alive for every cut, exact, by CP-SAT (docs/rules.md ``*.projection.*``).

``problem`` holds the data a ruleset's owner (league) prepares; ``mahjong`` the CP-SAT model of the
mahjong league (one module per constraint) and its solve; ``updown`` and ``cup`` the one-against-one
rulesets.
"""

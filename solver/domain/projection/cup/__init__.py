"""A cup bracket's projection (docs/rules.md ``cup.projection.*``): ``problem`` holds the bracket's
state as league gives it, ``solve`` the places each player can still reach, in the leagues' shape."""

from solver.domain.projection.cup.solve import project_cup

__all__ = ["project_cup"]

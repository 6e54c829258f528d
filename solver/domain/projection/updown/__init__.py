"""CP-SAT model of an Up&Down group's games left, one module per constraint (the mahjong layout).

``problem`` holds the data league prepares; ``bounds`` settles what the points alone decide;
``model`` holds the literals; ``game_outcomes`` (each game left: white wins, black wins, unplayed),
``points`` (final points), ``head_to_head`` and ``sonneborn_berger`` (the chain's figures),
``tie_break_chain`` (one player against each rival who may finish level), ``rank_vs_cut`` (a fate at
a cut) and ``own_wins`` (the "what do I need" result) add themselves to it; ``solve`` asks the
questions and reads the witnesses.
"""

from solver.domain.projection.updown.solve import project_updown

__all__ = ["project_updown"]

"""CP-SAT model of a mahjong league's games left, one module per constraint (the draw's layout).

``model`` holds the variables; ``hanchan_scores`` (scores in steps summing to the table total),
``hanchan_uma`` (places and uma by score, ties shared), ``match_uma`` (places and uma by match sum),
``totals`` (final totals and place sums), ``tie_break_chain`` (one player against another under the
ruleset's chain), ``rank_vs_cut`` (a fate at a cut) and ``own_place`` (the "what do I need" result)
add themselves to it; ``solve`` asks the questions and reads the witnesses.
"""

from solver.domain.projection.mahjong.solve import project_mahjong

__all__ = ["project_mahjong"]

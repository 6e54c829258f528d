"""CP-SAT model of the round auto-scheduler (one module per constraint or objective term).

``model`` holds the variables (one Boolean per option: match m starts at s in room r); the
constraints ``one_option_per_match``, ``rooms_never_overlap``, ``players_never_overlap`` and the
terms ``matches_placed`` and ``preference_cost`` each add themselves; ``solve`` optimizes the terms
lexicographically within the time limit and reports a ``ScheduleResult``.
"""

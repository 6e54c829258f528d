"""The round auto-scheduler (docs/rules.md ``schedule.auto.*``): times and rooms for every match of a
round not yet agreed, inside the players' common options, no player and no room double-booked,
as many matches as possible, then the earliest and evening starts.

``problem`` holds the value objects, ``starts`` the possible starts of each match (the
discretization), ``preference`` the cost of one start, ``validate`` the input checks and a
solver-free check of any schedule, ``occupancy`` who is taken when, ``greedy`` the earliest-first
baseline, ``explain`` why a match was not placed, ``cpsat`` the CP-SAT model (a module per
constraint and objective term) and ``cpsat.solve.solve_schedule`` the entry point. This package
imports nothing, so ``solver/domain/capacity.py`` counts starts with ``starts`` without a cycle.
"""

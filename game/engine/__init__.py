"""The Connect Four engine: bitboard positions, evaluations, the depth search and the exact solver.

Standard library only: nothing here imports pygame, the UI or the application modules.

- ``board``: positions as bitboards, move strings, win detection, the geometry constants.
- ``heuristics``: the static evaluations (``window``, ``scoremap``, ``threats``).
- ``solver``: the exact solver (negamax with alpha-beta on a null window, Pons' method).
- ``search``: the depth-limited computer player built on both; ``search_values`` its
  configuration and results; ``alphabeta`` its nodes (compiled when it can be, like the
  solver's ``negamax``).
"""

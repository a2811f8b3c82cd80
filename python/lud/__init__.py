"""lud from Python: load a game file, play it move by move, read positions.

>>> import lud
>>> game = lud.Game("games/chess.lud")
>>> state = game.new_initial_state()
>>> len(state.legal_actions())
20
>>> state.apply_action(state.string_to_action("e2e4"))
>>> state.current_player()
1

The names follow OpenSpiel's (``legal_actions``, ``apply_action``,
``undo_action``, ``is_terminal``, ``returns``, ``current_player``,
``action_to_string``, ``string_to_action``, ``clone``,
``observation_tensor``). An action is an integer standing for one move: the
same move is always the same integer. ``lud.openspiel`` adapts a game for
OpenSpiel's algorithms; ``lud.ray_study`` runs a ``lud selfplay`` study on
a Ray cluster. ``lud.Batch`` steps many games at once with NumPy arrays,
for loops that would otherwise go back to Python at every ply.
"""

from ._lud import Batch, Game, State, random_playouts

__all__ = ["Batch", "Game", "State", "random_playouts"]

"""A lud game for OpenSpiel's Python algorithms.

    import numpy as np
    from open_spiel.python.algorithms import mcts
    from lud.openspiel import Game

    game = Game("games/connect-four.lud")
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=500,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)))
    state = game.new_initial_state()
    state.apply_action(bot.step(state))

`Game` answers what OpenSpiel's algorithms ask of a `pyspiel.Game`
(`get_type`, `num_players`, `new_initial_state`, the utilities); its states
are `lud.State`s, which have OpenSpiel's names. It is not registered with
pyspiel's C++ game registry: an algorithm written in C++ cannot take it, and
actions are lud's move numbers, not a range from 0 (`num_distinct_actions`
is not known). Needs `open_spiel` (`pip install open_spiel`).
"""

import types

import pyspiel

import lud


class Game:
    """A lud game as OpenSpiel's Python algorithms see a game."""

    def __init__(self, path, ruleset=None, options=None):
        self.game = lud.Game(path, ruleset=ruleset, options=options)

    def get_type(self):
        t = pyspiel.GameType
        return types.SimpleNamespace(
            short_name="lud_" + self.game.name().lower().replace(" ", "_"),
            long_name=self.game.name(),
            dynamics=t.Dynamics.SEQUENTIAL,
            chance_mode=t.ChanceMode.DETERMINISTIC,
            information=t.Information.PERFECT_INFORMATION,
            utility=t.Utility.ZERO_SUM,
            reward_model=t.RewardModel.TERMINAL,
            max_num_players=self.game.num_players(),
            min_num_players=self.game.num_players(),
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=True,
        )

    def num_players(self):
        return self.game.num_players()

    def new_initial_state(self):
        return self.game.new_initial_state()

    def max_utility(self):
        return 1.0

    def min_utility(self):
        return -1.0

    def utility_sum(self):
        return 0.0

    def observation_tensor_shape(self):
        return self.game.observation_tensor_shape()

    def __str__(self):
        return self.game.name()

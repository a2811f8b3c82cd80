"""OpenSpiel's MCTS bot plays a lud game through the adapter, and beats a
random player. Skips, saying so, where open_spiel is not installed."""

import random

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel): the adapter's test skips")
np = pytest.importorskip("numpy")
from open_spiel.python.algorithms import mcts  # noqa: E402

from lud.openspiel import Game  # noqa: E402


def test_openspiels_mcts_bot_plays_connect_four_and_beats_random():
    game = Game("games/connect-four.lud")
    rng = random.Random(7)
    wins = 0
    for g in range(4):
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=150,
                           evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(g)))
        bot_side = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == bot_side:
                action = bot.step(state)
                assert action in state.legal_actions()
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        wins += state.returns()[bot_side] == 1.0
    assert wins >= 3, f"MCTS won {wins} of 4 against random"

"""The Python API, checked against lud's own figures: perft counts that
`tests/perft/` and fairy-stockfish agree on, games played to their end by
the rules, undo back to the very start, and bad input refused."""

import copy
import random
import subprocess
import time

import pytest

import lud
from conftest import lud_binary


def test_chess_start_has_twenty_moves_and_perft_matches_the_tables():
    game = lud.Game("games/chess.lud")
    state = game.new_initial_state()
    assert game.name() == "Chess"
    assert game.num_players() == 2
    assert game.player_names() == ["White", "Black"]
    assert len(state.legal_actions()) == 20
    # Published perft of chess from the start (Chess Programming Wiki).
    assert [state.perft(d) for d in range(1, 4)] == [20, 400, 8902]
    assert state.current_player() == 0
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def perft_by_hand(state, depth):
    """Perft walked through the Python API: apply, recurse, undo."""
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_actions():
        state.apply_action(a)
        total += perft_by_hand(state, depth - 1)
        state.undo_action()
    return total


@pytest.mark.parametrize("file,depth", [("games/shatranj.lud", 3), ("games/draughts.lud", 4), ("games/connect-four.lud", 4)])
def test_apply_and_undo_walk_the_same_tree_as_perft(file, depth):
    state = lud.Game(file).new_initial_state()
    start = state.position_string()
    assert perft_by_hand(state, depth) == state.perft(depth)
    assert state.position_string() == start
    assert state.history() == []


def test_perft_counts_whole_turns_and_by_parts_the_actions():
    # An Amazon's turn is two actions, the queen's move and the arrow: a
    # level of perft is a whole turn (as lud perft counts), one of
    # parts=True an action (as a walk by apply_action counts). 2176 whole
    # turns from the start (published: Hensgens, 2001).
    state = lud.Game("games/amazons.lud").new_initial_state()
    assert state.perft(1) == 2176
    assert perft_by_hand(state, 2) == state.perft(2, parts=True) == 2176
    assert perft_by_hand(state, 1) == state.perft(1, parts=True) == len(state.legal_actions())


def test_options_and_rulesets_change_the_game():
    murray = lud.Game("games/parsi-chess.lud", ruleset="Murray")
    shastree = lud.Game("games/parsi-chess.lud", ruleset="Shastree")
    assert murray.name() == shastree.name() == "Parsi Chess"
    nila = lud.Game("games/nilakantha.lud", options={"setup-pawn": "centre"})
    choose = lud.Game("games/nilakantha.lud")
    assert nila.new_initial_state().position_string() != choose.new_initial_state().position_string()


def test_random_games_end_as_the_rules_say():
    rng = random.Random(3)
    for file in ["games/shatranj.lud", "games/connect-four.lud", "games/reversi.lud", "games/breakthrough.lud"]:
        game = lud.Game(file)
        for _ in range(5):
            state = game.new_initial_state()
            plies = 0
            while not state.is_terminal() and plies < 2000:
                actions = state.legal_actions()
                assert actions, f"{file}: no legal action in a game not over"
                assert len(set(actions)) == len(actions)
                state.apply_action(rng.choice(actions))
                plies += 1
            if state.is_terminal():
                winner, kind = state.result()
                assert kind
                r = state.returns()
                assert sum(r) == 0.0 and len(r) == 2
                if winner is not None:
                    assert r[winner] == 1.0
                assert state.current_player() == -4
                assert state.legal_actions() == []
            # The position string reads back as the same position.
            again = game.state_from_string(state.position_string())
            assert again.position_string() == state.position_string()
            # Undo all the way back to the start.
            for _ in range(plies):
                state.undo_action()
            assert state.position_string() == game.new_initial_state().position_string()


def test_actions_and_their_text():
    game = lud.Game("games/chess.lud")
    state = game.new_initial_state()
    texts = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert "e2e4" in texts and "g1f3" in texts and len(texts) == 20
    for a in state.legal_actions():
        assert state.string_to_action(state.action_to_string(a)) == a
    with pytest.raises(ValueError, match="a Pawn cannot move from e2 to e5"):
        state.string_to_action("e2e5")
    with pytest.raises(ValueError, match="not one of the legal actions"):
        state.apply_action(12345678901234567890)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    # A whole number too large for any move is not legal: no type error.
    with pytest.raises(ValueError, match="not one of the legal actions"):
        state.apply_action(2**200)
    with pytest.raises(ValueError, match="no action to undo"):
        state.undo_action()


def test_clones_are_apart():
    state = lud.Game("games/chess.lud").new_initial_state()
    state.apply_action(state.string_to_action("e2e4"))
    for other in [state.clone(), copy.copy(state), copy.deepcopy(state)]:
        other.apply_action(other.string_to_action("e7e5"))
        assert other.move_number() == 2
        assert state.move_number() == 1
        assert other.position_string() != state.position_string()
        other.undo_action()
        assert other.position_string() == state.position_string()


def test_the_observation_marks_each_piece_and_the_side_to_move():
    game = lud.Game("games/chess.lud")
    planes, height, width = game.observation_tensor_shape()
    assert (planes, height, width) == (2 * 6 + 2, 8, 8)
    state = game.new_initial_state()
    t = state.observation_tensor()
    assert len(t) == planes * height * width
    pieces = game.piece_names()
    area = height * width
    # 16 pieces a side, each on its own site.
    assert sum(t[: 12 * area]) == 32
    # White's pawns on rank 2.
    pawn = pieces.index("Pawn")
    plane = t[pawn * area : (pawn + 1) * area]
    assert [plane[1 * width + x] for x in range(8)] == [1.0] * 8
    assert sum(t[12 * area : 13 * area]) == area and sum(t[13 * area :]) == 0
    state.apply_action(state.string_to_action("e2e4"))
    t = state.observation_tensor()
    assert sum(t[12 * area : 13 * area]) == 0 and sum(t[13 * area :]) == area


def test_bad_files_and_settings_are_refused():
    with pytest.raises(OSError, match="cannot read"):
        lud.Game("games/no-such-game.lud")
    # Every problem lud check finds, each with its place and help.
    with pytest.raises(ValueError) as bad:
        lud.Game.from_text('(game "x" (players 2) (equipment {(board (square 0))}))')
    for needle in ["missing_section", "out_of_range", "game.lud:1:50", "help: use a number from 1 to 25"]:
        assert needle in str(bad.value)
    with pytest.raises(ValueError):
        lud.Game("games/parsi-chess.lud", ruleset="Nobody")
    with pytest.raises(ValueError):
        lud.Game("games/nilakantha.lud", options={"setup-pawn": "z"})
    # An option's error is said of the option given, not of a command line.
    with pytest.raises(ValueError) as bad:
        lud.Game("games/go.lud", options={"size": 10})
    assert '"size" cannot be 10' in str(bad.value) and "19, 13, 9" in str(bad.value)
    assert "command line" not in str(bad.value)
    game = lud.Game("games/chess.lud")
    with pytest.raises(ValueError):
        game.state_from_string("not a position")
    with pytest.raises(ValueError):
        game.new_initial_state().perft(65)
    with pytest.raises(ValueError):
        game.new_initial_state().perft(-1)
    # An action of the wrong type is a TypeError that says what to give.
    state = game.new_initial_state()
    with pytest.raises(TypeError, match=r"string_to_action\('e2e4'\)"):
        state.apply_action("e2e4")
    with pytest.raises(TypeError, match="not float"):
        state.apply_action(1.5)
    with pytest.raises(ValueError, match="not one of the legal actions"):
        state.apply_action(-1)
    assert state.history() == []
    # An option's value may be a whole number, as the file writes it.
    nine = lud.Game("games/go.lud", options={"size": 9}).new_initial_state()
    assert len(nine.legal_actions()) == 82  # 81 points and the pass
    with pytest.raises(TypeError, match="option size"):
        lud.Game("games/go.lud", options={"size": 9.5})
    with pytest.raises(TypeError, match="option size"):
        lud.Game("games/go.lud", options={"size": True})


def python_random_plies(game, seconds):
    """Random games through the Python API for about `seconds`: plies played,
    and the time taken."""
    rng = random.Random(1)
    plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies, time.perf_counter() - t0


def test_python_loop_speed_is_measured_against_rust():
    """Not a target a test can hold on a shared machine (speed lives in
    benchmarks): the ratio is printed, with `pytest -s`, for the record."""
    game = lud.Game("games/shatranj.lud")
    plies, secs = python_random_plies(game, 1.0)
    rates = {}
    for api in (False, True):
        t0 = time.perf_counter()
        rust_plies = lud.random_playouts(game, 300, api=api)
        rates[api] = rust_plies / (time.perf_counter() - t0)
        assert rust_plies > 0
    python = plies / secs
    print(f"\nshatranj random plies/s: Python loop {python:,.0f}; Rust playouts {rates[False]:,.0f} "
          f"(ratio {python / rates[False]:.2f}); Rust loop of the same steps {rates[True]:,.0f} (ratio {python / rates[True]:.2f})")
    assert plies > 0


def test_the_selfplay_binary_and_the_python_api_agree_on_the_rules():
    """Each game of a `lud selfplay --moves` study replays through the Python
    API with the same number of legal moves at every ply."""
    binary = lud_binary()
    if binary is None:
        pytest.skip("no lud binary built (cargo build): skipped")
    import json

    out = subprocess.run([binary, "selfplay", "games/draughts.lud", "-n", "8", "--moves", "--max-plies", "200", "--out", "-", "--quiet"], capture_output=True, text=True, check=True).stdout
    game = lud.Game("games/draughts.lud")
    for line in out.splitlines():
        g = json.loads(line)
        state = game.new_initial_state()
        for text, branching in zip(g["moves"], g["branching"]):
            assert len(state.legal_actions()) == branching
            state.apply_action(state.string_to_action(text))
        assert state.is_terminal() == (g["result"] in ("win", "draw"))

"""lud.Batch, many games stepped at once, checked against the State API:
every game's legal actions, observation and ending are what a State playing
the same actions says; threads change nothing; bad actions play nothing."""

import time

import numpy as np
import pytest

import lud


def draw(rng, counts):
    """One uniformly random index below each game's count of legal actions."""
    return (rng.random(len(counts)) * counts).astype(np.int64)


def pick(rng, actions, offsets):
    """One uniformly random legal action for each game of a batch."""
    return actions[offsets[:-1] + draw(rng, np.diff(offsets))]


@pytest.mark.parametrize(
    "file,cap",
    [("games/connect-four.lud", 5000), ("games/shatranj.lud", 60), ("games/reversi.lud", 5000), ("games/gomoku.lud", 5000)],
)
def test_every_game_of_a_batch_is_the_state_playing_its_actions(file, cap):
    game = lud.Game(file)
    n = 6
    batch = lud.Batch(game, n, max_plies=cap)
    states = [game.new_initial_state() for _ in range(n)]
    played = [[] for _ in range(n)]
    rng = np.random.default_rng(7)
    endings = {0: 0, 1: 0, 2: 0, 3: 0}
    for _ in range(150):
        actions, offsets = batch.legal_actions()
        assert offsets[0] == 0 and offsets[-1] == len(actions) and len(offsets) == n + 1
        for i, s in enumerate(states):
            assert list(actions[offsets[i]:offsets[i + 1]]) == s.legal_actions()
            assert batch.current_players()[i] == s.current_player()
        obs = batch.observation_tensor()
        assert obs.shape == (n, *game.observation_tensor_shape())
        for i, s in enumerate(states):
            assert np.array_equal(obs[i].ravel(), np.array(s.observation_tensor(), dtype=np.float32))
        chosen = pick(rng, actions, offsets)
        status, returns = batch.apply(chosen)
        assert status.dtype == np.int8 and returns.shape == (n, game.num_players())
        for i, s in enumerate(states):
            s.apply_action(int(chosen[i]))
            played[i].append(int(chosen[i]))
            endings[int(status[i])] += 1
            if status[i] == 0:
                assert not s.is_terminal() and len(played[i]) < cap
                assert list(returns[i]) == [0.0] * game.num_players()
                continue
            if status[i] == 3:
                assert len(played[i]) == cap and not s.is_terminal()
                assert list(returns[i]) == [0.0] * game.num_players()
            else:
                assert s.is_terminal()
                assert list(returns[i]) == s.returns()
                assert (status[i] == 2) == (s.result()[1] == "no legal move")
            # The position it ended in is kept (the slot's earlier one
            # taking the start), and the game starts again.
            assert batch.final_state(i).position_string() == s.position_string()
            assert batch.move_numbers()[i] == 0
            states[i] = game.new_initial_state()
            played[i] = []
    assert sum(endings.values()) == 150 * n
    assert batch.plies_played == 150 * n
    assert batch.games_finished == endings[1] + endings[2] + endings[3]
    assert batch.games_finished > 0


def play_indices(batch, seed, steps):
    """Steps a batch by random indices: each step's status and returns."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        counts = batch.legal_counts()
        assert counts.min() >= 1
        out.append(batch.apply_indices(draw(rng, counts)))
    return out


def test_a_game_whose_moves_do_not_fit_an_int64_names_one_and_plays_by_indices():
    """Fox and geese has jumps whose actions do not fit an int64:
    `legal_actions` refuses, naming such a move of some game of the batch,
    wherever one is legal, and says what to use; `legal_counts` and
    `apply_indices` play on, with the counts the States give."""
    import re

    game = lud.Game("games/fox-and-geese.lud")
    batch = lud.Batch(game, 8, max_plies=200)
    rng = np.random.default_rng(2)
    refused = listed = 0
    for _ in range(300):
        counts = batch.legal_counts()
        states = [batch.state(i) for i in range(len(batch))]
        assert list(counts) == [len(s.legal_actions()) for s in states]
        wide = {s.action_to_string(a) for s in states for a in s.legal_actions() if a >= 2**63}
        try:
            actions, offsets = batch.legal_actions()
            assert not wide
            assert np.array_equal(np.diff(offsets), counts)
            listed += 1
        except ValueError as e:
            named = re.search(r"the move (\S+) does not fit an int64 action: use legal_counts\(\) and apply_indices\(\)", str(e))
            assert named and named.group(1) in wide, str(e)
            refused += 1
        batch.apply_indices(draw(rng, counts))
    assert refused > 0 and listed > 0 and batch.games_finished > 0


def test_indices_and_python_threads_play_the_same_games():
    game = lud.Game("games/draughts.lud")
    alone = lud.Batch(game, 64, max_plies=300)
    steps = play_indices(alone, 3, 400)
    assert alone.games_finished > 0
    # Two batches stepped from two Python threads at once (each its own)
    # play the same games as one alone.
    import threading

    pair = [lud.Batch(game, 64, max_plies=300) for _ in range(2)]
    got = [None, None]

    def run(k):
        got[k] = play_indices(pair[k], 3, 400)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for g in got:
        assert all(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) for a, b in zip(steps, g))
    assert pair[0].position_strings() == pair[1].position_strings() == alone.position_strings()
    # Indices as a list, or as int32 or strided arrays, are the same.
    counts = alone.legal_counts()
    alone.apply_indices([int(c) - 1 for c in counts])
    counts = alone.legal_counts()
    alone.apply_indices(np.zeros(len(counts), dtype=np.int32))
    wide = np.zeros(2 * len(counts), dtype=np.int64)
    alone.apply_indices(wide[::2])
    # A game of the batch as a State carries on from where it stands.
    s = alone.state(5)
    assert s.position_string() == alone.position_strings()[5]
    assert len(s.legal_actions()) == alone.legal_counts()[5]


def test_actions_from_states_endings_and_final_positions():
    """Actions taken from each game's State (never asked of the batch),
    the plies counted, a game stuck with no legal move and no rule for it,
    and the position each game ended in."""
    text = open("games/connect-four.lud").read()
    small = text.replace("(rectangle 7 6)", "(rectangle 3 2)").replace('(if (noMoves Next) (draw "full board"))', "")
    game = lud.Game.from_text(small)
    batch = lud.Batch(game, 4)
    for step in range(12):
        states = [batch.state(i) for i in range(4)]
        assert list(batch.move_numbers()) == [step % 6] * 4
        assert list(batch.current_players()) == [s.current_player() for s in states] == [step % 2] * 4
        chosen = [s.legal_actions()[-1] for s in states]
        status, returns = batch.apply(np.array(chosen))
        if step % 6 == 5:
            # The board is full, no rule ends it: stuck, returns 0, and the
            # game starts again, its last position kept.
            assert list(status) == [2] * 4 and not returns.any()
            for i in range(4):
                last = batch.final_state(i)
                assert last.is_terminal() and last.result() == (None, "no legal move")
                assert batch.state(i).position_string() == game.new_initial_state().position_string()
        else:
            assert list(status) == [0] * 4
    assert batch.games_finished == 8


def test_bad_actions_play_nothing():
    game = lud.Game("games/connect-four.lud")
    batch = lud.Batch(game, 3)
    before = batch.position_strings()
    actions, offsets = batch.legal_actions()
    good = actions[offsets[:-1]]
    bad = good.copy()
    bad[2] = 123456789
    with pytest.raises(ValueError, match="game 2: action 123456789"):
        batch.apply(bad)
    with pytest.raises(ValueError, match="2 values for a batch of 3"):
        batch.apply(good[:2])
    with pytest.raises(ValueError, match="one whole number for each game"):
        batch.apply(["a", "b", "c"])
    with pytest.raises(ValueError, match="game 1: index 7 is not between 0 and 6"):
        batch.apply_indices(np.array([0, 7, 0]))
    with pytest.raises(ValueError, match="game 0: index -1"):
        batch.apply_indices(np.array([-1, 0, 0]))
    assert batch.position_strings() == before and batch.plies_played == 0
    with pytest.raises(ValueError, match="no game 3"):
        batch.state(3)
    with pytest.raises(ValueError, match="no game -1"):
        batch.final_state(-1)
    for n in (0, 2**17, -1, 2**70):
        with pytest.raises(ValueError, match="a batch holds"):
            lud.Batch(game, n)
    for m in (0, -1, 2**40):
        with pytest.raises(ValueError, match="max_plies"):
            lud.Batch(game, 2, max_plies=m)
    with pytest.raises(ValueError, match="max_plies"):
        lud.Batch(game, 2, max_plies=10**6)
    with pytest.raises(ValueError, match="fewer games or a lower max_plies"):
        lud.Batch(game, 60000)
    assert batch.final_state(0) is None
    text = open("games/connect-four.lud").read().replace("(end {", '(end {\n (if (= (count Next) 0) (draw "empty"))', 1)
    over = lud.Game.from_text(text)
    assert over.new_initial_state().is_terminal()
    with pytest.raises(ValueError, match="over at its start"):
        lud.Batch(over, 2)
    batch.apply(good)
    assert batch.plies_played == 3


def test_legal_actions_are_read_only_and_outlive_the_step():
    # The actions array is the batch's own list, handed over: no one may
    # change an action behind the batch's back, and the list a step
    # replaces stays as it was for whoever still holds it.
    batch = lud.Batch(lud.Game("games/gomoku.lud"), 4)
    actions, offsets = batch.legal_actions()
    again, _ = batch.legal_actions()
    assert again is actions and not actions.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        actions[0] = 1
    with pytest.raises(ValueError):
        actions.setflags(write=True)
    kept = actions.copy()
    first = actions[offsets[:-1]]
    batch.apply(first)
    assert np.array_equal(actions, kept)
    after, offsets = batch.legal_actions()
    assert after is not actions
    for i in range(4):
        run = list(after[offsets[i] : offsets[i + 1]])
        assert run == [a for a in kept[: len(kept) // 4] if a != first[i]]
    # An action of the list before, played again, is refused: one from
    # the list's start, and one from its middle, where the search looks
    # first in a long list of drops.
    with pytest.raises(ValueError, match="game 0: action"):
        batch.apply(np.repeat(first[0], 4))
    actions, offsets = batch.legal_actions()
    middle = actions[offsets[:-1] + 100]
    batch.apply(middle)
    for i in range(4):
        again = actions[offsets[:-1] + 50].copy()
        again[i] = middle[i]
        with pytest.raises(ValueError, match=f"game {i}: action {middle[i]} is not"):
            batch.apply(again)
    assert batch.plies_played == 8


def test_an_actions_array_changed_behind_the_batch_is_not_read():
    # Read-only does not stop Python from giving the array other memory
    # (`__setstate__`, which makes it writable again) or another type: the
    # batch then reads its actions from the positions again, and refuses
    # an action written in.
    game = lud.Game("games/gomoku.lud")
    for change in ("state", "dtype"):
        batch = lud.Batch(game, 3)
        actions, offsets = batch.legal_actions()
        good = actions[offsets[:-1] + 7].copy()
        if change == "state":
            actions.__setstate__(actions.__reduce__()[2])
            assert actions.flags.writeable
            bogus = 0x7FFF_0000_FFFF
            actions[offsets[1] + 3] = bogus
            with pytest.raises(ValueError, match=f"game 1: action {bogus} is not"):
                batch.apply(np.array([good[0], bogus, good[2]]))
        else:
            try:
                actions.dtype = np.int8
            except (AttributeError, TypeError, ValueError):
                pass
            again, _ = batch.legal_actions()
            assert again.dtype == np.int64 and list(again[offsets[:-1] + 7]) == list(good)
        batch.apply(good)
        assert batch.plies_played == 3
        after, offsets = batch.legal_actions()
        assert not after.flags.writeable and len(after) == 3 * (15 * 15 - 1)


def batched_random_plies(game, n, seconds, by_index=False):
    """Random games in a batch of n, stepped from Python for about `seconds`
    (by actions, or by indices with `by_index`): plies played and the time
    taken."""
    import lud.speed

    batch = lud.Batch(game, n)
    rng = np.random.default_rng(1)
    step = lud.speed.step_by_indices if by_index else lud.speed.step_by_actions
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        step(batch, rng, 20)
    return batch.plies_played, time.perf_counter() - t0


def test_batched_loop_speed_is_measured_against_rust():
    """Prints the speeds (`pytest -s`); asserts only that games were played
    (speed lives in measurements, never in a test's verdict)."""
    game = lud.Game("games/shatranj.lud")
    t0 = time.perf_counter()
    rust = lud.random_playouts(game, 300) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    same_steps = lud.random_playouts(game, 300, api=True) / (time.perf_counter() - t0)
    plies, secs = batched_random_plies(game, 256, 1.0)
    assert plies > 0
    rate = plies / secs
    plies, secs = batched_random_plies(game, 256, 1.0, by_index=True)
    assert plies > 0
    by_index = plies / secs
    # Two Python threads, a batch each: the steps run without the lock.
    import threading

    got = []
    threads = [threading.Thread(target=lambda: got.append(batched_random_plies(game, 256, 1.0))) for _ in range(2)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two = sum(p for p, _ in got) / (time.perf_counter() - t0)
    print(f"\nshatranj random plies/s: Rust playouts {rust:,.0f}; Rust loop listing every move {same_steps:,.0f}; "
          f"Python batch of 256 {rate:,.0f} (ratio {rate / rust:.2f} of playouts, {rate / same_steps:.2f} of the loop); "
          f"the same by indices {by_index:,.0f} (ratio {by_index / rust:.2f}); "
          f"two Python threads, a batch each, {two:,.0f}")


def test_the_speed_module_measures_every_loop_and_refuses_a_bad_file(capsys):
    """`python -m lud.speed`: a tiny measurement has every figure, each
    positive (speed itself lives in measurements, not in a verdict here)."""
    import lud.speed

    game = lud.Game("games/connect-four.lud")
    m = lud.speed.measure(game, rounds=2, games=8, rust_games=4, steps=3)
    assert set(m) == {"rust", "actions", "indices", "actions_median", "indices_median", "actions_best", "indices_best"}
    assert all(v > 0 for v in m.values())
    # Fox and geese has moves whose actions do not fit an int64: only the
    # loop by indices.
    m = lud.speed.measure(lud.Game("games/fox-and-geese.lud"), rounds=2, games=8, rust_games=4, steps=40)
    assert m["actions"] is m["actions_median"] is m["actions_best"] is None
    assert m["indices"] > 0 and m["indices_best"] > 0
    assert lud.speed.main(["no-such-game.lud"]) == 1
    assert "error:" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        lud.speed.main(["games/connect-four.lud", "--rounds", "0"])
    assert e.value.code == 2
    # Options and rulesets reach the game: a 9x9 board is measured as one,
    # an option the game does not have is refused with lud's message.
    assert lud.speed.main(["games/go.lud", "--rounds", "1", "--games", "4", "--option", "size=9"]) == 0
    assert "games/go.lud (size=9):" in capsys.readouterr().out
    assert lud.speed.main(["games/go.lud", "--option", "colour=red"]) == 1
    assert "colour" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        lud.speed.main(["games/go.lud", "--option", "size"])
    assert e.value.code == 2

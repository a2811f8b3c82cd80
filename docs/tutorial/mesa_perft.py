#!/usr/bin/env python3
"""An independent move counter for Mesa, the game of docs/tutorial.md
(docs/tutorial/step9.lud).

It is written from the rules as the tutorial states them, in plain Python,
without lud's source, to check the perft numbers that tests/tutorial.rs pins:

    python3 docs/tutorial/mesa_perft.py 4          # perft 1..4, ruleset Mesa
    python3 docs/tutorial/mesa_perft.py 4 any      # with --option promotion=any
    python3 docs/tutorial/mesa_perft.py 3 lost "r4s/1P2p1/3k2/2K3/6/Q4R w - - 0 1"
    python3 docs/tutorial/mesa_perft.py --compare 100 target/release/lud
        # 100 random positions (biased towards captures and promotions):
        # this counter against `lud perft --position`

The rules counted: White moves first, north; Black south. King: one square
any way, only to a square of its own half (ranks 1-3 for White, 4-6 for
Black). Queen: slides any way. Rook: slides orthogonally. Scout: a knight's
leap (moving or capturing), or one square diagonally to an empty square.
Pawn: one square forward to an empty square, or one square diagonally
forward onto an enemy piece; on the last rank it must promote, to a Queen,
Rook or Scout (promotion=any) or only to one of those kinds of which its side
now has fewer than at the start (promotion=lost); where it cannot promote it
cannot move there, and it does not attack that square either. A move may not
leave the mover's King attacked. A side to move with only its King left has
lost (the count below a finished position is 0).
"""
import random
import subprocess
import sys

N = 6
KING, QUEEN, ROOK, SCOUT, PAWN = "K", "Q", "R", "S", "P"
ALL8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO = ALL8[:4]
DIAG = ALL8[4:]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
BACK = [ROOK, SCOUT, QUEEN, KING, SCOUT, ROOK]  # a..f


def start():
    board = {}
    for f, kind in enumerate(BACK):
        board[(f, 0)] = ("w", kind)
        board[(f, 5)] = ("b", kind)
        board[(f, 1)] = ("w", PAWN)
        board[(f, 4)] = ("b", PAWN)
    return board


START_COUNT = {}
for _c, _k in start().values():
    START_COUNT[(_c, _k)] = START_COUNT.get((_c, _k), 0) + 1


def on(f, r):
    return 0 <= f < N and 0 <= r < N


def forward(colour):
    return 1 if colour == "w" else -1


def own_half(colour, r):
    return r < N // 2 if colour == "w" else r >= N // 2


def last_rank(colour):
    return N - 1 if colour == "w" else 0


def promotion_kinds(board, colour, rule):
    if rule == "any":
        return [QUEEN, ROOK, SCOUT]
    # lostKinds: kinds (not royal, not the pawn) of which the player has
    # fewer pieces on the board than at the start.
    kinds = []
    for kind in (QUEEN, ROOK, SCOUT):
        have = sum(1 for v in board.values() if v == (colour, kind))
        if have < START_COUNT[(colour, kind)]:
            kinds.append(kind)
    return kinds


def piece_moves(board, sq, rule):
    """(to, promotion) pairs of the piece on sq, ignoring check."""
    colour, kind = board[sq]
    f, r = sq
    out = []

    def target(t, may_capture=True, may_move=True):
        if not on(*t):
            return False
        occ = board.get(t)
        if occ is None:
            return may_move
        return may_capture and occ[0] != colour

    if kind == KING:
        for df, dr in ALL8:
            t = (f + df, r + dr)
            if target(t) and own_half(colour, t[1]):
                out.append((t, None))
    elif kind in (QUEEN, ROOK):
        for df, dr in ALL8 if kind == QUEEN else ORTHO:
            t = (f + df, r + dr)
            while on(*t):
                occ = board.get(t)
                if occ is None:
                    out.append((t, None))
                else:
                    if occ[0] != colour:
                        out.append((t, None))
                    break
                t = (t[0] + df, t[1] + dr)
    elif kind == SCOUT:
        for df, dr in KNIGHT:
            t = (f + df, r + dr)
            if target(t):
                out.append((t, None))
        for df, dr in DIAG:
            t = (f + df, r + dr)
            if target(t, may_capture=False):
                out.append((t, None))
    elif kind == PAWN:
        fw = forward(colour)
        steps = [((f, r + fw), False, True)]
        steps += [((f + d, r + fw), True, False) for d in (-1, 1)]
        for t, cap, mov in steps:
            if target(t, may_capture=cap, may_move=mov):
                if t[1] == last_rank(colour):
                    for k in promotion_kinds(board, colour, rule):
                        out.append((t, k))
                else:
                    out.append((t, None))
    return out


def attacked(board, sq, by, rule):
    for s, (c, _) in list(board.items()):
        if c == by and any(t == sq for t, _ in piece_moves(board, s, rule)):
            return True
    return False


def play(board, frm, to, promo):
    nb = dict(board)
    colour, kind = nb.pop(frm)
    nb[to] = (colour, promo or kind)
    return nb


def legal_moves(board, colour, rule):
    enemy = "b" if colour == "w" else "w"
    moves = []
    for s, (c, _) in list(board.items()):
        if c != colour:
            continue
        for t, promo in piece_moves(board, s, rule):
            nb = play(board, s, t, promo)
            king = next(q for q, v in nb.items() if v == (colour, KING))
            if not attacked(nb, king, enemy, rule):
                moves.append(nb)
    return moves


def game_over(board, colour):
    """The end rules that can hold in a position with moves left: a bare king.
    (Checkmate and stalemate leave no moves anyway; the 50-move rule and
    repetition need more plies than these counts go.)"""
    return sum(1 for c, _ in board.values() if c == colour) == 1


def perft(board, colour, depth, rule):
    if depth == 0:
        return 1
    if game_over(board, colour):
        return 0
    nxt = "b" if colour == "w" else "w"
    return sum(perft(nb, nxt, depth - 1, rule) for nb in legal_moves(board, colour, rule))


def from_fen(fen):
    """The board and side to move of a position string such as lud prints."""
    ranks, side = fen.split()[:2]
    board = {}
    for i, row in enumerate(ranks.split("/")):
        r = N - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, r)] = ("w" if ch.isupper() else "b", ch.upper())
                f += 1
    return board, side


def to_fen(board, side):
    rows = []
    for r in range(N - 1, -1, -1):
        row, empty = "", 0
        for f in range(N):
            v = board.get((f, r))
            if v is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += v[1] if v[0] == "w" else v[1].lower()
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side + " - - 0 1"


def random_position(rng, rule):
    """A position reached by a random walk from the start that prefers
    promotions, captures and pawn moves, so that the rare rules get tried."""
    board, side = start(), "w"
    for _ in range(rng.randint(4, 120)):
        if game_over(board, side):
            break
        moves = legal_moves(board, side, rule)
        if not moves:
            break

        def pawns(b):
            return sum(1 for v in b.values() if v == (side, PAWN))

        promos = [m for m in moves if pawns(m) < pawns(board)]
        caps = [m for m in moves if len(m) < len(board)]
        pushes = [m for m in moves if any(v == (side, PAWN) and board.get(q) != v for q, v in m.items())]
        x = rng.random()
        if promos and x < 0.9:
            board = rng.choice(promos)
        elif caps and x < 0.5:
            board = rng.choice(caps)
        elif pushes and x < 0.8:
            board = rng.choice(pushes)
        else:
            board = rng.choice(moves)
        side = "b" if side == "w" else "w"
    return board, side


def compare(count, lud, game="docs/tutorial/step9.lud", seed=1):
    rng = random.Random(seed)
    bad = 0
    for _ in range(count):
        rule = rng.choice(["lost", "any"])
        board, side = random_position(rng, rule)
        fen = to_fen(board, side)
        depth = 3 if len(board) > 12 else 4
        want = perft(board, side, depth, rule)
        out = subprocess.run(
            [lud, "perft", game, str(depth), "--position", fen, "--option", "promotion=" + rule],
            capture_output=True, text=True, check=False)
        got = out.stdout.strip()
        if got != str(want):
            bad += 1
            print("differs:", rule, repr(fen), "depth", depth, "here", want, "lud", got or out.stderr)
    print(count, "positions,", bad, "differ")
    return bad


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 100
        exe = sys.argv[3] if len(sys.argv) > 3 else "target/release/lud"
        sys.exit(1 if compare(n, exe) else 0)
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rule = sys.argv[2] if len(sys.argv) > 2 else "lost"
    if len(sys.argv) > 3:
        board, side = from_fen(sys.argv[3])
        print(perft(board, side, depth, rule))
    else:
        for d in range(1, depth + 1):
            print(d, perft(start(), "w", d, rule))

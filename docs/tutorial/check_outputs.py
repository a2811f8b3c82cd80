#!/usr/bin/env python3
"""Re-runs every `$ lud ...` command shown in docs/tutorial.md and compares
what it prints with the transcript there.

    cargo build --release && python3 docs/tutorial/check_outputs.py

A transcript with a line `...` is abridged: its other lines must appear in
the real output, in order. Otherwise the output must be the same, line for
line (trailing spaces and perft's timing line on standard error aside). The
`mesa.lud` of the "typical mistake" transcripts is made, in a scratch
directory, from the step file with the mistake below. Exit status 1 if any
transcript differs.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LUD = os.path.join(ROOT, "target", "release", "lud")

# The typical mistakes, in the order the tutorial shows them: (step file,
# text to replace, replacement).
MISTAKES = [
    ("step2.lud", '(place White "Queen" c1) (place White "King" d1)',
     '(place White "Queen" c1 (place White "King" d1)'),
    ("step4.lud", '{"Queen" "Rook" "Scout"}', '{"Queen" "Rook" "Knight"}'),
    ("step5.lud", " royal:True", ""),
    ("step7.lud", "if:(in (to) (half Mover))", "if:(half Mover)"),
    ("step8.lud", '("Bare" Next)', '("Bare")'),
]

# What a human player types in the interactive transcripts.
TYPED = {"step5.lud": "d2f3\nquit\n", "step7.lud": "c3c4\nquit\n"}


def run(cmd, cwd, stdin):
    argv = cmd.replace("lud ", LUD + " ", 1)
    out = subprocess.run(argv, shell=True, cwd=cwd, capture_output=True, text=True,
                         input=stdin, check=False)
    lines = [l.rstrip() for l in (out.stdout + out.stderr).split("\n")
             if not re.match(r"depth \d+: ", l)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected, actual, typed):
    if "..." not in expected and not typed:
        return expected == actual
    i = 0
    for e in expected:
        if e == "...":
            continue
        if typed and e.endswith("help): " + typed.split("\n")[0]):
            continue  # the prompt with the move typed after it
        # Typed input is not echoed, so what follows the prompt joins its line.
        while i < len(actual) and actual[i] != e and not (typed and actual[i].endswith(e)):
            i += 1
        if i == len(actual):
            return False
        i += 1
    return True


def main():
    text = open(os.path.join(ROOT, "docs", "tutorial.md"), encoding="utf-8").read()
    mistakes = list(MISTAKES)
    scratch = tempfile.mkdtemp()
    failed = 0
    try:
        for block in re.findall(r"```text\n(.*?)```", text, re.S):
            for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
                lines = part.rstrip("\n").split("\n")
                cmd, expected = lines[0], [l.rstrip() for l in lines[1:]]
                if not cmd.startswith("lud "):
                    continue
                cwd, typed = ROOT, None
                if "mesa.lud" in cmd:
                    step, old, new = mistakes.pop(0)
                    src = open(os.path.join(ROOT, "docs", "tutorial", step), encoding="utf-8").read()
                    assert old in src, (step, old)
                    with open(os.path.join(scratch, "mesa.lud"), "w", encoding="utf-8") as f:
                        f.write(src.replace(old, new, 1))
                    cwd = scratch
                if cmd.startswith("lud play") and "--white" not in cmd:
                    typed = TYPED[os.path.basename(cmd.split()[2])]
                actual = run(cmd, cwd, typed)
                if not matches(expected, actual, typed):
                    failed += 1
                    print("differs: $ " + cmd)
                    print("\n".join(difflib.unified_diff(expected, actual, "tutorial", "now",
                                                         lineterm="")))
    finally:
        shutil.rmtree(scratch)
    print(f"{failed} transcript(s) differ" if failed else "every transcript matches")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

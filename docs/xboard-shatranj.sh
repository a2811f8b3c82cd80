#!/bin/sh
# XBoard drives a whole game of Shatranj between lud (White) and Fairy-Max
# (Black) on a virtual display (Xvfb), then keeps a screenshot of the final
# position as docs/xboard-shatranj.png and the game as a PGN.
#
#   docs/xboard-shatranj.sh            # builds lud (--profile quick) first
#   LUD=target/debug/lud docs/xboard-shatranj.sh
#
# Needs xboard, fairymax, Xvfb, xwd (x11-apps) and ImageMagick's convert
# (Debian: apt-get install xboard fairymax xvfb x11-apps imagemagick). Skips
# (exit 0) where one is missing. Not run by CI: a game takes minutes.
set -eu
cd "$(dirname "$0")/.."
for tool in xboard fairymax Xvfb xwd convert; do
    if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/games/$tool" ]; then
        echo "skipped: $tool is not installed" >&2
        exit 0
    fi
done
PATH="$PATH:/usr/games"
if [ -z "${LUD:-}" ]; then
    cargo build --profile quick
    LUD="${CARGO_TARGET_DIR:-target}/quick/lud"
fi
LUD="$(cd "$(dirname "$LUD")" && pwd)/$(basename "$LUD")"
OUT="${OUT:-docs}"
WORK="$(mktemp -d)"
DISPLAY_NUM="${DISPLAY_NUM:-99}"
TC="${TC:-1}"          # minutes per game for each side
INC="${INC:-1}"        # seconds added per move

Xvfb ":$DISPLAY_NUM" -screen 0 1024x768x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1

# TwoMachines: XBoard plays the engines against each other and checks
# every move (-testLegality); the game ends on its own (checkmate, bare
# king, stalemate) or when an engine claims it.
DISPLAY=":$DISPLAY_NUM" xboard \
    -variant shatranj \
    -fcp "$LUD xboard games/shatranj.lud" -fd "$PWD" \
    -scp fairymax -sd "$WORK" \
    -initialMode TwoMachines -testLegality true \
    -tc "$TC" -inc "$INC" -autoCallFlag true \
    -saveGameFile "$WORK/game.pgn" -popupExitMessage false \
    -debug -nameOfDebugFile "$WORK/xboard.debug" \
    >"$WORK/xboard.out" 2>&1 &
XB=$!
trap 'kill $XB $XVFB 2>/dev/null || true' EXIT

# Wait for the result (at most 30 minutes).
i=0
while [ $i -lt 1800 ]; do
    if grep -q '^\[Result "[^*]' "$WORK/game.pgn" 2>/dev/null; then
        break
    fi
    if ! kill -0 $XB 2>/dev/null; then
        break
    fi
    sleep 1
    i=$((i + 1))
done
sleep 2
xwd -root -display ":$DISPLAY_NUM" | convert xwd:- -trim +repage "png:$OUT/xboard-shatranj.png"
cp "$WORK/game.pgn" "$OUT/xboard-shatranj.pgn" 2>/dev/null || true
if grep -qi 'illegal' "$WORK/xboard.debug"; then
    echo "an illegal move was seen: see $WORK/xboard.debug" >&2
    grep -i 'illegal' "$WORK/xboard.debug" >&2
    exit 1
fi
grep '^\[Result\|^{' "$WORK/game.pgn" || true
tail -n 3 "$WORK/game.pgn"
echo "screenshot: $OUT/xboard-shatranj.png; log: $WORK/xboard.debug"

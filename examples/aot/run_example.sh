#!/bin/sh
# Builds and runs the C example: `rlx compile` makes libscale_add.so and libscale_add.h of
# scale_add.py, the C compiler builds main.c against them, and main checks what it gets.
#   run_example.sh RLX OUTDIR
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
rlx="$1"
out="$2"
mkdir -p "$out"
"$rlx" compile "$here/scale_add.py" -o "$out/libscale_add.so"
"${CC:-cc}" -std=c99 -Wall -Werror -I"$out" "$here/main.c" "$out/libscale_add.so" -Wl,-rpath,"$out" -o "$out/main"
"$out/main"

#!/bin/sh
# The benchmarks' own set-up (docs/bench.md): the baselines they measure in the same run, NumPy (on
# OpenBLAS: without libopenblas0-pthread Debian's NumPy multiplies matrices with the reference BLAS,
# 20x slower) and PyTorch, from Debian's packages. The test suite needs none of them. Run as root on
# Debian 12:
#   bash bench/setup.sh && build/release/bench/ops_bench
set -e
missing=""
/usr/bin/python3 -c "import numpy" 2>/dev/null || missing="$missing python3-numpy"
/usr/bin/python3 -c "import torch" 2>/dev/null || missing="$missing python3-torch"
[ -e /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 ] || missing="$missing libopenblas0-pthread"
if [ -z "$missing" ]; then
  echo "bench/setup.sh: NumPy (on OpenBLAS) and PyTorch are installed"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "bench/setup.sh: run as root to install:$missing" >&2
  exit 1
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing

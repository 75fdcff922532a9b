#!/bin/sh
# The benchmarks' own set-up (docs/bench.md): the baselines they measure in the same run, NumPy and
# PyTorch, from Debian's packages. The test suite needs neither. Run as root on Debian 12:
#   bash bench/setup.sh && build/release/bench/ops_bench
set -e
missing=""
python3 -c "import numpy" 2>/dev/null || missing="$missing python3-numpy"
python3 -c "import torch" 2>/dev/null || missing="$missing python3-torch"
if [ -z "$missing" ]; then
  echo "bench/setup.sh: NumPy and PyTorch are installed"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "bench/setup.sh: run as root to install:$missing" >&2
  exit 1
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing

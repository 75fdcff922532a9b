#!/usr/bin/env bash
# Installs the Debian 12 packages rlx needs, when they are missing.
# As root it installs them; otherwise it prints the exact command to run and stops.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang
  llvm-19-dev libz3-dev librapidcheck-dev libgtest-dev libdlpack-dev
  pkg-config libclang-rt-14-dev python3 python3-numpy
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}"
  echo "run:   sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"

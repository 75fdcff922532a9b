"""Checks that NumPy reads two .npy files to the same array: identical dtype (byte order
included), identical shape, and identical bytes of the elements in row-major order (so NaN
payloads and -0.0 must match bitwise; a Fortran-order file equals the C-order file of the same
logical array).

  /usr/bin/python3 check_roundtrip.py GOT.npy EXPECTED.npy

Exit 0: same array. Exit 1: they differ (the difference is printed). Exit 2: usage error, or a
file NumPy cannot read (pickled object arrays are refused)."""
import sys

import numpy as np


def load(path):
    try:
        return np.load(path, allow_pickle=False)
    except Exception as e:  # noqa: BLE001 - any read failure is reported the same way
        print(f"{path}: numpy cannot read it: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(2)


def main(argv):
    if len(argv) != 2:
        print("usage: check_roundtrip.py GOT.npy EXPECTED.npy", file=sys.stderr)
        return 2
    got, want = (load(p) for p in argv)
    if not isinstance(got, np.ndarray) or not isinstance(want, np.ndarray):
        print("not an array file (npz?)", file=sys.stderr)
        return 2
    if got.dtype != want.dtype or got.dtype.str != want.dtype.str:
        print(f"dtype differs: {got.dtype.str} vs {want.dtype.str}")
        return 1
    if got.shape != want.shape:
        print(f"shape differs: {got.shape} vs {want.shape}")
        return 1
    gb = got.tobytes(order="C")
    wb = want.tobytes(order="C")
    if gb != wb:
        size = want.dtype.itemsize
        flat_g = np.ravel(got, order="C")
        flat_w = np.ravel(want, order="C")
        for i in range(want.size):
            if gb[i * size:(i + 1) * size] != wb[i * size:(i + 1) * size]:
                print(f"element {i} (row-major) differs: {flat_g[i]!r} (bytes {gb[i * size:(i + 1) * size].hex()}) vs "
                      f"{flat_w[i]!r} (bytes {wb[i * size:(i + 1) * size].hex()})")
                break
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

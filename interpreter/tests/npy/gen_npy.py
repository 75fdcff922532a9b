"""Writes the .npy test files of `rlx run` into files/ and their description into manifest.txt.

  cd interpreter/tests/npy && /usr/bin/python3 gen_npy.py

Valid files are written by NumPy itself (np.save / np.lib.format.write_array); malformed ones are
hand-made bytes. manifest.txt has one line per file:

  FILE ok DTYPE SHAPE VALUES    the rlx dtype name, the shape as (2, 3), the values flat in
                                row-major order in the op-case format (../op_cases/README.md)
  FILE error REASON             rlx must reject the file (reason in words)

Decisions (what rlx accepts beyond what NumPy writes by default):
- versions 1.0, 2.0 and 3.0 are accepted; 3.0 differs from 2.0 only in that the header is UTF-8,
  which matters only for non-ASCII field names of structured dtypes, which rlx rejects anyway.
  Any other version (e.g. 4.0, 1.1) is an error.
- the header dict must have exactly the keys descr, fortran_order, shape (any order, as NumPy);
  fortran_order a bool, shape a tuple of non-negative ints; header padding to 16 (older NumPy) or
  64 bytes, or none, is accepted.
- descr: '|b1', '|i1', '|u1', '<'/'>' with i2 i4 i8 u2 u4 u8 f2 f4 f8 ('|' for one-byte types).
  Complex, object, string, datetime and structured dtypes are errors.
- the file must end exactly where the data ends: trailing bytes are an error (NumPy ignores them).
- a shape whose element count or byte size overflows int64 is an error; a zero-sized shape is
  valid even when another dimension is huge (its byte size is 0).
"""
import io
import os
import shutil
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "op_cases"))
from casefmt import format_value  # noqa: E402

OUT = os.path.join(HERE, "files")
MANIFEST = os.path.join(HERE, "manifest.txt")

entries = []  # (file, line)


def rlx_dtype(dt):
    dt = np.dtype(dt)
    if dt.kind == "b":
        return "bool"
    return dt.newbyteorder("=").name


def shape_text(shape):
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def values_text(a, dtname):
    flat = np.ravel(a, order="C")
    return "[" + ", ".join(format_value(v, dtname) for v in flat) + "]"


def save_ok(name, a, version=None, note=""):
    """Writes array a with NumPy and records its ok line."""
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        if version is None:
            np.save(f, a, allow_pickle=False)
        else:
            np.lib.format.write_array(f, a, version=version, allow_pickle=False)
    dt = rlx_dtype(a.dtype)
    line = f"{name} ok {dt} {shape_text(a.shape)} {values_text(a, dt)}"
    entries.append((name, line, note))


def raw_ok(name, data, a, note=""):
    """Writes hand-made bytes that NumPy reads as array a (checked), records the ok line."""
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    b = np.load(os.path.join(OUT, name), allow_pickle=False)
    assert b.dtype == a.dtype and b.shape == a.shape and b.tobytes() == a.tobytes(), name
    dt = rlx_dtype(a.dtype)
    entries.append((name, f"{name} ok {dt} {shape_text(a.shape)} {values_text(a, dt)}", note))


def raw_error(name, data, reason):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    entries.append((name, f"{name} error {reason}", ""))


def save_error(name, a, reason, allow_pickle=False):
    with open(os.path.join(OUT, name), "wb") as f:
        np.save(f, a, allow_pickle=allow_pickle)
    entries.append((name, f"{name} error {reason}", ""))


def header(text, version=(1, 0), align=64, newline=True):
    """Magic, version, length and the header text padded with spaces to `align` (0: no padding)."""
    h = text.encode("utf-8")
    lenfmt = "<H" if version[0] == 1 else "<I"
    pre = 6 + 2 + struct.calcsize(lenfmt)
    if align:
        total = pre + len(h) + (1 if newline else 0)
        h += b" " * ((-total) % align)
    if newline:
        h += b"\n"
    return b"\x93NUMPY" + bytes(version) + struct.pack(lenfmt, len(h)) + h


def hdr(descr, shape, fortran=False):
    return f"{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape!r}, }}"


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    nan, inf = float("nan"), float("inf")

    # ---- one file per dtype: 2x3, little-endian, C order, version 1.0
    save_ok("bool.npy", np.array([[True, False, True], [False, False, True]]), note="bool")
    for dt in ("int8", "int16", "int32", "int64"):
        info = np.iinfo(dt)
        save_ok(f"{dt}.npy", np.array([[info.min, info.max, 0], [-1, 1, 42]], dtype=dt), note="extremes")
    for dt in ("uint8", "uint16", "uint32", "uint64"):
        info = np.iinfo(dt)
        save_ok(f"{dt}.npy", np.array([[0, info.max, 1], [info.max // 2 + 1, info.max // 2, 42]], dtype=dt),
                note="extremes")
    for dt in ("float16", "float32", "float64"):
        fi = np.finfo(dt)
        tiny_sub = np.nextafter(np.array(0, dtype=dt), np.array(1, dtype=dt))
        save_ok(f"{dt}.npy", np.array([[nan, -0.0, inf], [-inf, fi.max, tiny_sub]], dtype=dt),
                note="NaN, -0.0, inf, -inf, max, smallest subnormal")
    # NaN payloads / signs must survive a read and a write bitwise
    bits = np.array([0x7FC00001, 0xFFC00000, 0x7F800001, 0x3F800000], dtype="<u4")
    save_ok("float32_nan_payloads.npy", bits.view("<f4"), note="quiet NaN with payload, negative NaN, signalling NaN")
    save_ok("float64_fractions.npy", np.array([0.1, -2.5, 1e-300, 123456789.125, -1e300, 2.0 ** -1074]),
            note="decimal fractions, extremes of exponent")

    # ---- big-endian
    save_ok("be_int16.npy", np.array([[0x0102, -2], [32767, -32768]], dtype=">i2"))
    save_ok("be_int32.npy", np.array([[0x01020304, -2, 7], [2147483647, -2147483648, 0]], dtype=">i4"))
    save_ok("be_int64.npy", np.array([0x0102030405060708, -2, np.iinfo(np.int64).min], dtype=">i8"))
    save_ok("be_uint16.npy", np.array([0x0102, 65535, 1], dtype=">u2"))
    save_ok("be_uint32.npy", np.array([[0x01020304], [4294967295]], dtype=">u4"))
    save_ok("be_uint64.npy", np.array([0x0102030405060708, 18446744073709551615], dtype=">u8"))
    save_ok("be_float16.npy", np.array([[1.5, -0.0, nan], [inf, 65504.0, 2.0 ** -24]], dtype=">f2"))
    save_ok("be_float32.npy", np.array([0.1, -3.5, -inf, 1e-45], dtype=">f4"))
    save_ok("be_float64.npy", np.array([[0.1, -0.0], [nan, 1.7976931348623157e308]], dtype=">f8"))

    # ---- Fortran order (data stored column-major; values below are row-major)
    save_ok("fortran_2d.npy", np.asfortranarray(np.arange(6, dtype="<i4").reshape(2, 3) * 10 + 1),
            note="fortran_order True")
    save_ok("fortran_3d.npy", np.asfortranarray(np.arange(24, dtype="<f4").reshape(2, 3, 4) / 4 - 2),
            note="fortran_order True")
    save_ok("fortran_be_2d.npy", np.asfortranarray(np.arange(6, dtype=">i2").reshape(3, 2) - 3),
            note="fortran_order True, big-endian")

    # ---- ranks and zero sizes
    save_ok("scalar_0d.npy", np.array(3.5, dtype="<f8"), note="0-d")
    save_ok("scalar_0d_bool.npy", np.array(True), note="0-d")
    save_ok("vector_1d.npy", np.array([0.1, 0.2, 0.30000001192092896, -1.0], dtype="<f4"), note="1-d")
    save_ok("empty_1d.npy", np.zeros((0,), dtype="<f4"), note="shape (0,)")
    save_ok("empty_2x0.npy", np.zeros((2, 0), dtype="<i2"), note="shape (2, 0)")
    save_ok("empty_0x3_fortran.npy", np.asfortranarray(np.zeros((0, 3), dtype="<u8")), note="shape (0, 3), fortran")
    save_ok("tensor_4d.npy", np.arange(12, dtype="|u1").reshape(2, 1, 3, 2) * 20, note="4-d")
    raw_ok("zero_size_huge_dim.npy", header(hdr("|u1", (0, 4611686018427387904))),
           np.zeros((0, 4611686018427387904), dtype="|u1"), note="0 elements although a dim is 2**62")

    # ---- format versions
    save_ok("v1_0.npy", np.array([[1, -2], [3, -4]], dtype="<i8"), version=(1, 0))
    save_ok("v2_0.npy", np.array([[1.25, -2.5], [3.75, nan]], dtype="<f4"), version=(2, 0))
    save_ok("v3_0.npy", np.array([7, 8, 9], dtype="<u2"), version=(3, 0),
            note="decision: accepted (UTF-8 header, ASCII content)")
    raw_ok("header_align16.npy", header(hdr("<i4", (3,)), align=16) + np.array([5, 6, 7], "<i4").tobytes(),
           np.array([5, 6, 7], "<i4"), note="header padded to 16 bytes (older NumPy)")
    raw_ok("header_key_order.npy",
           header("{'shape': (2,), 'fortran_order': False, 'descr': '<i2'}") + np.array([-1, 2], "<i2").tobytes(),
           np.array([-1, 2], "<i2"), note="keys in another order, no trailing comma")
    raw_ok("header_no_padding.npy", header(hdr("|u1", (2,)), align=0) + b"\x01\xff",
           np.array([1, 255], "|u1"), note="header not padded")
    raw_ok("shape_1d_no_space.npy",
           header("{'descr':'<f8','fortran_order':False,'shape':(2,)}") + np.array([1.0, -1.0]).tobytes(),
           np.array([1.0, -1.0]), note="no spaces in the header")

    # ---- malformed
    good = header(hdr("<i4", (2,))) + np.array([1, 2], "<i4").tobytes()
    raw_error("empty_file.npy", b"", "empty file")
    raw_error("bad_magic.npy", b"\x93NUMPX" + good[6:], "bad magic string")
    raw_error("magic_only.npy", b"\x93NUMPY", "file ends after the magic string")
    raw_error("bad_version_4_0.npy", header(hdr("<i4", (2,)), version=(4, 0)) + b"\0" * 8, "unsupported format version 4.0")
    raw_error("bad_version_1_1.npy", b"\x93NUMPY\x01\x01" + good[8:], "unsupported format version 1.1")
    raw_error("truncated_header.npy", good[:30], "file ends inside the header")
    raw_error("truncated_length.npy", good[:9], "file ends inside the header length field")
    raw_error("header_len_past_end.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", 1000) + good[10:60],
              "header length 1000 past the end of the file")
    raw_error("header_not_dict.npy", header("[1, 2, 3]") + b"\0" * 8, "header is a list, not a dict")
    raw_error("header_syntax_error.npy", header("{'descr': <i4, 'fortran_order': False, 'shape': (2,)}") + b"\0" * 8,
              "header is not a Python literal")
    raw_error("missing_descr.npy", header("{'fortran_order': False, 'shape': (2,), }") + b"\0" * 8,
              "header lacks the key descr")
    raw_error("missing_shape.npy", header("{'descr': '<i4', 'fortran_order': False, }") + b"\0" * 8,
              "header lacks the key shape")
    raw_error("missing_fortran_order.npy", header("{'descr': '<i4', 'shape': (2,), }") + b"\0" * 8,
              "header lacks the key fortran_order")
    raw_error("extra_key.npy", header("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), 'x': 1}") + b"\0" * 8,
              "header has an extra key")
    raw_error("fortran_order_not_bool.npy", header("{'descr': '<i4', 'fortran_order': 0, 'shape': (2,)}") + b"\0" * 8,
              "fortran_order is not a bool")
    raw_error("shape_not_tuple.npy", header("{'descr': '<i4', 'fortran_order': False, 'shape': [2]}") + b"\0" * 8,
              "shape is a list, not a tuple")
    raw_error("shape_float.npy", header("{'descr': '<i4', 'fortran_order': False, 'shape': (2.0,)}") + b"\0" * 8,
              "shape holds a float")
    raw_error("shape_negative.npy", header(hdr("<i4", (2, -3))) + b"\0" * 24, "shape has a negative dimension")
    raw_error("descr_not_string.npy", header("{'descr': 4, 'fortran_order': False, 'shape': (2,)}") + b"\0" * 8,
              "descr is not a string")
    raw_error("descr_unknown.npy", header(hdr("<q9", (2,))) + b"\0" * 8, "descr names no dtype")
    save_error("complex64.npy", np.array([1 + 2j, -1j], dtype="<c8"), "unsupported dtype <c8 (complex)")
    save_error("object.npy", np.array([1, "a", None], dtype=object), "unsupported dtype |O (object, pickled data)",
               allow_pickle=True)
    save_error("unicode_u3.npy", np.array(["abc", "d"], dtype="<U3"), "unsupported dtype <U3 (unicode strings)")
    save_error("bytes_s3.npy", np.array([b"abc", b"d"], dtype="|S3"), "unsupported dtype |S3 (byte strings)")
    save_error("structured.npy", np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]), "unsupported structured dtype")
    save_error("datetime64.npy", np.array(["2024-01-01"], dtype="<M8[s]"), "unsupported dtype <M8[s] (datetime)")
    save_error("longdouble.npy", np.zeros(2, dtype=np.longdouble), "unsupported dtype (long double)")
    buf = io.BytesIO()
    np.lib.format.write_array(buf, np.zeros(2, dtype=[("\u00e9t\u00e9", "<i4")]), version=(3, 0))
    raw_error("v3_0_utf8_structured.npy", buf.getvalue(),
              "version 3.0 UTF-8 header naming a structured dtype (unsupported dtype)")
    raw_error("data_too_short.npy", header(hdr("<i4", (2, 3))) + b"\1\0\0\0" * 5, "data shorter than the shape needs (20 of 24 bytes)")
    raw_error("data_missing.npy", header(hdr("<f8", (1,))), "no data for a 1-element array")
    raw_error("trailing_garbage.npy", good + b"JUNK", "4 bytes after the data (decision: rejected)")
    raw_error("huge_shape_bytes_overflow.npy", header(hdr("<f8", (4611686018427387904, 4))),
              "byte size 2**65 overflows int64")
    raw_error("huge_shape_count_overflow.npy", header(hdr("|u1", (4294967296, 4294967296))),
              "element count 2**64 overflows int64")
    raw_error("huge_dim.npy", header(hdr("<i2", (18446744073709551616,))), "dimension 2**64 is not an int64")
    raw_error("huge_shape_single_dim_bytes.npy", header(hdr("<i2", (9223372036854775807,))),
              "byte size 2 * (2**63 - 1) overflows int64")

    # ---- sanity: every ok file reads back with NumPy to the recorded values
    for name, line, _ in entries:
        if " ok " in line:
            a = np.load(os.path.join(OUT, name), allow_pickle=False)
            dt = rlx_dtype(a.dtype)
            assert line == f"{name} ok {dt} {shape_text(a.shape)} {values_text(a, dt)}", name

    with open(MANIFEST, "w") as f:
        f.write("# Generated by gen_npy.py; do not edit. One line per file of files/:\n")
        f.write("#   FILE ok DTYPE SHAPE VALUES   (values flat, row-major, op-case format)\n")
        f.write("#   FILE error REASON\n")
        for name, line, _ in sorted(entries):
            f.write(line + "\n")
    total = sum(os.path.getsize(os.path.join(OUT, n)) for n, _, _ in entries)
    print(f"{len(entries)} files, {total} bytes in {OUT}")


if __name__ == "__main__":
    main()

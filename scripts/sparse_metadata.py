#!/usr/bin/env python3
"""Writes the 2:4 sparsity metadata of examples/launch/gemm_sparse_sm100.launch.json.

    .venv/bin/python scripts/sparse_metadata.py ROWS K OUT.npy

ROWS x K/32 x 2 int16 words (the bit patterns of u16): for each row and
32-wide k-block, one word per half of 16, four 4-bit nibbles a word (the
lowest for the first group of four), each drawn from the seven values the
PTX ISA calls meaningful for 2:4 sparsity (9.7.16.10.8.2): the low two
bits place a group's first kept value, the high two its second.
"""
import sys

import numpy as np

MEANINGFUL = [0b0100, 0b1000, 0b1100, 0b1001, 0b1101, 0b0110, 0b1110]


def main():
    rows, k, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = np.random.default_rng(7)
    picks = rng.integers(0, len(MEANINGFUL), size=(rows, k // 32, 2, 4))
    nibbles = np.array(MEANINGFUL, dtype=np.uint32)[picks]
    words = (nibbles << (4 * np.arange(4, dtype=np.uint32))).sum(axis=-1).astype(np.uint16)
    np.save(out, words.view(np.int16))


if __name__ == "__main__":
    main()

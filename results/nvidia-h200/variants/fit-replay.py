#!/usr/bin/env python3
"""fit_tile's rule for M <= 128 replayed on the host against every fit's measured ratio to cuBLAS,
to choose the estimate's constants (section on dc97913 in NOTES.md).

Usage, from the repository root, with fit-replay.cu built as its header says:
  awk -F: '/^[0-9]+ [0-9]+ [0-9]+:/ {print $1}' results/nvidia-h200/fit-survey-wide-8f2e8ed.log | /tmp/fit-replay > /tmp/work.txt
  python3 results/nvidia-h200/variants/fit-replay.py /tmp/work.txt

The measured ratios: fit-survey-wide-8f2e8ed.log (16 at 8f2e8ed) at M = 64 and 128, which A's cut
box (a5fa651) does not touch; at M = 16, 32 and 96, fit-survey-fix2x8-7c48c60.log (after the cut
box, but with fixup-batch-2x8.diff, whose split fits are slower), and for a fit that splits a tile
there the better of the two runs, a bound from below. The rule's constants: the load pace of
128 x 64 (tile 8) and of twins (tile 10), and the margin 64 x 128 needs against 64 x 256."""
import math
import re
import sys

R = 'results/nvidia-h200/'
FITS = {1: (128, 256, 2, 1), 2: (128, 256, 1, 1), 3: (64, 256, 2, 1), 4: (64, 256, 1, 1), 5: (64, 128, 2, 1),
        6: (64, 128, 1, 1), 7: (64, 64, 1, 1), 8: (128, 64, 1, 1), 9: (128, 128, 1, 1), 10: (64, 128, 1, 2),
        11: (128, 192, 1, 1)}
SUITE = {(m, n, k) for m in (64, 128) for n, k in [(2112, 7168), (24576, 1536), (32768, 512), (7168, 16384),
                                                   (4096, 7168), (7168, 2048)]}


def survey(path):
    out = {}
    for line in open(path):
        m = re.match(r'^(\d+) (\d+) (\d+): (.*)$', line)
        if m:
            out[tuple(map(int, m.groups()[:3]))] = {int(a): float(b) for a, b in
                                                    (t.split('=') for t in m.group(4).split())}
    return out


work = {}  # shape -> (the C rule's pick, {fit: (k_tiles, fixups, splits)})
for line in open(sys.argv[1]):
    head, *fits = line.split('|')
    h = head.split()
    work[tuple(map(int, h[:3]))] = (int(h[4]), {int(f.split()[0]): tuple(map(int, f.split()[1:])) for f in fits})
old, new = survey(R + 'fit-survey-wide-8f2e8ed.log'), survey(R + 'fit-survey-fix2x8-7c48c60.log')
measured = {}
for s, d in old.items():
    if s[0] in (64, 128):
        measured[s] = d
    else:
        measured[s] = {f: max(d[f], new[s][f]) if work[s][1][f][2] else new[s][f] for f in d}


def clocks(s, f, pace):
    """schedule_clocks: K tiles at their load (bytes / 48 a clock, times the pace) or math, plus fix-ups."""
    bm, bn, _, k_blocks = FITS[f]
    k_tiles, fixups, _ = work[s][1][f]
    load = (bm * 64 * 2 + bn // 64 * 8192) / 48.0 * pace.get(f, 1.0)
    math_ = 2.0 * bm * bn * 64 / 4096.0
    fixup = (bm * bn / 2 * 4 if k_blocks > 1 else 4.0 * bm * bn * 4) / 48.0 + 1000.0
    return k_tiles * max(load, math_) + fixups * fixup


def rule(s, pace, margin):
    """fit_tile up to M = 128: the shortest of its candidates, then 64 x 64 whole, then twins."""
    m, n, k = s

    def shortest(candidates, margin):
        best, c = candidates[0], clocks(s, candidates[0], pace)
        for f in candidates[1:]:
            if clocks(s, f, pace) < margin * c:
                best, c = f, clocks(s, f, pace)
        return best, c
    if m > 64:
        return shortest([2, 9, 8], 1.0)[0]
    best, c = shortest([4, 6], margin)
    narrow = clocks(s, 7, pace)
    whole = not work[s][1][7][2] and narrow <= c
    one_round = (n + 127) // 128 * ((m + 63) // 64) <= 66
    if one_round and k > 64 and clocks(s, 10, pace) < (narrow if whole else c):
        return 10
    return 7 if whole else best


def score(pace, margin, keep=lambda s: True):
    v = [measured[s][rule(s, pace, margin)] for s in measured if keep(s)]
    return math.exp(sum(map(math.log, v)) / len(v)), min(v)


before, after = ({}, 0.9), ({8: 0.75, 10: 0.8}, 1.0)
for name, (pace, margin) in (('7c48c60', before), ('dc97913', after)):
    same = sum(rule(s, pace, margin) == work[s][0] for s in work)
    print(f'{name} rule: pace {pace} margin {margin}; the C rule of this work file agrees at {same} of {len(work)}')
print('pace 8, pace 10, margin: geomean and worst over all 63 | the 12 suite shapes')
for p8 in (1.0, 0.85, 0.75):
    for p10 in (1.0, 0.9, 0.8, 0.7):
        for margin in (0.9, 1.0):
            a, s = score({8: p8, 10: p10}, margin), score({8: p8, 10: p10}, margin, lambda s: s in SUITE)
            print(f'{p8:.2f} {p10:.2f} {margin:.1f}: {a[0]:.4f} {a[1]:.3f} | {s[0]:.4f} {s[1]:.3f}')
best = math.exp(sum(math.log(max(d.values())) for d in measured.values()) / len(measured))
print(f'the best fit at every shape: {best:.4f}')

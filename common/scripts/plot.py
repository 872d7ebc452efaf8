#!/usr/bin/env python3
"""Plots for results/<gpu>/: ladder.png (TFLOPS per step and precision, cuBLAS as a line) from
ladder.csv, sweep.png (TFLOPS over size per kernel) from sweep.csv, and shapes.png (each step's
ratio to cuBLAS per shape) from shapes.csv, as shapes-models.png and shapes-random.png from theirs. Rows of steps that did not run (skipped, rejected)
are left out. A step has one colour in every panel and plot (its variants differ in marker).
Every CSV is read and checked before matplotlib is loaded: a truncated or malformed one is named
in one line, exit 1. Optional: needs matplotlib. Usage: python3 common/scripts/plot.py results/<gpu>"""
import csv
import os
import statistics
import sys

# The columns of the binaries' --csv rows (common/harness/report.c); plots read these.
NEEDED = ("gpu", "step", "kernel", "dtype", "m", "n", "k", "ms", "tflops", "ratio")
# One colour a step, in the order of the step numbers (tab10, then its darker companions).
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd")
MARKERS = ("o", "s", "^", "D", "v")


class BadCsv(Exception):
    """A CSV the plots cannot use: its message names the file and the line."""


def rows(path):
    """The measured rows of a CSV: those with a time (skipped and rejected steps have none).
    Raises BadCsv for a header without the columns the plots read, a row with more or fewer
    fields than the header (a file cut short), or a measured row whose numbers do not parse."""
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if not header or any(c not in header for c in NEEDED):
            raise BadCsv(f"{path}: the header lacks the columns {', '.join(c for c in NEEDED if not header or c not in header)}"
                         " (an empty or truncated file?)")
        out = []
        for fields in reader:
            if len(fields) != len(header):
                raise BadCsv(f"{path} line {reader.line_num}: {len(fields)} fields where the header has {len(header)}"
                             " (a truncated file?)")
            r = dict(zip(header, fields))
            if not r["ms"]:
                continue
            try:
                for c in ("m", "n", "k"):
                    int(r[c])
                for c in ("ms", "tflops", "ratio"):
                    float(r[c])
            except ValueError:
                raise BadCsv(f"{path} line {reader.line_num}: a measured row whose m, n, k, ms, tflops or ratio is not a number")
            out.append(r)
        return out


def step_colors(*datasets):
    """step -> colour, by step number over every row of every CSV given, so that a step keeps its
    colour whichever precisions, kernels or plots it appears in."""
    steps = sorted({r["step"] for data in datasets for r in data})
    return {step: PALETTE[i % len(PALETTE)] for i, step in enumerate(steps)}


def plot_ladder(folder, data):
    """Per precision: each step's TFLOPS, and cuBLAS's line at the median of its runs over the
    steps' processes, as the ladder's table shows it."""
    if not data:  # no step ran on this GPU
        return
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(1, len(dtypes), figsize=(5 * len(dtypes), 4.5), squeeze=False)
    for ax, dt in zip(axes[0], dtypes):
        steps = [r for r in data if r["dtype"] == dt and not r["kernel"].startswith("cublas")]
        labels = [r["kernel"].replace("hgemm_mma_tn_", "08 ") for r in steps]
        ax.bar(range(len(steps)), [float(r["tflops"]) for r in steps], color="tab:blue")
        for name in dict.fromkeys(r["kernel"] for r in data if r["dtype"] == dt and r["kernel"].startswith("cublas")):
            median = statistics.median_low(float(r["tflops"]) for r in data if r["kernel"] == name)
            ax.axhline(median, linestyle="--", color="tab:red" if "acc16" not in name else "tab:orange", label=name)
        ax.set_xticks(range(len(steps)), labels, rotation=35, ha="right", fontsize=8)
        ax.set_title(dt)
        ax.set_ylabel("TFLOPS")
        ax.legend(fontsize=8, loc="upper left")
    fig.suptitle(f"{data[0]['gpu']}, M = N = K = {data[0]['m']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "ladder.png"), dpi=110)


def plot_sweep(folder, data, colors):
    """Per precision: TFLOPS over size (top) and each kernel's ratio to the cuBLAS runs
    interleaved with it (bottom). cuBLAS runs once per step: its line is the median of those."""
    if not data:
        return
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(2, len(dtypes), figsize=(6.5 * len(dtypes), 8), squeeze=False, sharex=True)
    for col, dt in enumerate(dtypes):
        top, bottom = axes[0][col], axes[1][col]
        mine = [r for r in data if r["dtype"] == dt]
        for name in dict.fromkeys(r["kernel"] for r in mine if r["kernel"].startswith("cublas")):
            sizes = sorted({int(r["m"]) for r in mine if r["kernel"] == name})
            med = [statistics.median(float(r["tflops"]) for r in mine if r["kernel"] == name and int(r["m"]) == m)
                   for m in sizes]
            top.plot(sizes, med, "--", color="black" if "acc16" not in name else "grey", label=f"{name} (median)")
        kernels = list(dict.fromkeys(r["kernel"] for r in mine if not r["kernel"].startswith("cublas")))
        for name in kernels:
            pts = sorted((int(r["m"]), float(r["tflops"]), float(r["ratio"])) for r in mine if r["kernel"] == name)
            step = next(r["step"] for r in mine if r["kernel"] == name)
            variant = list(dict.fromkeys(r["kernel"] for r in data if r["step"] == step and not r["kernel"].startswith("cublas"))).index(name)
            style = dict(color=colors[step], marker=MARKERS[variant % len(MARKERS)], linestyle="-")
            top.plot([p[0] for p in pts], [p[1] for p in pts], label=f"{step[:2]} {name}", **style)
            bottom.plot([p[0] for p in pts], [p[2] for p in pts], **style)
        bottom.axhline(1.0, color="black", linestyle="--", linewidth=1)
        top.set_title(dt)
        top.set_ylabel("TFLOPS")
        bottom.set_ylabel("x cuBLAS (same process)")
        bottom.set_xlabel("M = N = K")
        top.legend(fontsize=7)
    fig.suptitle(f"Sweep of {', '.join(dict.fromkeys(r['step'][:2] for r in data))} on {data[0]['gpu']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "sweep.png"), dpi=110)


def plot_shapes(folder, name, data, colors):
    """Per precision: each step's ratio to the cuBLAS run of its own process, shape by shape,
    into NAME.png (shapes, shapes-models, shapes-random)."""
    data = [r for r in data if not r["kernel"].startswith("cublas")]
    if not data:
        return
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    shapes = list(dict.fromkeys((r["m"], r["n"], r["k"]) for r in data))
    fig, axes = plt.subplots(len(dtypes), 1, figsize=(max(8, 0.4 * len(shapes) + 2), 4 * len(dtypes)), squeeze=False)
    for ax, dt in zip(axes[:, 0], dtypes):
        for step in dict.fromkeys(r["step"] for r in data):
            got = {(r["m"], r["n"], r["k"]): float(r["ratio"]) for r in data if r["dtype"] == dt and r["step"] == step}
            xs = [i for i, s in enumerate(shapes) if s in got]
            ax.plot(xs, [got[shapes[i]] for i in xs], "o", color=colors[step], label=step)
        ax.axhline(1.0, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(shapes)), [f"{m}x{n}x{k}" for m, n, k in shapes], rotation=60, ha="right", fontsize=7)
        ax.set_ylabel(f"{dt}: x cuBLAS (same process)")
        ax.legend(fontsize=7)
    suite = data[0].get("suite", "")
    fig.suptitle(f"Shape suite{' ' + suite if suite else ''} on {data[0]['gpu']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, f"{name}.png"), dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python3 common/scripts/plot.py results/<gpu>   (make plots GPU=<gpu>): the PNG plots of that"
              " folder's ladder, sweep and shapes CSVs", file=sys.stderr)
        sys.exit(2)
    folder = sys.argv[1].rstrip("/")
    if folder in ("results", ""):
        sys.exit("plot: no GPU on this machine to name the results folder: say which, e.g. make plots GPU=nvidia-h200")
    if not os.path.isfile(os.path.join(folder, "ladder.csv")):
        root = os.path.dirname(folder) or "."
        known = sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "ladder.csv")))
        sys.exit(f"plot: {folder}/ladder.csv not found; folders with results: {', '.join(known) or 'none'}")
    data = {}
    try:
        suites = sorted(f[:-4] for f in os.listdir(folder) if f.startswith("shapes") and f.endswith(".csv"))
        for name in ("ladder", "sweep", *suites):
            path = os.path.join(folder, f"{name}.csv")
            data[name] = rows(path) if os.path.exists(path) else []
    except BadCsv as e:
        sys.exit(f"plot: {e}")
    colors = step_colors(*data.values())
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("plot: matplotlib is not installed for this python3 (pip install matplotlib); CSVs are unaffected")
    plot_ladder(folder, data["ladder"])
    plot_sweep(folder, data["sweep"], colors)
    for name in suites:
        plot_shapes(folder, name, data[name], colors)
    print(f"wrote the plots of {folder}")

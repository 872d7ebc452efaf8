#!/usr/bin/env python3
"""Plots for results/<gpu>/: ladder.png (TFLOPS per step and precision, cuBLAS as a line) from
ladder.csv, sweep.png (TFLOPS over size per kernel) from sweep.csv, and shapes.png (each step's
ratio to cuBLAS per shape) from shapes.csv, as shapes-models.png and shapes-random.png from theirs. Rows of steps that did not run (skipped, rejected)
are left out. A step has one colour in every panel and plot (its variants differ in marker), is
labelled by its number, and legends sit outside the data.
Every CSV is read and checked before matplotlib is loaded: a truncated or malformed one is named
in one line, exit 1. Optional: needs matplotlib. Usage: python3 common/scripts/plot.py results/<gpu>"""
import csv
import os
import statistics
import sys

# The columns of the binaries' --csv rows (common/harness/report.c); plots read these.
NEEDED = ("gpu", "step", "kernel", "dtype", "m", "n", "k", "ms", "tflops", "ratio")
# One colour a step, by its number. The steps the sweep and the shape plots draw together (07 on)
# get strong hues that differ from step to step; 01-06, bars of the ladder alone, lighter ones.
STRONG = ("#e377c2", "#bcbd22", "#17becf", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
          "#393b79", "#637939", "#7b4173", "#843c39")
LIGHT = ("#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94")
MARKERS = ("o", "s", "^", "D", "v")
BASELINE_STYLES = (("black", "--"), ("grey", "-."))


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
    """step -> colour, by step number, so that a step keeps its colour whichever precisions,
    kernels or plots it appears in."""
    steps = sorted({r["step"] for data in datasets for r in data})
    return {step: step_color(step) for step in steps}


def step_color(step):
    n = int(step[:2]) if step[:2].isdigit() else 0
    return LIGHT[(n - 1) % len(LIGHT)] if 1 <= n <= 6 else STRONG[(n - 7) % len(STRONG)]


def short_name(step, kernel, kernels):
    """A bar's or a line's label: the step's number, and where the step has several kernels the
    part of this one's name the others do not share (08's base_s2, swizzle_s2, x4_s2)."""
    if len(kernels) < 2:
        return step[:2]
    prefix = os.path.commonprefix(list(kernels))
    prefix = prefix[:prefix.rfind("_") + 1]
    return f"{step[:2]} {kernel[len(prefix):]}"


def ladder_bars(data, dtype):
    """The ladder's bars for one precision: (label, TFLOPS, colour) per kernel, in step order."""
    rows_of = [r for r in data if r["dtype"] == dtype and not r["kernel"].startswith("cublas")]
    kernels_of = {}
    for r in rows_of:
        kernels_of.setdefault(r["step"], []).append(r["kernel"])
    return [(short_name(r["step"], r["kernel"], kernels_of[r["step"]]), float(r["tflops"]), step_color(r["step"]))
            for r in rows_of]


def baseline_styles(names):
    """name -> (colour, line style) of a panel's cuBLAS lines, in their order: black dashed, then grey
    dash-dot, so that two baselines of one precision (fp16 and its fp16-accumulate TN, e4m3
    per-tensor and block-scaled) stay apart."""
    return {name: BASELINE_STYLES[i % len(BASELINE_STYLES)] for i, name in enumerate(dict.fromkeys(names))}


def legend_outside(fig, axes):
    """One legend for the figure, right of the axes, of every labelled line once."""
    handles, labels = {}, []
    for ax in axes:
        for h, label in zip(*ax.get_legend_handles_labels()):
            if label not in handles:
                handles[label] = h
                labels.append(label)
    return fig.legend([handles[x] for x in labels], labels, loc="upper left", bbox_to_anchor=(1.0, 0.95), fontsize=8,
                      frameon=False)


def plot_ladder(folder, data):
    """Per precision: each step's TFLOPS as a bar in its colour, labelled by step and value, and
    cuBLAS's line at the median of its runs over the steps' processes, as the ladder's table
    shows it. Returns the figure."""
    if not data:  # no step ran on this GPU
        return None
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(1, len(dtypes), figsize=(5.5 * len(dtypes), 4.5), squeeze=False)
    for ax, dt in zip(axes[0], dtypes):
        bars = ladder_bars(data, dt)
        drawn = ax.bar(range(len(bars)), [b[1] for b in bars], color=[b[2] for b in bars])
        ax.bar_label(drawn, fmt="%.0f", fontsize=7, padding=1)
        styles = baseline_styles(r["kernel"] for r in data if r["dtype"] == dt and r["kernel"].startswith("cublas"))
        for name, (color, linestyle) in styles.items():
            median = statistics.median_low(float(r["tflops"]) for r in data if r["kernel"] == name)
            ax.axhline(median, linestyle=linestyle, color=color, label=f"{name} {median:.0f}")
        ax.set_xticks(range(len(bars)), [b[0] for b in bars], rotation=45, ha="right", fontsize=8)
        ax.set_xlabel(f"step ({dt})")
        ax.set_ylabel("TFLOPS")
        ax.set_ylim(0, ax.get_ylim()[1] * 1.08)
        ax.legend(fontsize=8, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2, frameon=False)
    fig.suptitle(f"{data[0]['gpu']}, M = N = K = {data[0]['m']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "ladder.png"), dpi=110, bbox_inches="tight")
    return fig


def plot_sweep(folder, data, colors):
    """Per precision: TFLOPS over size (top) and each kernel's ratio to the cuBLAS runs
    interleaved with it (bottom). cuBLAS runs once per step: its line is the median of those.
    One legend, right of the plots. Returns the figure."""
    if not data:
        return None
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(2, len(dtypes), figsize=(6.5 * len(dtypes), 8), squeeze=False, sharex=True)
    for col, dt in enumerate(dtypes):
        top, bottom = axes[0][col], axes[1][col]
        mine = [r for r in data if r["dtype"] == dt]
        for name, (color, linestyle) in baseline_styles(r["kernel"] for r in mine if r["kernel"].startswith("cublas")).items():
            sizes = sorted({int(r["m"]) for r in mine if r["kernel"] == name})
            med = [statistics.median(float(r["tflops"]) for r in mine if r["kernel"] == name and int(r["m"]) == m)
                   for m in sizes]
            top.plot(sizes, med, linestyle=linestyle, color=color, label=f"{name} (median)")
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
    fig.suptitle(f"Sweep of {', '.join(dict.fromkeys(r['step'][:2] for r in data))} on {data[0]['gpu']}")
    fig.tight_layout()
    legend_outside(fig, axes[0])
    fig.savefig(os.path.join(folder, "sweep.png"), dpi=110, bbox_inches="tight")
    return fig


def plot_shapes(folder, name, data, colors):
    """Per precision: each step's ratio to the cuBLAS run of its own process, shape by shape,
    into NAME.png (shapes, shapes-models, shapes-random); the legend right of the plots. Returns
    the figure."""
    data = [r for r in data if not r["kernel"].startswith("cublas")]
    if not data:
        return None
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
    suite = data[0].get("suite", "")
    fig.suptitle(f"Shape suite{' ' + suite if suite else ''} on {data[0]['gpu']}")
    fig.tight_layout()
    legend_outside(fig, axes[:, 0])
    fig.savefig(os.path.join(folder, f"{name}.png"), dpi=110, bbox_inches="tight")
    return fig


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

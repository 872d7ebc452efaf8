#!/usr/bin/env python3
"""Plots for results/<gpu>/: ladder.png (TFLOPS per step and precision, cuBLAS as a line) from
ladder.csv, and sweep.png (TFLOPS over size per kernel) from sweep.csv. Optional: needs
matplotlib. Usage: python3 results/plot.py results/<gpu>"""
import csv
import os
import statistics
import sys



def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def plot_ladder(folder):
    data = rows(os.path.join(folder, "ladder.csv"))
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(1, len(dtypes), figsize=(5 * len(dtypes), 4.5), squeeze=False)
    for ax, dt in zip(axes[0], dtypes):
        steps = [r for r in data if r["dtype"] == dt and not r["kernel"].startswith("cublas")]
        labels = [r["kernel"].replace("hgemm_mma_tn_", "08 ") for r in steps]
        ax.bar(range(len(steps)), [float(r["tflops"]) for r in steps], color="tab:blue")
        for name in dict.fromkeys(r["kernel"] for r in data if r["dtype"] == dt and r["kernel"].startswith("cublas")):
            first = next(r for r in data if r["kernel"] == name)
            ax.axhline(float(first["tflops"]), linestyle="--", color="tab:red" if "acc16" not in name else "tab:orange", label=name)
        ax.set_xticks(range(len(steps)), labels, rotation=35, ha="right", fontsize=8)
        ax.set_title(dt)
        ax.set_ylabel("TFLOPS")
        ax.legend(fontsize=8, loc="upper left")
    fig.suptitle(f"{data[0]['gpu']}, M = N = K = {data[0]['m']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "ladder.png"), dpi=110)


def plot_sweep(folder):
    """Per precision: TFLOPS over size (top) and each kernel's ratio to the cuBLAS runs
    interleaved with it (bottom). cuBLAS runs once per step: its line is the median of those."""
    path = os.path.join(folder, "sweep.csv")
    if not os.path.exists(path):
        return
    data = rows(path)
    dtypes = list(dict.fromkeys(r["dtype"] for r in data))
    fig, axes = plt.subplots(2, len(dtypes), figsize=(6.5 * len(dtypes), 8), squeeze=False, sharex=True)
    colors = plt.get_cmap("tab10").colors
    for col, dt in enumerate(dtypes):
        top, bottom = axes[0][col], axes[1][col]
        mine = [r for r in data if r["dtype"] == dt]
        for name in dict.fromkeys(r["kernel"] for r in mine if r["kernel"].startswith("cublas")):
            sizes = sorted({int(r["m"]) for r in mine if r["kernel"] == name})
            med = [statistics.median(float(r["tflops"]) for r in mine if r["kernel"] == name and int(r["m"]) == m)
                   for m in sizes]
            top.plot(sizes, med, "--", color="black" if "acc16" not in name else "grey", label=f"{name} (median)")
        kernels = list(dict.fromkeys(r["kernel"] for r in mine if not r["kernel"].startswith("cublas")))
        for i, name in enumerate(kernels):
            pts = sorted((int(r["m"]), float(r["tflops"]), float(r["ratio"])) for r in mine if r["kernel"] == name)
            step = next(r["step"][:2] for r in mine if r["kernel"] == name)
            style = dict(color=colors[i % len(colors)], marker="o", linestyle="-" if i < len(colors) else ":")
            top.plot([p[0] for p in pts], [p[1] for p in pts], label=f"{step} {name}", **style)
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


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1].rstrip("/")
    if folder in ("results", ""):
        sys.exit("plot: no GPU on this machine to name the results folder: say which, e.g. make plots GPU=nvidia-h200")
    if not os.path.isfile(os.path.join(folder, "ladder.csv")):
        known = sorted(d for d in os.listdir("results") if os.path.isfile(os.path.join("results", d, "ladder.csv")))
        sys.exit(f"plot: {folder}/ladder.csv not found; folders with results: {', '.join(known) or 'none'}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("plot: matplotlib is not installed for this python3 (pip install matplotlib); CSVs are unaffected")
    plot_ladder(folder)
    plot_sweep(folder)
    print(f"wrote {folder}/ladder.png and sweep.png")

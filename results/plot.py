#!/usr/bin/env python3
"""Plots for results/<gpu>/: ladder.png (TFLOPS per step and precision, cuBLAS as a line) from
ladder.csv, and sweep.png (TFLOPS over size per kernel) from sweep.csv. Optional: needs
matplotlib. Usage: python3 results/plot.py results/<gpu>"""
import csv
import os
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
        ax.legend(fontsize=8)
    fig.suptitle(f"{data[0]['gpu']}, M = N = K = {data[0]['m']}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "ladder.png"), dpi=110)


def plot_sweep(folder):
    path = os.path.join(folder, "sweep.csv")
    if not os.path.exists(path):
        return
    data = rows(path)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for name in dict.fromkeys(f'{r["kernel"]} {r["dtype"]}' for r in data):
        pts = sorted((int(r["m"]), float(r["tflops"])) for r in data if f'{r["kernel"]} {r["dtype"]}' == name)
        pts = list(dict(pts).items())  # one point per size (cuBLAS rows repeat per run)
        style = "--" if name.startswith("cublas") else "-"
        ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", label=name)
    ax.set_xlabel("M = N = K")
    ax.set_ylabel("TFLOPS")
    ax.set_title(f"{', '.join(dict.fromkeys(r['step'][:2] for r in data))} on {data[0]['gpu']}")
    ax.legend(fontsize=7, ncol=2)
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

"""Bar charts of the benchmark families for RESULTS.md and the README: one PNG per family, one panel per workload,
each library's figure relative to prism's (prism is 1, drawn in its own color). Used by report.py --charts."""
import math

import matplotlib

matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt  # noqa: E402

PRISM_COLOR = "#d9480f"
PEER_COLOR = "#5c7cfa"


def family_chart(path, title, fam, xlabel, lower_is_better=False, columns=3, subtitle=None):
    """fam: {workload: {library: value}}, in the order to draw; writes a PNG of horizontal bars, value / prism's
    value per library. subtitle(workload) names a panel (default: the workload)."""
    workloads = [w for w, libs in fam.items() if "prism" in libs and len(libs) > 1]
    if not workloads:
        return False
    columns = min(columns, len(workloads))
    rows = math.ceil(len(workloads) / columns)
    most = max(len(fam[w]) for w in workloads)
    height = 0.42 * most * rows + 1.4 * rows + 0.8
    fig, axes = plt.subplots(rows, columns, figsize=(5.2 * columns, height), squeeze=False)
    for ax, w in zip(axes.flat, workloads):
        libs = fam[w]
        rel = {lib: v / libs["prism"] for lib, v in libs.items() if v}
        order = sorted(rel, key=lambda lib: rel[lib], reverse=lower_is_better)  # best at the top
        ys = range(len(order))
        ax.barh(list(ys), [rel[lib] for lib in order],
                color=[PRISM_COLOR if lib == "prism" else PEER_COLOR for lib in order], height=0.7)
        ax.set_yticks(list(ys), order, fontsize=9)
        for label in ax.get_yticklabels():
            if label.get_text() == "prism":
                label.set_fontweight("bold")
        top = max(rel.values())
        for y, lib in zip(ys, order):
            ax.text(rel[lib] + top * 0.01, y, f"{rel[lib]:.2f}x", va="center", fontsize=8)
        ax.axvline(1.0, color="#444444", linewidth=0.8, linestyle="--")
        ax.set_xlim(0, top * 1.18)
        ax.set_title(subtitle(w) if subtitle else w, fontsize=10)
        ax.set_xlabel(xlabel, fontsize=8)
        ax.tick_params(axis="x", labelsize=8)
    for ax in list(axes.flat)[len(workloads):]:
        ax.set_visible(False)
    fig.suptitle(title, fontsize=13, fontweight="bold")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.5 / height))  # room for the title above the panels' own
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True

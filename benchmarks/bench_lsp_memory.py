"""The language server's resident memory on a 5,000-line model, after it was opened and after many edits.

Starts the real server (``python -m tabletwin_lsp``) over stdio (the client of ``bench_lsp.py``),
opens the generated model of ``bench_yaml_load.py`` and waits for its diagnostics, then makes
``--edits`` small edits (a label changes, an incremental change of one line), each followed by a
completion request (so the editor's snapshots are made too), and every ``--every`` edits waits
for the diagnostics of the latest version (so analyses run, not only their debounce). At each
checkpoint it reads the server's ``VmRSS`` from ``/proc/<pid>/status`` (Linux only). Prints the
resident size after the open and at each checkpoint, against the budget of 300 MB (issue 17),
and the growth over the second half of the edits (which should be close to nothing).

    .venv/bin/python benchmarks/bench_lsp_memory.py [--lines N] [--edits E] [--checkpoints C]
"""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path

from bench_lsp import URI, Client, make_model, published

BUDGET_MB = 300.0


def resident_mb(pid: int) -> float:
    """The resident set of process ``pid`` in MB (``VmRSS`` of ``/proc/<pid>/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def measure(text: str, edits: int, checkpoints: int, every: int) -> list[tuple[int, float]]:
    client = await Client.start()
    pid = client.process.pid
    await client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                        "initializationOptions": {"tabletwin": {"debounceMs": 0,
                                                                                "runTestGames": "never"}}})
    client.notify("initialized", {})
    first = client.expect(published(1))
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    await asyncio.wait_for(first, 120)
    await client.request("textDocument/completion", {"textDocument": {"uri": URI},
                                                     "position": {"line": 0, "character": 0}})
    figures = [(0, resident_mb(pid))]
    lines = text.split("\n")
    labels = [n for n, line in enumerate(lines) if line.startswith("    label: Action number ")]
    marks = {round(edits * (k + 1) / checkpoints) for k in range(checkpoints)}
    for version in range(2, edits + 2):
        line = labels[version % len(labels)]
        old = lines[line]
        new = lines[line] = f"    label: Edit {version} of action {version % len(labels)}"
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                          "end": {"line": line, "character": len(old)}}, "text": new}]})
        await client.request("textDocument/completion", {"textDocument": {"uri": URI},
                                                         "position": {"line": line, "character": 4}})
        done = version - 1
        if done % every == 0 or done in marks:
            await asyncio.wait_for(client.expect(published(version)), 120)
        if done in marks:
            figures.append((done, resident_mb(pid)))
    await client.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--checkpoints", type=int, default=4)
    parser.add_argument("--every", type=int, default=10, help="wait for the diagnostics every E edits")
    args = parser.parse_args()
    text = make_model(args.lines)
    figures = asyncio.run(measure(text, args.edits, args.checkpoints, args.every))
    print(f"lines: {text.count(chr(10))}")
    for done, size in figures:
        when = "after opening" if done == 0 else f"after {done} edits"
        verdict = "within" if size <= BUDGET_MB else "OVER"
        print(f"resident size {when:<22} {size:7.1f} MB   ({verdict} the {BUDGET_MB:.0f} MB budget)")
    half = [size for done, size in figures if done >= args.edits // 2]
    if len(half) >= 2:
        print(f"growth over the second half of the edits: {half[-1] - half[0]:+.1f} MB")


if __name__ == "__main__":
    main()

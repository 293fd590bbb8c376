"""How long after an edit the language server publishes the diagnostics, on a 5,000-line model.

Starts the real server (``python -m tabletwin_lsp``) over stdio, opens the generated model of
``bench_yaml_load.py``, then makes ~20 small edits (an incremental change of one line: an action's
label, or with ``--edit expression`` its ``pre_x`` expression, or with ``--edit newline`` a comment
line added below a label: every line below moves, each edit to lines it never was on, so that
nothing kept by place is found; in a burst, the line is added and removed in turn), each after a quiet time longer
than the debounce, and times each from the moment the ``didChange`` is written to the moment the
``publishDiagnostics`` of that version has been read and parsed. It prints the median and the 95th percentile, for the default debounce and for a
debounce of 0, and then the same for bursts of 5 edits 30 ms apart (timed from the last edit:
the burst waits for the debounce), beside the reference measured in the same run: the
in-process :func:`tabletwin_lsp.analysis.analyse` of the same text (load, validate, gaps and
conversion to LSP diagnostics), which is the work that must happen after an edit.

Beside the wall times it prints the server's processor time per edit (from ``/proc``, Linux
only), which other work on a shared machine does not inflate.

With ``--stages`` it also prints how long each in-process stage takes after an edit (load,
validator, lint, gaps, conversion, JSON).

    .venv/bin/python benchmarks/bench_lsp.py [--lines N] [--edits E] [--debounce MS ...] [--stages]
        [--edit label|expression|newline]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT / "engine"))

from bench_yaml_load import make_model  # noqa: E402

from tabletwin.editor.loads import forget_loads  # noqa: E402
from tabletwin_lsp.analysis import analyse  # noqa: E402

URI = "file:///bench/model.yaml"


class Client:
    """A minimal JSON-RPC client over the server's stdin and stdout."""

    def __init__(self, process: asyncio.subprocess.Process):
        self.process = process
        self.next_id = 0
        self.pending: dict[int, asyncio.Future] = {}
        self.waiters: list[tuple[callable, asyncio.Future]] = []
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def start(cls) -> "Client":
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "server"), str(ROOT / "engine")]))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tabletwin_lsp", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=env, limit=2 ** 26)
        return cls(process)

    def send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params, timeout: float = 60):
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        await self.process.stdin.drain()
        return await asyncio.wait_for(future, timeout)

    def expect(self, predicate) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiters.append((predicate, future))
        return future

    async def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = await stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            message = json.loads(await stream.readexactly(length))
            if "id" in message and "method" not in message:
                future = self.pending.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message.get("result"))
            elif "id" in message:  # a request from the server (progress, configuration): answer null
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            else:
                for waiter in list(self.waiters):
                    predicate, future = waiter
                    if not future.done() and predicate(message):
                        future.set_result(message)
                        self.waiters.remove(waiter)

    async def stop(self) -> None:
        await self.request("shutdown", None)
        self.notify("exit", None)
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except asyncio.TimeoutError:
            self.process.kill()
        self.reader.cancel()


def published(version: int):
    def predicate(message: dict) -> bool:
        return (message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == URI and message["params"].get("version") == version)

    return predicate


def cpu_seconds(pid: int) -> float | None:
    """The processor time (user and system, all threads) process ``pid`` has used, on Linux; a
    figure that other work on a shared machine does not inflate as it does wall time."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(samples: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest-rank method."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


EDITS = ("label", "expression", "newline")

#: The comment line a ``newline`` edit adds below an action's label (or removes, when it is there).
NOTE = "    # note"


def edited_line(text: str, number: int, kind: str) -> int:
    """The line the ``number``-th edit of ``kind`` changes: action ``number``'s label, or its
    ``pre_x``."""
    lines = text.splitlines()
    key = lines.index(f"  action_{number}:")
    field = "    pre_x: " if kind == "expression" else "    label: "
    return next(n for n in range(key + 1, len(lines)) if lines[n].startswith(field))


def edited(old: str, number: int, step: int, kind: str) -> str:
    """The new text of an edited line: a new label, one more term typed in the expression, or
    (``newline``) the line with :data:`NOTE` below it (a line is added)."""
    if kind == "label":
        return f"    label: Edited action {number} ({step})"
    if kind == "newline":
        return old + "\n" + NOTE
    return old[:-1] + f" + {step}\"" if old.endswith('"') else old + f" + {step}"


def changed(lines: list[str], line: int, number: int, step: int, kind: str) -> tuple[dict, int]:
    """The LSP change of the ``step``-th edit of line ``line`` (changing ``lines`` in place), and
    the lines it adds (or removes, negative): a ``newline`` edit removes the :data:`NOTE` below the
    line when it is there, else adds it."""
    old = lines[line]
    if kind == "newline" and line + 1 < len(lines) and lines[line + 1] == NOTE:
        del lines[line + 1]
        return {"range": {"start": {"line": line, "character": len(old)},
                          "end": {"line": line + 1, "character": len(NOTE)}}, "text": ""}, -1
    new = edited(old, number, step, kind)
    lines[line:line + 1] = new.split("\n")
    return {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": len(old)}},
            "text": new}, new.count("\n")


async def measure(text: str, edits: int, debounce_ms: int, kind: str = "label") \
        -> tuple[list[float], list[float], int, float | None]:
    client = await Client.start()
    await client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                        "initializationOptions": {"tabletwin": {"debounceMs": debounce_ms,
                                                                                "runTestGames": "never"}}})
    client.notify("initialized", {})
    first = client.expect(published(1))
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    message = await asyncio.wait_for(first, 60)
    count = len(message["params"]["diagnostics"])
    samples, bursts = [], []
    version = 1
    pause = max(0.05, debounce_ms / 1000 + 0.05)  # a quiet time between measured edits

    async def edit(number: int, burst: int = 1) -> float:
        """``burst`` edits of one line, 30 ms apart; seconds from the last to its diagnostics."""
        nonlocal version, text
        line = edited_line(text, number, kind)
        for step in range(burst):
            if step:
                await asyncio.sleep(0.03)
            version += 1
            lines = text.split("\n")
            change, _added = changed(lines, line, number, step, kind)
            text = "\n".join(lines)
            arrived = client.expect(published(version))
            start = time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                                     "contentChanges": [change]})
            await client.process.stdin.drain()
        await asyncio.wait_for(arrived, 60)
        return time.perf_counter() - start

    cpu_before = cpu_seconds(client.process.pid)
    for number in range(edits):
        samples.append(await edit(number))
        await asyncio.sleep(pause)
    cpu_after = cpu_seconds(client.process.pid)
    cpu = None if cpu_before is None or cpu_after is None else (cpu_after - cpu_before) / edits
    for number in range(edits, edits + max(3, edits // 4)):
        bursts.append(await edit(number, burst=5))
        await asyncio.sleep(pause)
    await client.stop()
    return samples, bursts, count, cpu


def reference(text: str, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        forget_loads()  # an edit brings a new text: the load is part of the work
        start = time.perf_counter()
        analyse(URI, text, 1)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def stages(text: str, edits: int, kind: str = "label") -> dict[str, float]:
    """Median milliseconds of each stage of the in-process work after one edit (the edits of
    :func:`measure`, each analysed after the one before, as the server does): the load, the
    validator without lint, lint (with the editor's symbol index it reads), the gaps, the
    conversion to LSP diagnostics and the JSON of the notification."""
    from lsprotocol import types
    from pygls.workspace.position_codec import PositionCodec

    from tabletwin.checks.reuse import reusing
    from tabletwin.editor.loads import shared_load
    from tabletwin.lint import lint_model
    from tabletwin.validate import validate
    from tabletwin.validate.walk import shared_walks
    from tabletwin_lsp.analysis import _Lines, gap_findings
    from tabletwin_lsp.diagcache import cached_diagnostics
    from tabletwin_lsp.server import server
    from tabletwin_lsp.wire import diagnostics_body

    uri, codec = "file:///bench/stages.yaml", PositionCodec()
    times: dict[str, list[float]] = {}

    def timed(name: str, work):
        start = time.perf_counter()
        result = work()
        times.setdefault(name, []).append((time.perf_counter() - start) * 1000)
        return result

    forget_loads()
    for number in range(-1, edits):
        if number >= 0:
            lines = text.split("\n")
            changed(lines, edited_line(text, number, kind), number, 0, kind)
            text = "\n".join(lines)
        loaded = timed("load", lambda: shared_load(text))
        with reusing(loaded), shared_walks(loaded.data):  # one run of kept results, as in analyse()
            report = timed("validate without lint", lambda: validate(loaded, games=0, lint=False, reuse=True))
            lint = timed("lint (with the symbol index)", lambda: lint_model(loaded))
            gaps = timed("gaps", lambda: gap_findings(report))
        findings = [*report.errors, *report.warnings, *lint, *gaps]
        diagnostics = timed("LSP diagnostics", lambda: cached_diagnostics(uri, _Lines(text, codec), findings, codec))
        params = types.PublishDiagnosticsParams(uri=uri, version=number + 2, diagnostics=diagnostics)
        timed("JSON", lambda: diagnostics_body(server.protocol, params))
    return {name: statistics.median(values[1:]) for name, values in times.items()}  # the first is from scratch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--stages", action="store_true",
                        help="also print the median time of each in-process stage after an edit")
    parser.add_argument("--debounce", type=int, nargs="+", default=[200, 0], metavar="MS",
                        help="debounce settings to measure (default: 200, the default setting, and 0)")
    parser.add_argument("--edit", choices=EDITS, default="label",
                        help="what each edit changes: an action's label (default), its pre_x expression, "
                             "or a comment line added below a label (newline; removed again in bursts)")
    args = parser.parse_args()
    text = make_model(args.lines)
    # The server first: the in-process reference leaves the analysis' caches in this process's
    # heap, and the client's own collections over them (while it parses each publication) added
    # 100 ms and more to single measured edits.
    measured = {debounce: asyncio.run(measure(text, args.edits, debounce, args.edit)) for debounce in args.debounce}
    analysis = reference(text)
    print(f"edits: {args.edit}; lines: {text.count(chr(10))}; "
          f"in-process analysis (reference): {analysis * 1000:.0f} ms (median)")
    if args.stages:
        print("in-process stages after an edit (median ms): " + ", ".join(
            f"{name} {ms:.1f}" for name, ms in stages(text, args.edits, args.edit).items()))
    for debounce, (samples, bursts, count, cpu) in measured.items():
        median, p95 = statistics.median(samples), percentile(samples, 0.95)
        print(f"debounce {debounce} ms: one edit after a pause -> its {count} diagnostics, over {len(samples)} "
              f"edits: median {median * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms "
              f"({median / analysis:.2f} times the reference)"
              + ("" if cpu is None else f"; the server's processor time per edit: {cpu * 1000:.0f} ms (mean)"))
        print(f"debounce {debounce} ms: last of 5 edits 30 ms apart -> its diagnostics, over {len(bursts)} "
              f"bursts: median {statistics.median(bursts) * 1000:.0f} ms, max {max(bursts) * 1000:.0f} ms")

if __name__ == "__main__":
    main()

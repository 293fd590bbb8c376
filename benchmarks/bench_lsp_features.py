"""How fast the language server answers completion and hover on a 5,000-line model.

Drives the real server (``python -m tabletwin_lsp``) over stdio with pygls' client, like an
editor: the model of ``bench_yaml_load.make_model`` is opened, then

- **quiet**: completion and hover at many places of the unchanged document (keys in flow
  mappings, op values, names in expressions, ``do`` lists, content items);
- **typing**: a new op is typed character by character into an action, each keystroke an
  incremental change followed by a completion request (and every third one a hover); after
  each word the typist pauses long enough for the diagnostics and the re-indexing to run in
  the background, so requests also meet a busy server.

- **features** (issue 17): semantic tokens (whole document and a screenful), inlay hints and
  document links for a screenful, signature help at the completion places, code lenses and
  workspace symbols, on the unchanged document; then semantic tokens and inlay hints right
  after an edit inside an expression (a new version each time, as an editor asks after typing).

Prints the median and the 95th percentile of the round trip per request kind, against the
budget of 30 ms for completion, hover and the features of issue 17. Run it as
``.venv/bin/python benchmarks/bench_lsp_features.py [--lines N] [--requests R] [--profile FILE]``.
``--first N`` only times the first completion after opening the model, in N fresh servers. The
client's own converters of completion are made before it is timed (an editor has them).

``--profile FILE`` runs the server with every request handler under cProfile (one profile per
call, added up per handler; profiling slows the handlers, so the times printed are not the
figures to quote) and writes the sum to ``FILE`` (``FILE.<method>`` per handler), with the
handlers' own time per method printed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from bench_yaml_load import make_model  # noqa: E402

BUDGET_MS = 30.0
FEATURE_BUDGET_MS = 30.0
#: Lines of a screenful, for the requests an editor makes for the visible range.
SCREEN = 60
URI = "file:///bench/model.yaml"
#: Where completion is asked in the quiet phase: (pattern on a line, offset of the cursor in the match).
PLACES = (
    (r"\{op: draw, ", 11),                     # key in a flow mapping
    (r"\{op: ", 5),                            # value of op
    (r'amount_x: "r', 12),                     # name in an expression
    (r"do: \[action_\d+, ", 5),                # action name in a do list
    (r'var: "gold\[', 12),                     # name inside a variable path
    (r"      cost: ", 6),                     # key in a content item
    (r"pre_x: \"gold\[actor\] >= ", 24),        # end of an expression
)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def report(name: str, values: list[float], budget: float = BUDGET_MS) -> str:
    median = statistics.median(values)
    p95 = percentile(values, 0.95)
    verdict = "within" if p95 <= budget else "OVER"
    return (f"{name:<28} n={len(values):<4} median {median:6.1f} ms   p95 {p95:6.1f} ms   "
            f"max {max(values):6.1f} ms   ({verdict} the {budget:.0f} ms budget)")


def positions(text: str, count: int, rng: random.Random) -> list[types.Position]:
    lines = text.split("\n")
    found = []
    for pattern, offset in PLACES:
        compiled = re.compile(pattern)
        hits = [(number, match.start() + offset) for number, line in enumerate(lines)
                for match in [compiled.search(line)] if match]
        found += rng.sample(hits, min(len(hits), max(1, count // len(PLACES))))
    rng.shuffle(found)
    return [types.Position(line=line, character=column) for line, column in found[:count]]


async def timed(coroutine) -> float:
    start = time.perf_counter()
    await asyncio.wait_for(coroutine, 30)
    return (time.perf_counter() - start) * 1000


async def run(lines: int, requests: int, seed: int, profile: str | None = None) -> None:
    rng = random.Random(seed)
    text = make_model(lines)
    client = LanguageClient("bench", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(_client, _params) -> None:
        """Published while the benchmark runs; an editor would show them."""

    if profile:
        await client.start_io(sys.executable, str(Path(__file__).resolve()), "--serve-profiled", profile)
    else:
        await client.start_io(sys.executable, "-m", "tabletwin_lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    warm_client(client)
    document = types.TextDocumentIdentifier(uri=URI)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=URI, language_id="yaml", version=1, text=text)))
    start = time.perf_counter()
    await client.text_document_completion_async(types.CompletionParams(document, types.Position(0, 0)))
    first = (time.perf_counter() - start) * 1000
    await asyncio.sleep(1.0)  # let the first diagnostics finish

    quiet_completion, quiet_hover = [], []
    for position in positions(text, requests, rng):
        quiet_completion.append(await timed(client.text_document_completion_async(
            types.CompletionParams(text_document=document, position=position))))
        quiet_hover.append(await timed(client.text_document_hover_async(
            types.HoverParams(text_document=document, position=position))))

    features = await feature_requests(client, document, text, rng, requests)
    version, edited = await after_edits(client, document, text, rng, requests // 4, 1)

    version = max(version, 1)
    source_lines = text.split("\n")
    anchors = [n for n, line in enumerate(source_lines) if line.startswith("      - {op: if, cond_x:")]
    typing_completion, typing_hover, version = await typing(
        client, document, rng, anchors, '      - {op: add, var: "gold[actor]", amount_x: "r1 * 2 + gold[actor]"}',
        requests, version)
    # A new action typed line by line: its name changes which names exist, so every pause
    # re-indexes the model in the background while the next keystrokes are answered.
    action_starts = [n for n, line in enumerate(source_lines) if re.match(r"  action_\d+:$", line)]
    naming_completion, naming_hover, version = await typing(
        client, document, rng, action_starts, "  attack_now:\n    pre_x: \"gold[actor] > 2\"", requests // 2,
        version)

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print(f"lines: {text.count(chr(10))}; first completion after open: {first:.0f} ms")
    print(report("completion, quiet", quiet_completion))
    print(report("hover, quiet", quiet_hover))
    print(report("completion, typing", typing_completion))
    print(report("hover, typing", typing_hover))
    print(report("completion, new names", naming_completion))
    print(report("hover, new names", naming_hover))
    for name, values in list(features.items()) + list(edited.items()):
        print(report(name, values, FEATURE_BUDGET_MS))


def warm_client(client) -> None:
    """Make this client's converters of a completion request and its answer (cattrs makes them on
    first use, 10 to 20 ms on the client's side that an editor does not spend), so that the first
    completion's time is the server's."""
    converter = client.protocol._converter
    request = types.CompletionRequest(id=0, params=types.CompletionParams(
        types.TextDocumentIdentifier(uri=URI), types.Position(0, 0)))
    converter.unstructure(request)
    item = {"label": "a", "kind": 10, "detail": "d", "documentation": {"kind": "markdown", "value": "v"},
            "sortText": "a", "filterText": "a", "insertTextFormat": 2,
            "textEdit": {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
                         "newText": "a"}}
    converter.structure({"jsonrpc": "2.0", "id": 0, "result": {"isIncomplete": False, "items": [item]}},
                        types.CompletionResponse)


async def first_completion(lines: int) -> float:
    """A fresh server: the model opened and a completion asked at once, as an editor restoring it does."""
    text = make_model(lines)
    client = LanguageClient("bench", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(_client, _params) -> None:
        """Published meanwhile."""

    await client.start_io(sys.executable, "-m", "tabletwin_lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    warm_client(client)
    await asyncio.sleep(0.5)  # the server has started; an editor opens the document later
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=URI, language_id="yaml", version=1, text=text)))
    elapsed = await timed(client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri=URI), types.Position(0, 0))))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return elapsed


async def feature_requests(client, document, text: str, rng, requests: int) -> dict[str, list[float]]:
    """The requests of issue 17 on the unchanged document."""
    lines = text.count("\n")
    times: dict[str, list[float]] = {name: [] for name in (
        "semantic tokens, full", "semantic tokens, range", "inlay hints, range", "document links",
        "signature help", "code lens", "workspace symbols")}
    for position in positions(text, requests, rng):
        start = max(0, position.line - SCREEN // 2)
        screen = types.Range(types.Position(start, 0), types.Position(min(lines, start + SCREEN), 0))
        times["semantic tokens, range"].append(await timed(client.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(text_document=document, range=screen))))
        times["inlay hints, range"].append(await timed(client.text_document_inlay_hint_async(
            types.InlayHintParams(text_document=document, range=screen))))
        times["signature help"].append(await timed(client.text_document_signature_help_async(
            types.SignatureHelpParams(text_document=document, position=position))))
    for _ in range(max(1, requests // 2)):  # the first of each is computed, the others remembered
        times["semantic tokens, full"].append(await timed(client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=document))))
        times["document links"].append(await timed(client.text_document_document_link_async(
            types.DocumentLinkParams(text_document=document))))
        times["code lens"].append(await timed(client.text_document_code_lens_async(
            types.CodeLensParams(text_document=document))))
        times["workspace symbols"].append(await timed(client.workspace_symbol_async(
            types.WorkspaceSymbolParams(query=rng.choice(["act", "step_1", "gold", "zz"])))))
    return times


async def after_edits(client, document, text: str, rng, rounds: int, version: int):
    """Semantic tokens (full) and inlay hints (a screenful) right after a one-character edit
    inside an expression: every request meets a new version of the text."""
    lines = text.split("\n")
    anchors = [(n, line.index('amount_x: "r') + 11) for n, line in enumerate(lines) if 'amount_x: "r' in line]
    times: dict[str, list[float]] = {"semantic tokens, after edit": [], "inlay hints, after edit": []}
    for round_number in range(rounds):
        line, column = rng.choice(anchors)
        for request in times:
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(line, column), types.Position(line, column + 1)),
                    text="r" if version % 2 else "R")]))
            if request.startswith("semantic"):
                times[request].append(await timed(client.text_document_semantic_tokens_full_async(
                    types.SemanticTokensParams(text_document=document))))
            else:
                screen = types.Range(types.Position(max(0, line - SCREEN // 2), 0), types.Position(line + SCREEN // 2, 0))
                times[request].append(await timed(client.text_document_inlay_hint_async(
                    types.InlayHintParams(text_document=document, range=screen))))
            await asyncio.sleep(0.3)  # a typist's pause: diagnostics and re-indexing run meanwhile
    return version, times


async def typing(client, document, rng, anchors: list[int], typed: str, requests: int, version: int):
    """Type ``typed`` at the start of a line after one of ``anchors``, asking for completion after
    every keystroke and hover after every third; pause after each word."""
    completion, hover = [], []
    rounds = max(1, requests // len(typed) + 1)
    for round_number in range(rounds):
        line = rng.choice(anchors) + round_number
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, 0), types.Position(line, 0)), text="\n")]))
        column = 0
        for char in typed:
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(line, column), types.Position(line, column)), text=char)]))
            if char == "\n":
                line, column = line + 1, 0
            else:
                column += 1
            completion.append(await timed(client.text_document_completion_async(
                types.CompletionParams(text_document=document, position=types.Position(line, column)))))
            if column % 3 == 0:
                hover.append(await timed(client.text_document_hover_async(
                    types.HoverParams(text_document=document, position=types.Position(line, max(0, column - 1))))))
            await asyncio.sleep(0.4 if char in " ,:\n" else 0.03)
        line += 1
    return completion, hover, version


def serve_profiled(out: str) -> None:
    """The language server with each request handler run under its own cProfile profile; the
    profiles are added up per method and written when the server exits."""
    import atexit
    import cProfile
    import functools
    import pstats
    import threading

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    from tabletwin_lsp import features  # noqa: F401  (registers every feature)
    from tabletwin_lsp import server as server_module

    lock = threading.Lock()
    totals: dict[str, pstats.Stats] = {}
    spent: dict[str, list[float]] = {}

    def wrapped(method: str, handler):
        @functools.wraps(handler)
        def run_profiled(*args, **kwargs):
            profiler = cProfile.Profile()
            start = time.perf_counter()
            try:
                return profiler.runcall(handler, *args, **kwargs)
            finally:
                elapsed = (time.perf_counter() - start) * 1000
                with lock:
                    spent.setdefault(method, []).append(elapsed)
                    if method in totals:
                        totals[method].add(profiler)
                    else:
                        totals[method] = pstats.Stats(profiler)
        return run_profiled

    handlers = server_module.server.protocol.fm.features
    for method, handler in list(handlers.items()):
        if not asyncio.iscoroutinefunction(handler):
            handlers[method] = wrapped(method, handler)

    def write() -> None:
        with lock:
            every = None
            for method, stats in totals.items():
                stats.dump_stats(f"{out}.{method.replace('/', '_')}")
                every = stats if every is None else every.add(stats)
            if every is not None:
                every.dump_stats(out)
            with open(out + ".txt", "w") as summary:
                for method, values in sorted(spent.items()):
                    summary.write(f"{method:<40} n={len(values):<4} total {sum(values):8.0f} ms   "
                                  f"median {statistics.median(values):6.1f} ms\n")

    atexit.register(write)
    server_module.main()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--requests", type=int, default=140)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write the request handlers' cProfile statistics to this file")
    parser.add_argument("--serve-profiled", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, metavar="N",
                        help="only time the first completion after opening the model, with N fresh servers")
    args = parser.parse_args()
    if args.serve_profiled:
        serve_profiled(args.serve_profiled)
        return
    if args.first:
        times = [asyncio.run(first_completion(args.lines)) for _ in range(args.first)]
        print(report("first completion after open", times))
        return
    asyncio.run(run(args.lines, args.requests, args.seed, args.profile))
    if args.profile:
        print(Path(args.profile + ".txt").read_text(), end="")


if __name__ == "__main__":
    main()

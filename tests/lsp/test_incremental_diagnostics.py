"""The diagnostics an edited document gets, reusing its last versions' conversions
(:mod:`tabletwin_lsp.diagcache`) and its last load (:mod:`tabletwin.editor.reload`), are exactly
those of a from-scratch analysis of the same text."""

import random

import pytest

from tabletwin.checks.reuse import suspended
from tabletwin.editor.loads import forget_loads, shared_load
from tabletwin.errors import YamlError
from tabletwin_lsp.analysis import analyse, forget, to_diagnostics
from tabletwin_lsp.diagcache import KEPT_GENERATIONS, _memos
from pygls.workspace.position_codec import PositionCodec

from ..conftest import ROOT, bench_model, random_edit

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
PIECES = ["x", "é", "😀", " ", ":", "_x: ", "\n", "'", "[", "1", "gold", "\n  - "]



def _edit(text: str, rng: random.Random) -> str:
    """One random edit: a piece typed somewhere, a few characters deleted, or a line moved."""
    return random_edit(text, rng, PIECES, moves=0.15, deletes=0.45, most_deleted=4)


def _from_scratch(text: str, version: int, encoding: str) -> list:
    forget_loads()  # no earlier load to splice from (tabletwin.editor.reload): the whole text is read
    forget("file:///scratch.yaml")
    codec = PositionCodec(encoding=encoding)
    with suspended():  # the checks from scratch too (tabletwin.checks.reuse)
        fresh = analyse("file:///scratch.yaml", text, version, codec)
    assert fresh.diagnostics == tuple(to_diagnostics(text, fresh.findings, codec))  # the plain conversion
    forget("file:///scratch.yaml")
    forget_loads()
    try:
        shared_load(text)  # the base the next version's load is spliced from
    except YamlError:
        pass
    return list(fresh.diagnostics)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_random_edits_of_an_example_give_the_diagnostics_of_a_fresh_analysis(path, encoding):
    uri = f"file:///edited/{path.name}"
    rng = random.Random(f"{path.name}-{encoding}")
    text = path.read_text()
    codec = PositionCodec(encoding=encoding)
    try:
        for version in range(1, 25):
            analysis = analyse(uri, text, version, codec)
            assert list(analysis.diagnostics) == _from_scratch(text, version, encoding), f"version {version}"
            text = _edit(text, rng)
    finally:
        forget(uri)


def test_edits_of_the_large_model_give_the_diagnostics_of_a_fresh_analysis():
    uri = "file:///edited/large.model.yaml"
    rng = random.Random(17)
    text = bench_model(5000)
    lines = text.split("\n")
    labels = [n for n, line in enumerate(lines) if line.startswith("    label: Action number ")]
    try:
        for version in range(1, 5):
            analysis = analyse(uri, text, version)
            assert len(analysis.diagnostics) > 1000
            assert list(analysis.diagnostics) == _from_scratch(text, version, "utf-16"), f"version {version}"
            lines = text.split("\n")
            line = rng.choice(labels)
            lines[line] = f"    label: Edited é {version}" if version % 2 else lines[line] + " " + "😀"
            if version == 3:
                lines.insert(line, "")  # every later finding moves down a line
            text = "\n".join(lines)
    finally:
        forget(uri)


def test_a_document_keeps_the_conversions_of_its_last_versions_only():
    uri = "file:///edited/kept.yaml"
    text = EXAMPLES[0].read_text()
    try:
        for version in range(1, 6):
            analyse(uri, text + "\n" * version + "bad: [\n", version)
        assert len(_memos[uri]) == KEPT_GENERATIONS
        forget(uri)
        assert uri not in _memos
    finally:
        forget(uri)


def test_a_finding_at_the_same_place_on_a_changed_line_is_converted_again():
    """The same finding (same message and span in code points) after a character before it on
    its line became one of two UTF-16 units: the client's columns move by one."""
    uri = "file:///edited/pig.yaml"
    text = (ROOT / "examples" / "pig.yaml").read_text().replace(
        "actor: the player whose turn it is, actor_x: current,",
        "actor: the player whose turn it is, actor_x: current, zzz: 1,")
    try:
        before = [d for d in analyse(uri, text, 1).diagnostics if "'zzz'" in d.message]
        after = [d for d in analyse(uri, text.replace("the player whose", "the 😀layer whose"), 2).diagnostics
                 if "'zzz'" in d.message]
    finally:
        forget(uri)
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in before] == [(47, 89, 92)]
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in after] == [(47, 90, 93)]

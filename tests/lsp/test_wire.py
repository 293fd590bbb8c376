"""The publishDiagnostics written with each diagnostic's JSON kept (:mod:`tabletwin_lsp.wire`) are
byte for byte what pygls writes for the same notification."""

import gc
import io
import json
import threading
from pathlib import Path

import pytest
from lsprotocol import types

from tabletwin_lsp.analysis import analyse, forget
from tabletwin_lsp.server import server
from pygls.workspace.position_codec import PositionCodec

from tabletwin_lsp.carried import carried_over
from tabletwin_lsp.features.diagnostics import _analyse_and_prepare
from tabletwin_lsp.diaglist import Diagnostics
from tabletwin_lsp.wire import (KEPT_SLACK, _prepared, _texts, diagnostics_body, forget_document, prepare,
                               publish_diagnostics)

ROOT = Path(__file__).resolve().parents[2]


def _pygls_body(params: types.PublishDiagnosticsParams) -> str:
    protocol = server.protocol
    notification = protocol.get_message_type(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(
        method=types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, params=params, jsonrpc="2.0")
    return json.dumps(notification, default=protocol._serialize_message)


def _odd_diagnostics() -> list[types.Diagnostic]:
    where = types.Range(types.Position(3, 1), types.Position(4, 0))
    return [
        types.Diagnostic(range=where, message='é 😀 "diagnostics": [] \\', severity=types.DiagnosticSeverity.Information,
                         source="tabletwin", code="unused-rule", code_description=types.CodeDescription(href="https://x/y#z"),
                         data={"path": "actions.a", "n": [1, None, 2.5, True]}, tags=[types.DiagnosticTag.Unnecessary]),
        types.Diagnostic(range=where, message="no data, no severity"),
    ]


@pytest.mark.parametrize("version", [7, None])
@pytest.mark.parametrize("uri", ["file:///w/pig.yaml", 'file:///w/"diagnostics": [].yaml'])
def test_the_body_is_pygls_own(uri, version):
    text = (ROOT / "examples" / "pig.yaml").read_text().replace("actor_x: current,", "actor_x: current, zzz: 1,")
    analysis = analyse(uri, text, 1)
    try:
        diagnostics = [*analysis.diagnostics, *_odd_diagnostics()]
        assert len(diagnostics) >= 3
        for _ in range(2):  # made, then from the kept texts
            params = types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics)
            assert diagnostics_body(server.protocol, params) == _pygls_body(params)
        params = types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=[])
        assert diagnostics_body(server.protocol, params) == _pygls_body(params)
    finally:
        forget(uri)
        forget_document(uri)


def test_a_document_keeps_the_json_of_its_last_publications_only():
    """The texts of diagnostics no longer published stay until they are more than twice the
    published ones and :data:`KEPT_SLACK`; then only the published ones' stay."""
    uri = "file:///w/kept.yaml"
    first, second = _odd_diagnostics()
    later = [types.Diagnostic(range=types.Range(types.Position(n, 0), types.Position(n, 1)), message=f"d{n}")
             for n in range(KEPT_SLACK + 1)]
    try:
        diagnostics_body(server.protocol, types.PublishDiagnosticsParams(uri=uri, diagnostics=[first, second]))
        assert [entry[0] for entry in _texts[uri].values()] == [first, second]
        diagnostics_body(server.protocol, types.PublishDiagnosticsParams(uri=uri, diagnostics=[second]))
        assert [entry[0] for entry in _texts[uri].values()] == [first, second]
        for diagnostic in later[:-1]:
            diagnostics_body(server.protocol, types.PublishDiagnosticsParams(uri=uri, diagnostics=[diagnostic]))
        assert len(_texts[uri]) == 2 * 1 + KEPT_SLACK
        diagnostics_body(server.protocol, types.PublishDiagnosticsParams(uri=uri, diagnostics=later[-1:]))
        assert [entry[0] for entry in _texts[uri].values()] == later[-1:]
    finally:
        forget_document(uri)
    assert uri not in _texts


def test_moved_diagnostics_are_written_from_their_roots_texts():
    """The items of a :class:`Diagnostics` moved by some lines are written as pygls writes the
    moved diagnostics, whether or not their roots were written before."""
    uri = "file:///w/moved.yaml"
    roots = _odd_diagnostics()
    moved = Diagnostics([*roots, *roots, roots[0]], [0, 0, 5, -3, 12])
    try:
        for _ in range(2):
            params = types.PublishDiagnosticsParams(uri=uri, version=4, diagnostics=moved)
            expected = types.PublishDiagnosticsParams(uri=uri, version=4, diagnostics=list(moved))
            assert [d.range.start.line for d in expected.diagnostics] == [3, 3, 8, 0, 15]
            assert diagnostics_body(server.protocol, params) == _pygls_body(expected)
    finally:
        forget_document(uri)


class _Writer:
    def __init__(self):
        self.out = io.BytesIO()

    def write(self, data: bytes) -> None:
        self.out.write(data)


class _Server:
    def __init__(self, protocol):
        self.protocol = protocol


def test_the_message_has_pygls_headers():
    protocol = server.protocol
    writer, before = _Writer(), (protocol.writer, protocol._include_headers)
    protocol.set_writer(writer, include_headers=True)
    params = types.PublishDiagnosticsParams(uri="file:///w/h.yaml", version=2, diagnostics=_odd_diagnostics())
    try:
        publish_diagnostics(_Server(protocol), params)
    finally:
        protocol.writer, protocol._include_headers = before
        forget_document("file:///w/h.yaml")
    body = _pygls_body(params).encode("utf-8")
    assert writer.out.getvalue() == (b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; "
                                     b"charset=utf-8\r\n\r\n" % len(body)) + body


def _with_headers(body: str) -> bytes:
    body = body.encode("utf-8")
    return b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body) + body


def test_the_message_prepared_in_a_worker_thread_is_the_one_written():
    uri = "file:///w/prepared.yaml"
    protocol = server.protocol
    writer, before = _Writer(), (protocol.writer, protocol._include_headers)
    protocol.set_writer(writer, include_headers=True)
    roots = _odd_diagnostics()
    diagnostics = Diagnostics(roots, [0, 2])
    params = types.PublishDiagnosticsParams(uri=uri, version=3, diagnostics=diagnostics)
    try:
        worker = threading.Thread(target=prepare, args=(protocol, params))
        worker.start()
        worker.join()
        made = _prepared[uri][3]
        texts = [_texts[uri][id(d)][1] for d in roots]
        publish_diagnostics(_Server(protocol), types.PublishDiagnosticsParams(
            uri=uri, version=3, diagnostics=Diagnostics(list(roots), [0, 2])))  # the same items: as prepared
        assert uri not in _prepared
        publish_diagnostics(_Server(protocol), types.PublishDiagnosticsParams(uri=uri, version=4, diagnostics=diagnostics))
        assert all(_texts[uri][id(d)][1] is text for d, text in zip(roots, texts))  # not made again
    finally:
        protocol.writer, protocol._include_headers = before
        forget_document(uri)
    expected = [_with_headers(_pygls_body(types.PublishDiagnosticsParams(uri=uri, version=version,
                                                                         diagnostics=list(diagnostics))))
                for version in (3, 4)]
    assert made == expected[0]
    assert writer.out.getvalue() == expected[0] + expected[1]


def test_a_message_prepared_for_other_diagnostics_is_not_written():
    uri = "file:///w/other.yaml"
    protocol = server.protocol
    writer, before = _Writer(), (protocol.writer, protocol._include_headers)
    protocol.set_writer(writer, include_headers=True)
    first, second = _odd_diagnostics()
    published = [types.PublishDiagnosticsParams(uri=uri, version=5, diagnostics=Diagnostics([first, second], [1, 0])),
                 types.PublishDiagnosticsParams(uri=uri, version=5, diagnostics=[first])]
    try:
        prepare(protocol, types.PublishDiagnosticsParams(uri=uri, version=4, diagnostics=Diagnostics([first, second])))
        prepare(protocol, types.PublishDiagnosticsParams(uri=uri, version=5, diagnostics=Diagnostics([first, second])))
        for params in published:
            publish_diagnostics(_Server(protocol), params)
    finally:
        protocol.writer, protocol._include_headers = before
        forget_document(uri)
    assert writer.out.getvalue() == b"".join(
        _with_headers(_pygls_body(types.PublishDiagnosticsParams(uri=uri, version=5, diagnostics=list(params.diagnostics))))
        for params in published)
    assert uri not in _prepared


@pytest.fixture
def unfrozen():
    """The worker freezes what exists after an analysis (tabletwin_lsp.collector): the other
    tests of the process expect nothing frozen."""
    yield
    gc.unfreeze()


def test_the_worker_carries_the_last_readable_diagnostics_over_and_prepares_them(unfrozen):
    uri = "file:///w/carried.yaml"
    text = (ROOT / "examples" / "pig.yaml").read_text().replace("actor_x: current,", "actor_x: current, zzz: 1,")
    readable = analyse(uri, text, 1)
    broken = "\n" + text.replace("flow:", "flow: [", 1)
    try:
        analysis, carried = _analyse_and_prepare(uri, broken, 2, PositionCodec(), None, server.protocol, readable)
        assert analysis.unreadable and len(analysis.diagnostics) == 1
        expected = carried_over(readable.diagnostics, readable.text, broken)
        assert len(expected) >= 1 and carried == expected
        assert [d.range.start.line for d in carried] == [d.range.start.line + 1 for d in readable.diagnostics]
        assert set(_texts[uri]) == {id(d) for d in (*analysis.diagnostics, *carried.roots)}  # the roots of those moved
        expected = types.PublishDiagnosticsParams(uri=uri, version=2, diagnostics=[*analysis.diagnostics, *carried])
        assert _prepared[uri][3].decode("utf-8").endswith(_pygls_body(expected))
    finally:
        forget(uri)
        forget_document(uri)


def test_nothing_is_prepared_for_a_document_that_is_not_open(unfrozen):
    uri = "file:///w/closed.yaml"
    text = (ROOT / "examples" / "pig.yaml").read_text().replace("actor_x: current,", "actor_x: current, zzz: 1,")
    try:
        analysis, carried = _analyse_and_prepare(uri, text, None, PositionCodec(), None, None, None)
        assert analysis.diagnostics and carried is None
        assert uri not in _texts and uri not in _prepared
    finally:
        forget(uri)

"""The server's limits at their boundaries, in process: the document size it checks, the files it
reads, the messages and header lines it reads; and the document edits it applies by offsets."""

import os
import random
import threading
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace import TextDocument

from tabletwin_lsp import transport
from tabletwin_lsp.analysis import MODEL, OTHER, analyse
from tabletwin_lsp.documents import MAX_DOCUMENT_CHARS, too_large_message
from tabletwin_lsp.workspace import ServerDocument, read_file

PIG = (Path(__file__).resolve().parents[2] / "examples" / "pig.yaml").read_text(encoding="utf-8")


def padded(text: str, length: int) -> str:
    """``text`` with a final comment that makes it exactly ``length`` characters long."""
    return text + "#" + "x" * (length - len(text) - 2) + "\n"


def test_a_document_of_the_largest_size_is_checked_and_one_character_more_is_not():
    at_limit = padded(PIG, MAX_DOCUMENT_CHARS)
    assert len(at_limit) == MAX_DOCUMENT_CHARS
    checked = analyse("file:///pig.yaml", at_limit, 1)
    assert checked.kind == MODEL and checked.report is not None and checked.diagnostics == ()
    over = padded(PIG.replace("label: Pig", "label: Pig!"), MAX_DOCUMENT_CHARS + 1)
    skipped = analyse("file:///pig.yaml", over, 2)
    assert (skipped.kind, skipped.loaded, skipped.report) == (MODEL, None, None)
    (diagnostic,) = skipped.diagnostics
    assert diagnostic.message == too_large_message(over)
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    first = PIG.splitlines()[0]
    assert diagnostic.range == types.Range(types.Position(0, 0), types.Position(0, len(first)))


def test_a_large_yaml_file_that_is_no_model_gets_nothing():
    other = padded("name: ci\non: [push]\n", MAX_DOCUMENT_CHARS + 1)
    assert analyse("file:///ci.yaml", other, 1).kind == OTHER
    assert analyse("file:///ci.yaml", other, 1).diagnostics == ()


def test_files_are_read_up_to_the_limit(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_bytes(b"a" * 10)
    assert read_file(str(path), limit=10) == "a" * 10
    path.write_bytes(b"a" * 11)
    with pytest.raises(OSError, match="the file has 11 bytes, more than the 10 the language server reads"):
        read_file(str(path), limit=10)
    with pytest.raises(OSError, match="not a regular file"):
        read_file(str(tmp_path))


def read_all(data: bytes) -> list:
    """What :func:`transport.read_messages` delivers for ``data`` on standard input."""
    read, write = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(write, data), os.close(write)))
    writer.start()
    delivered = []
    transport.read_messages(transport.FdReader(read), delivered.append)
    writer.join()
    os.close(read)
    assert delivered[-1] is transport._EOF
    return delivered[:-1]


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_a_message_of_the_largest_size_is_read_and_one_byte_more_is_thrown_away(monkeypatch, caplog):
    monkeypatch.setattr(transport, "MAX_MESSAGE_BYTES", 20)
    at_limit = b'{"a": "' + b"x" * 11 + b'"}'
    assert len(at_limit) == 20
    over = b'{"a": "' + b"x" * 12 + b'"}'
    assert read_all(framed(at_limit) + framed(over) + framed(b"[1]")) == [{"a": "x" * 11}, [1]]
    assert "a message of 21 bytes (more than 20) was thrown away unread" in caplog.text


def test_header_lines_up_to_the_limit_are_read_and_longer_ones_ignored(monkeypatch, caplog):
    monkeypatch.setattr(transport, "MAX_HEADER_LINE", 24)
    fits = b"Content-Length:      3\r\n"  # 24 bytes with its line end
    assert len(fits) == 24
    assert read_all(fits + b"\r\n[1]") == [[1]]
    assert read_all(b"X-Long: " + b"y" * 30 + b"\r\n" + framed(b"[2]")) == [[2]]
    assert "a header line longer than 24 bytes was ignored" in caplog.text


def test_headers_in_any_case_a_missing_length_and_an_endless_one():
    assert read_all(b"content-length: 3\nContent-Type: x\n\n[3]") == [[3]]
    assert read_all(b"Content-Type: x\r\n\r\n" + framed(b"[4]")) == [[4]]
    assert read_all(b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n[5]") == []
    assert [type(m) for m in read_all(framed(b"[6") + framed(b"\xff"))] == [transport._Unparsable] * 2


def test_incremental_changes_give_what_pygls_gives():
    rng = random.Random(3)
    text = "flow:\r\n  id: a\n\n  kind: 'é😀x'\rend\n"
    for _ in range(3000):
        ours, theirs = ServerDocument("file:///a.yaml", text), TextDocument("file:///a.yaml", text)
        lines = text.count("\n") + 3
        start = types.Position(rng.randrange(lines), rng.randrange(12))
        end = types.Position(rng.randrange(lines), rng.randrange(12)) if rng.random() < 0.9 else start
        change = types.TextDocumentContentChangePartial(
            range=types.Range(start, end), text=rng.choice(["", "x", "\n", "ab\r\ncd", "😀", "\r"]))
        ours.apply_change(change)
        theirs.apply_change(change)
        assert ours.source == theirs.source, (text, change)
        text = ours.source if len(ours.source) < 200 else "a\nb\n"


async def test_shutdown_cancels_pending_requests_whose_callbacks_remove_them(monkeypatch):
    """Cancelling a thread's future runs its callbacks at once; pygls's own shutdown then failed
    with "dictionary changed size during iteration"."""
    from concurrent.futures import Future

    from pygls.lsp.server import LanguageServer

    from tabletwin_lsp import protocol as protocol_module

    monkeypatch.setattr(protocol_module, "SHUTDOWN_GRACE_SECONDS", 0.05)
    protocol = LanguageServer("test", "0", protocol_cls=protocol_module.Protocol).protocol
    futures = []
    for msg_id in range(5):
        future = Future()
        future.add_done_callback(lambda done, msg_id=msg_id: protocol._request_futures.pop(msg_id, None))
        protocol._request_futures[msg_id] = future
        futures.append(future)
    assert await protocol.lsp_shutdown() is None
    assert all(future.cancelled() for future in futures) and protocol._request_futures == {}
    assert protocol._shutdown

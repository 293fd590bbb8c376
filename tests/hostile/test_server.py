"""The language server on hostile input: raw JSON-RPC over standard input to ``tabletwin-lsp``.

Every run feeds the whole input at once and reads every message the server wrote, under the bar
of :mod:`.bounded` (no traceback, < 5 s, < 512 MB). Requests with an id always get an answer:
a parse error, an invalid request, invalid params or method not found (JSON-RPC 2.0, 5.1).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletwin.checks.codes import doc_url
from tabletwin_lsp.documents import MAX_DOCUMENT_CHARS, too_large_message
from tabletwin_lsp.transport import MAX_HEADER_LINE, MAX_MESSAGE_BYTES
from tabletwin_lsp.workspace import MAX_FILE_BYTES

from .bounded import run_server

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = "file:///hostile/pig.yaml"


def frame(message) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(msg_id, method: str, params=None) -> bytes:
    message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        message["params"] = params
    return frame(message)


def notify(method: str, params) -> bytes:
    return frame({"jsonrpc": "2.0", "method": method, "params": params})


START = request(0, "initialize", {"capabilities": {}, "initializationOptions": {"runTestGames": "never"}}) \
    + notify("initialized", {})
END = request(99, "shutdown") + notify("exit", None)


def open_document(text: str, uri: str = URI) -> bytes:
    return notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": text}})


def hover(msg_id, uri: str = URI, line: int = 0) -> bytes:
    return request(msg_id, "textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": line, "character": 0}})


def messages(stdout: str) -> list[dict]:
    """Every message the server wrote (its bodies are ASCII: Content-Length counts characters)."""
    found, rest = [], stdout
    while rest:
        head, _, rest = rest.partition("\r\n\r\n")
        length = int(next(line for line in head.split("\r\n") if line.startswith("Content-Length:")).split(":")[1])
        found.append(json.loads(rest[:length]))
        rest = rest[length:]
    return found


def answers(stdout: str) -> dict:
    """The responses by id (``None`` for the ones whose id could not be read, in a list)."""
    by_id: dict = {}
    for message in messages(stdout):
        if "method" in message:
            continue
        if message["id"] is None:
            by_id.setdefault(None, []).append(message)
        else:
            assert message["id"] not in by_id, f"two answers for {message['id']}"
            by_id[message["id"]] = message
    return by_id


def error(code: int, message: str, msg_id=None) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def serve(data: bytes, **kwargs):
    outcome = run_server(data, **kwargs)
    outcome.within_bar()
    assert outcome.status == 0, outcome.stderr[-2000:]
    got = answers(outcome.stdout)
    assert got[0]["result"]["serverInfo"]["name"] == "tabletwin-lsp"
    assert got[99] == {"jsonrpc": "2.0", "id": 99, "result": None}
    return got, outcome


def serve_without_end(data: bytes):
    outcome = run_server(data)
    outcome.within_bar()
    return answers(outcome.stdout), outcome


def test_a_body_that_is_not_json_gets_a_parse_error_with_a_null_id():
    got, _ = serve(START + frame(b'{"jsonrpc": "2.0", "id": 1, "method": ') + frame(b"\xff\xfe{") + frame(b"")
                   + hover(2) + END)
    assert got[None] == [
        error(-32700, "parse error: the message is not JSON (JSONDecodeError: Expecting value: line 1 column 39 "
                      "(char 38))"),
        error(-32700, "parse error: the message is not JSON (UnicodeDecodeError: 'utf-16-le' codec can't decode "
                      "byte 0x7b in position 2: truncated data)"),
        error(-32700, "parse error: the message is not JSON (JSONDecodeError: Expecting value: line 1 column 1 "
                      "(char 0))")]
    assert got[2]["error"]["code"] == -32602  # and the server goes on (this document is not open)


@pytest.mark.parametrize(("message", "msg_id", "reason"), [
    ([1, 2], None, "a message must be a JSON object (batches are not supported)"),
    ("text", None, "a message must be a JSON object"),
    ({"jsonrpc": "2.0", "id": 5}, 5, 'a message needs a "method" (a request or notification) or an id and a result '
                                     '(a response)'),
    ({"jsonrpc": "1.0", "id": 5, "method": "shutdown"}, 5, 'the "jsonrpc" member must be "2.0"'),
    ({"id": 5, "method": "shutdown"}, 5, 'the "jsonrpc" member must be "2.0"'),
    ({"jsonrpc": "2.0", "id": [5], "method": "shutdown"}, None, "the id must be a number or a string"),
    ({"jsonrpc": "2.0", "id": True, "method": "shutdown"}, None, "the id must be a number or a string"),
    ({"jsonrpc": "2.0", "id": 5, "method": 7}, 5, "the method must be a string"),
    ({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": "x"}, 5,
     "params must be an object or an array"),
])
def test_what_is_not_a_request_gets_an_invalid_request(message, msg_id, reason):
    got, _ = serve(START + frame(message) + END)
    answer = error(-32600, f"invalid request: {reason}", msg_id)
    assert (got[None] if msg_id is None else [got[msg_id]]) == [answer]


def test_params_that_do_not_fit_the_method_get_invalid_params_and_bad_notifications_are_dropped():
    got, outcome = serve(START
                         + request(1, "textDocument/hover", {"textDocument": 5})
                         + request(2, "textDocument/completion", {"textDocument": {"uri": URI},
                                                                  "position": {"line": "one", "character": 0}})
                         + notify("textDocument/didOpen", {"textDocument": {"uri": 3}})
                         + request(3, "workspace/executeCommand", {"command": "tabletwin.runTestGames",
                                                                   "arguments": {"uri": URI}})
                         + open_document(PIG) + hover(4, line=10) + END)
    assert got[1] == error(-32602, "invalid params for textDocument/hover: invalid value for type, expected str "
                                   "@ $.params.text_document.uri; required field missing @ $.params.position", 1)
    assert got[2] == error(-32602, "invalid params for textDocument/completion: invalid value for type, expected "
                                   "int @ $.params.position.line", 2)
    assert got[3]["error"]["code"] == -32602
    assert got[4]["result"]["contents"]["value"].startswith("**`game`** · Model file")
    assert "a message for textDocument/didOpen could not be read and was ignored" in outcome.stderr


def test_requests_before_initialize_are_refused_and_the_session_goes_on():
    got, _ = serve(hover(1) + notify("textDocument/didOpen", {"textDocument": {"uri": URI}}) + START + END)
    assert got[1] == error(-32002, "server not initialized: textDocument/hover before initialize", 1)


def test_unknown_methods_and_requests_after_shutdown():
    got, outcome = serve_without_end(START + request(1, "tabletwin/noSuchThing", {})
                                     + notify("tabletwin/noSuchNote", {})
                                     + request(98, "shutdown") + hover(2) + notify("exit", None))
    assert outcome.status == 0
    assert got[1] == error(-32601, "method not found: tabletwin/noSuchThing", 1)
    assert got[98] == {"jsonrpc": "2.0", "id": 98, "result": None}
    assert got[2] == error(-32600, "invalid request: textDocument/hover after shutdown", 2)


@pytest.mark.parametrize("length", [MAX_MESSAGE_BYTES + 1, 10 ** 30])
def test_a_huge_content_length_is_read_away_and_the_server_goes_on(length):
    # The body really is that long up to the limit plus one; for 10**30 the input ends first.
    body = b"x" * (MAX_MESSAGE_BYTES + 1) if length == MAX_MESSAGE_BYTES + 1 else b""
    data = START + b"Content-Length: %d\r\n\r\n" % length + body + hover(1) + END
    got, outcome = serve_without_end(data)
    assert outcome.status == 0
    assert f"a message of {min(length, 10 ** 18)} bytes (more than {MAX_MESSAGE_BYTES}) was thrown away unread" \
        in outcome.stderr
    if body:
        assert got[1]["error"]["code"] == -32602 and got[99]["result"] is None
    else:
        assert set(got) == {0}  # everything after the header was the body that never came


def test_an_endless_header_line_is_ignored():
    got, outcome = serve(START + b"X-Junk: " + b"y" * (10 * MAX_HEADER_LINE) + b"\r\n" + hover(1) + END)
    assert got[1]["error"]["code"] == -32602
    assert f"a header line longer than {MAX_HEADER_LINE} bytes was ignored" in outcome.stderr


def test_a_document_too_large_gets_one_warning_and_no_answers():
    text = PIG + "# padding\n" * ((MAX_DOCUMENT_CHARS - len(PIG)) // 10 + 1)
    completion = request(2, "textDocument/completion", {"textDocument": {"uri": URI},
                                                        "position": {"line": 20, "character": 4}})
    symbols = request(3, "textDocument/documentSymbol", {"textDocument": {"uri": URI}})
    status = request(4, "tabletwin/documentStatus", {"uri": URI})
    got, outcome = serve(START + open_document(text) + hover(1, line=10) + completion + symbols + status + END)
    assert (got[1]["result"], got[2]["result"], got[3]["result"]) == (None, None, None)
    assert got[4]["result"] == {"kind": "model", "readable": False, "errors": 0, "warnings": 1, "executable": None,
                                "players": None, "testGames": None, "draft": False}
    publications = [m["params"] for m in messages(outcome.stdout) if m.get("method") == "textDocument/publishDiagnostics"]
    assert publications and all(p == publications[0] for p in publications)  # the status may publish it again
    first = PIG.splitlines()[0]
    assert publications[0]["diagnostics"] == [{
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": len(first)}},
        "severity": 2, "source": "tabletwin", "message": too_large_message(text), "code": "too-large",
        "codeDescription": {"href": doc_url("too-large")}}]
    assert too_large_message(text) == (
        f"this file has {len(text):,} characters, more than the 500,000 the tabletwin language server checks: it "
        "is not checked, and completion, hover and navigation are off for it (`tabletwin validate` checks it on the "
        "command line)")


def test_documents_that_are_not_open_are_read_only_from_regular_files_of_bounded_size(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    sparse = tmp_path / "huge.yaml"
    with open(sparse, "wb") as file:
        file.truncate(5 * 10**9)  # no blocks on disk: refused by its size, never read
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"flow: \xff\n")
    uris = {1: "file:///dev/zero", 2: fifo.as_uri(), 3: tmp_path.as_uri(), 4: sparse.as_uri(),
            5: "untitled:pig.yaml", 6: binary.as_uri(), 7: (tmp_path / "none.yaml").as_uri()}
    (tmp_path / "pig.yaml").write_text(PIG)
    got, _ = serve(START + b"".join(hover(k, uri) for k, uri in uris.items())
                   + request(8, "workspace/executeCommand", {"command": "tabletwin.showFlowTree",
                                                             "arguments": ["file:///dev/zero"]})
                   + hover(9, (tmp_path / "pig.yaml").as_uri(), line=10) + END, cwd=tmp_path)
    reasons = {1: "not a regular file", 2: "not a regular file", 3: "not a regular file",
               4: f"the file has 5,000,000,000 bytes, more than the {MAX_FILE_BYTES:,} the language server reads",
               5: "not open in the editor and not a file", 6: "not UTF-8 text (byte 6)",
               7: "No such file or directory"}
    for key, reason in reasons.items():
        assert got[key] == error(-32602, f"cannot read {uris[key]}: {reason}", key)
    assert got[8] == error(-32602, "tabletwin.showFlowTree: cannot read file:///dev/zero: not a regular file", 8)
    assert got[9]["result"]["contents"]["value"].startswith("**`game`** · Model file")  # a regular file is read


def test_shutdown_while_commands_and_requests_are_pending():
    from ..lsp.test_game_limits import HANGING, UNBOUNDED  # games that run until cancelled

    outline = b"".join(request(100 + k, "textDocument/documentSymbol", {"textDocument": {"uri": URI}})
                       for k in range(10))
    run = request(1, "workspace/executeCommand", {"command": "tabletwin.runTestGames", "arguments": [URI, 5, 7]})
    got, outcome = serve(START + open_document(HANGING) + run + outline + END, env=UNBOUNDED)
    assert "dictionary changed size" not in outcome.stderr
    assert got[1] == error(-32800, 'Request with id "1" is canceled', 1)
    assert all(100 + k in got for k in range(10))

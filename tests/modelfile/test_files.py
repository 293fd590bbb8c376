"""Reading model and tactic files: regular files only, at most MAX_FILE_BYTES, UTF-8 placed."""

from __future__ import annotations

import os

import pytest

from tabletwin.errors import Span, TabletwinError
from tabletwin.modelfile.files import MAX_FILE_BYTES, FileError, decode_utf8, read_text_file


def test_a_regular_file_is_read_as_text(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("label: café\n", encoding="utf-8")
    assert read_text_file(path) == "label: café\n"


@pytest.mark.parametrize("name, message", [
    ("/dev/null", "cannot read the file: it is a device, not a regular file"),
    ("/", "cannot read the file: it is a directory, not a regular file"),
    ("/no/such/file.yaml", "cannot read the file: No such file or directory"),
])
def test_what_is_not_a_regular_file_is_refused(name, message):
    with pytest.raises(FileError) as caught:
        read_text_file(name)
    assert (caught.value.message, caught.value.filename, str(caught.value)) == (
        message, name, f"{name}: error: {message}")
    assert isinstance(caught.value, TabletwinError)


def test_a_name_with_a_nul_character_is_refused_before_the_system_sees_it():
    with pytest.raises(FileError) as caught:
        read_text_file("a\0b.yaml")
    assert str(caught.value) == "a\\0b.yaml: error: the file name holds a NUL character (\\0); no file has such a name"


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(FileError) as caught:
        read_text_file(fifo)
    assert caught.value.message == "cannot read the file: it is a pipe, not a regular file"


def test_the_size_limit(tmp_path):
    assert MAX_FILE_BYTES == 10 * 2**20
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * MAX_FILE_BYTES)
    assert len(read_text_file(path)) == MAX_FILE_BYTES
    with open(path, "ab") as handle:
        handle.write(b"#")
    with pytest.raises(FileError) as caught:
        read_text_file(path)
    assert caught.value.message == "the file is larger than 10 MB (10,485,761 bytes); a model or tactic is far smaller"


@pytest.mark.parametrize("data, span, why", [
    (b"a: \xff\n", Span.point(0, 3), "0xFF cannot start a character"),
    (b"a: 1\nb: \xc3\xa9\xc3(\n", Span.point(1, 4), "0xC3 starts a character that the bytes after it do not complete"),
    (b"\xe2\x82\xac\n\n  \xe2\x82", Span.point(2, 2), "0xE2 starts a character that the text cuts off"),
])
def test_text_that_is_not_utf8_is_placed_at_its_first_bad_byte_in_code_points(data, span, why):
    with pytest.raises(FileError) as caught:
        decode_utf8(data, "m.yaml")
    assert (caught.value.message, caught.value.span) == (f"the text is not UTF-8: byte {why}", span)

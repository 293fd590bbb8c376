"""The diagnostics' analysis and the editor's snapshot of one text share one load of it."""

import threading

import pytest

from tabletwin.editor import Snapshot
from tabletwin.editor.loads import KEPT_LOADS, forget_loads, shared_load
from tabletwin.errors import YamlError
from tabletwin_lsp.analysis import analyse

MODEL = "flow: {id: a, kind: step, do: x}\nactions: {x: {effect: [{op: set, var: v, value: 1}]}}\nend: []\n"


@pytest.fixture(autouse=True)
def no_kept_loads():
    forget_loads()
    yield
    forget_loads()


def test_the_analysis_and_the_snapshot_of_a_text_share_its_load():
    analysis = analyse("file:///m.yaml", MODEL, 1)
    assert analysis.loaded is not None
    assert Snapshot(MODEL, 1).loaded is analysis.loaded
    assert analyse("file:///m.yaml", MODEL, 2).loaded is analysis.loaded


def test_readers_that_come_together_wait_for_one_load():
    text = MODEL + "label: " + "x" * 20000 + "\n"
    results, start = [], threading.Barrier(4)

    def read():
        start.wait()
        results.append(shared_load(text))

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4 and all(result is results[0] for result in results)


def test_a_yaml_error_reaches_every_reader_as_its_own_exception():
    text = "flow: {id: a\n"
    raised = []
    for _ in range(2):
        with pytest.raises(YamlError) as error:
            shared_load(text)
        raised.append(error.value)
    assert raised[0] is not raised[1] and raised[0].message == raised[1].message and raised[0].span == raised[1].span
    snap = Snapshot(text)
    assert snap.loaded is None and snap.error.message == raised[0].message
    assert [f.message for f in analyse("file:///m.yaml", text, 1).findings] == [raised[0].message]


def test_only_the_last_few_texts_stay_loaded():
    texts = [MODEL + f"label: v{number}\n" for number in range(KEPT_LOADS + 1)]
    first = shared_load(texts[0])
    assert shared_load(texts[0]) is first
    for text in texts[1:]:
        shared_load(text)
    assert shared_load(texts[0]) is not first
    assert shared_load(texts[0]).data == first.data

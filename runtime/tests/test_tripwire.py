"""The tripwire reports every CUDA use left in a converted script, at its exact file:line, and nothing else."""
import os

import pytest

from helpers import DATA, TESTS_DIR, data, exec_script, markers


@pytest.fixture(scope="module")
def leftover(tmp_path_factory):
    return exec_script(tmp_path_factory.mktemp("leftover"), "npu", data("leftover_cuda.py"))


def _expected(tag):
    expected = set()
    for name in ("leftover_cuda.py", "leftover_helper.py"):
        for line, what in markers(data(name), tag).items():
            expected.add((data(name), line, what))
    return expected


def test_every_unconverted_use_is_reported_at_its_line(leftover):
    _, record = leftover
    assert {(hit["file"], hit["line"], hit["what"]) for hit in record["tripwire"]} == _expected("TRIP")


def test_hits_are_printed_with_paths_relative_to_the_working_directory(leftover):
    result, _ = leftover
    relative = os.path.relpath(DATA, TESTS_DIR)
    for path, line, what in _expected("TRIP"):
        name = os.path.join(relative, os.path.basename(path))
        assert f"unconverted CUDA use at {name}:{line}: {what}\n" in result.stderr


def test_bare_int_device_is_a_warning_not_a_hit(leftover):
    result, record = leftover
    assert {(w["file"], w["line"], w["what"]) for w in record["warnings"]} == _expected("WARN")
    line = next(iter(markers(data("leftover_cuda.py"), "WARN")))
    assert f"warning: bare int device at {os.path.join('data', 'leftover_cuda.py')}:{line}" in result.stderr


def test_the_run_continues_past_hits(leftover):
    result, record = leftover
    assert result.returncode == 0, result.stderr
    assert len(record["losses"]) == 2


def test_cuda_shim_has_no_tripwire(tmp_path):
    result, record = exec_script(tmp_path, "cuda", data("linreg.py"))
    assert result.returncode == 0, result.stderr
    assert record["tripwire"] == [] and record["warnings"] == []
    assert "unconverted" not in result.stderr

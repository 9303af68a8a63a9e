"""The op trace counts the torch APIs user code calls at run time and classifies them with rules/op_support.json."""
import json
import sys

import pytest

from helpers import RUNTIME_DIR, cli, data, exec_script

sys.path.insert(0, RUNTIME_DIR)
from transplt_runtime import opsupport  # noqa: E402


@pytest.fixture(scope="module")
def ops(tmp_path_factory):
    result, record = exec_script(tmp_path_factory.mktemp("ops"), "npu", data("ops_script.py"))
    assert result.returncode == 0, result.stderr
    return record["ops"]


def test_calls_made_by_user_code_are_counted_by_qualified_name(ops):
    assert ops["calls"] == {
        "torch.randn": 1, "torch.matmul": 1, "torch.mm": 1, "torch.nn.functional.relu": 1, "torch.Tensor.add": 1,
        "torch.Tensor.to_sparse": 1, "torch.nn.Linear": 1, "torch.nn.TransformerEncoder": 1,
        "torch.nn.TransformerEncoderLayer": 1}


def test_calls_inside_torch_are_not_counted(ops):
    # nn.Linear's forward calls F.linear; TransformerEncoderLayer builds Linear and Dropout modules.
    assert "torch.nn.functional.linear" not in ops["calls"]
    assert ops["calls"]["torch.nn.Linear"] == 1
    assert "torch.nn.Dropout" not in ops["calls"]


def test_unsupported_apis_of_the_default_version(ops):
    assert ops["version"] == "2.8.0"
    assert set(ops["unsupported"]) == {"torch.Tensor.to_sparse", "torch.nn.TransformerEncoder"}
    assert ops["unknown"] == {"torch.nn.TransformerEncoderLayer": 1}


def test_op_version_selects_the_list(tmp_path):
    _, record = exec_script(tmp_path, "npu", data("ops_script.py"), options=["--op-version", "2.1.0"])
    assert record["ops"]["version"] == "2.1.0"
    assert set(record["ops"]["unsupported"]) == {"torch.Tensor.to_sparse"}
    assert "torch.nn.TransformerEncoder" in record["ops"]["unknown"]


def test_unknown_op_version_is_a_usage_error():
    result = cli("exec", "--device", "npu", "--op-version", "9.9", data("ops_script.py"))
    assert result.returncode == 2
    assert "--op-version 9.9: not one of 2.1.0, 2.6.0, 2.7.1, 2.8.0" in result.stderr


def test_op_support_file_comes_from_the_environment(tmp_path):
    support = {"default": "1.0", "versions": {"1.0": {"unsupported": {"torch.matmul": "use torch.mm"},
                                                      "supported": ["torch.randn"]}}}
    path = tmp_path / "support.json"
    path.write_text(json.dumps(support))
    _, record = exec_script(tmp_path, "npu", data("ops_script.py"), env={"TRANSPLT_OP_SUPPORT": str(path)})
    assert record["ops"]["unsupported"] == {"torch.matmul": {"count": 1, "tip": "use torch.mm"}}
    assert "torch.nn.functional.relu" in record["ops"]["unknown"]


def test_classify_splits_by_list_and_leaves_dunders_out():
    support = {"versions": {"v": {"unsupported": {"torch.a": "tip"}, "supported": ["torch.b"]}}}
    calls = {"torch.a": 2, "torch.b": 1, "torch.c": 4, "torch.Tensor.__getitem__": 5, "numpy.x": 1}
    assert opsupport.classify(calls, support, "v") == {
        "version": "v", "unsupported": {"torch.a": {"count": 2, "tip": "tip"}},
        "unknown": {"torch.c": 4}, "supported": {"torch.b": 1, "numpy.x": 1}}

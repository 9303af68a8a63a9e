"""The recorder captures each backward() loss, optimizer steps, batches per epoch and final parameter checksums."""
import torch

from helpers import data, exec_script, last_json_line, linreg_reference


def test_losses_are_recorded_exactly(tmp_path):
    result, record = exec_script(tmp_path, "cuda", data("linreg.py"), "--epochs", "2")
    assert result.returncode == 0, result.stderr
    expected_losses, _ = linreg_reference(2)
    assert record["losses"] == expected_losses
    assert record["steps"] == 8
    assert record["loader_batches"] == {"DataLoader#0": [4, 4]}
    assert record["stopped_early"] is False


def test_parameter_checksums_of_the_final_model(tmp_path):
    _, record = exec_script(tmp_path, "npu", data("linreg_npu.py"), "--epochs", "2")
    _, expected_digests = linreg_reference(2)
    params = record["params"]["Linear#0"]["params"]
    assert {name: value["sha256"] for name, value in params.items()} == expected_digests
    assert list(record["params"]) == ["Linear#0"]


def test_max_steps_stops_the_run_cleanly(tmp_path):
    result, record = exec_script(tmp_path, "cuda", data("linreg.py"), "--epochs", "3", options=["--max-steps", "6"])
    assert result.returncode == 0, result.stderr
    assert "transplt: stopped after 6 steps" in result.stderr
    assert "epoch 2" not in result.stdout
    assert record["stopped_early"] is True
    assert record["steps"] == 6
    assert record["losses"] == linreg_reference(2)[0][:6]
    assert record["loader_batches"] == {"DataLoader#0": [4, 2]}


def test_a_step_that_calls_its_parent_step_counts_once(tmp_path):
    _, record = exec_script(tmp_path, "cuda", data("linreg.py"), "--epochs", "1", "--nested-step")
    assert record["steps"] == 4
    assert record["losses"] == linreg_reference(1)[0]


def test_autograd_backward_records_each_root(tmp_path):
    _, record = exec_script(tmp_path, "cuda", data("linreg.py"), "--epochs", "1", "--two-roots")
    assert len(record["losses"]) == 8
    assert record["losses"][0] == linreg_reference(1)[0][0]


def test_script_exit_code_is_kept_and_the_record_written(tmp_path):
    result, record = exec_script(tmp_path, "cuda", data("linreg.py"), "--epochs", "1", "--exit-code", "3")
    assert result.returncode == 3
    assert record["exit_code"] == 3 and record["steps"] == 4


def test_a_crash_exits_1_with_the_error_in_the_record(tmp_path):
    script = tmp_path / "crash.py"
    script.write_text("import torch\nx = torch.ones(1, requires_grad=True)\n(x * 3).sum().backward()\n"
                      "raise ValueError('boom')\n")
    result, record = exec_script(tmp_path, "cuda", str(script))
    assert result.returncode == 1
    assert "ValueError: boom" in result.stderr
    assert record["error"] == "ValueError: boom"
    assert record["losses"] == [3.0]


def test_exec_runs_the_script_as_main_with_its_argv_cwd_and_seed(tmp_path):
    import random
    import numpy
    result, _ = exec_script(tmp_path, "cuda", data("env_probe.py"), "a", "--b", options=["--seed", "7"],
                            cwd=str(tmp_path))
    seen = last_json_line(result.stdout)
    random.seed(7)
    numpy.random.seed(7)
    torch.manual_seed(7)
    assert seen == {"argv": [data("env_probe.py"), "a", "--b"], "cwd": str(tmp_path), "name": "__main__",
                    "sibling": "leftover_helper", "random": random.random(),
                    "numpy": float(numpy.random.rand()), "torch": torch.rand(1).item()}

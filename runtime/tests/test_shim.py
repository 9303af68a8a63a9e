"""The cuda and npu shims expose the same device API on the CPU (tests/data/probe_shim.py exercises it)."""
import pytest

from helpers import data, exec_script, last_json_line

DEVICES = ("cuda", "npu")


@pytest.fixture(scope="module", params=DEVICES)
def probe(request, tmp_path_factory):
    device = request.param
    result, record = exec_script(tmp_path_factory.mktemp(device), device, data("probe_shim.py"), device)
    assert result.returncode == 0, result.stderr
    return device, last_json_line(result.stdout), record


def test_availability_and_configurable_device_count(probe):
    _, results, _ = probe
    assert results["availability"] == [True, 1, 3, 0, True]


def test_set_device_current_device_and_device_context(probe):
    _, results, _ = probe
    assert results["current_device"] == [1, 0, 2, 0]


def test_synchronize_empty_cache_and_friends_are_no_ops(probe):
    _, results, _ = probe
    assert results["no_ops"] == [None] * 5


def test_memory_stats_are_plausible(probe):
    _, results, _ = probe
    assert results["memory"] == {"ints": True, "stats": True, "summary": True, "mem_get_info": True}


def test_device_properties(probe):
    _, results, _ = probe
    assert results["properties"] == {"name": True, "total_memory": True, "capability": ["int", "int"],
                                     "multi_processor_count": True}


def test_rng_delegates_to_the_cpu_generator(probe):
    _, results, _ = probe
    assert results["rng"] == [True, 5, True, 1]


def test_fork_rng_takes_a_device_type_and_restores_the_generator(probe):
    _, results, _ = probe
    assert results["fork_rng"] is True


def test_streams_and_events(probe):
    _, results, _ = probe
    assert results["streams_and_events"] == [True, True, True, True, True]


def test_device_autocast_is_float32_and_cpu_autocast_still_works(probe):
    _, results, _ = probe
    assert results["autocast"] == ["torch.float32", "torch.float32", "torch.float32", "torch.bfloat16"]


def test_autocast_state_reads_off(probe):
    _, results, _ = probe
    assert results["autocast_state"] == [False, "torch.float16"]


def test_grad_scaler_passes_through(probe):
    _, results, _ = probe
    assert results["grad_scaler"] == [True, True, True]


def test_typed_tensors_are_cpu_tensors(probe):
    _, results, _ = probe
    assert results["typed_tensors"] == ["torch.float32", "torch.int64", "torch.float16", "torch.float64",
                                        "torch.int32", True]


def test_tensor_and_module_device_methods(probe):
    _, results, _ = probe
    assert results["tensor_and_module_methods"] == [True] * 5


def test_every_to_form_lands_on_the_cpu(probe):
    _, results, _ = probe
    assert results["to_forms"] == ["cpu"] * 7 + ["torch.float64"]


def test_factories_accept_device_strings_and_objects(probe):
    _, results, _ = probe
    assert results["factories"] == ["cpu"] * 14


def test_torch_device_keeps_the_device_type(probe):
    device, results, _ = probe
    assert results["device_objects"] == [device, device, None, 0, f"{device}:1", 1, True, True, True, "cpu", True]


def test_torch_load_map_location_forms(probe):
    _, results, _ = probe
    assert results["load_map_location"] == [[0.0, 1.0, 2.0, 3.0]] * 7


def test_pin_memory_dataloader_still_works(probe):
    _, results, _ = probe
    assert results["pin_memory_loader"] == [[4, 4, 2], [1.0, 1.0]]


def test_data_parallel_wraps_a_cpu_module(probe):
    _, results, _ = probe
    assert results["data_parallel"] == [3, 1]


def test_device_backend_becomes_gloo(probe):
    device, results, _ = probe
    assert results["distributed_backend"] == [{"cuda": "nccl", "npu": "hccl"}[device], True, "gloo"]


def test_torch_npu_and_torch_npu_modules_import(probe):
    device, results, _ = probe
    expected = [True, True, True, True, "torch_npu.contrib"] if device == "npu" else None
    assert results["npu_modules"] == expected


def test_no_tripwire_hits_for_the_shims_own_device(probe):
    _, _, record = probe
    assert record["tripwire"] == []

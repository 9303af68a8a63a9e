import torch


def select_device(device):
    # the file's only torch_npu import, inside one function (as Ultralytics has it):
    # it does not serve the module's other code
    if device.startswith("npu"):
        try:
            import torch_npu  # noqa: F401
        except ImportError:
            pass
    return torch.device(device)


def time_sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()

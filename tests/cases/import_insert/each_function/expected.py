def count_devices():
    import torch
    import torch_npu

    return torch.npu.device_count()


def first_device_name():
    import torch
    import torch_npu

    if not torch.npu.is_available():
        return None
    return torch.npu.get_device_name(0)


if __name__ == "__main__":
    print(count_devices(), first_device_name())

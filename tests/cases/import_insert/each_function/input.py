def count_devices():
    import torch

    return torch.cuda.device_count()


def first_device_name():
    import torch

    if not torch.cuda.is_available():
        return None
    return torch.cuda.get_device_name(0)


if __name__ == "__main__":
    print(count_devices(), first_device_name())

import torch
import torch_npu


def describe_devices():
    if not torch.npu.is_available():
        return "cpu only"
    lines = []
    for i in range(torch.npu.device_count()):
        props = torch.npu.get_device_properties(i)
        lines.append(f"{i}: {torch.npu.get_device_name(i)} {props.total_memory >> 20} MiB")
    lines.append(f"current={torch.npu.current_device()}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(describe_devices())

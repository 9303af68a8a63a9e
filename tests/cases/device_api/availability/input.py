import torch


def describe_devices():
    if not torch.cuda.is_available():
        return "cpu only"
    lines = []
    for i in range(torch.cuda.device_count()):
        props = torch.cuda.get_device_properties(i)
        lines.append(f"{i}: {torch.cuda.get_device_name(i)} {props.total_memory >> 20} MiB")
    lines.append(f"current={torch.cuda.current_device()}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(describe_devices())

import torch
import torch_npu


def capture(model, static_x):
    major, minor = torch.npu.get_device_capability()
    if major < 7:
        return None
    g = torch.npu.NPUGraph()
    torch.npu.synchronize()
    torch.cuda.nvtx.range_push("capture")
    with torch.npu.graph(g):
        static_y = model(static_x)
    torch.cuda.nvtx.range_pop()
    return g, static_y, torch.cuda.cudart()

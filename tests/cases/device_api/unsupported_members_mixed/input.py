import torch


def capture(model, static_x):
    major, minor = torch.cuda.get_device_capability()
    if major < 7:
        return None
    g = torch.cuda.CUDAGraph()
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push("capture")
    with torch.cuda.graph(g):
        static_y = model(static_x)
    torch.cuda.nvtx.range_pop()
    return g, static_y, torch.cuda.cudart()

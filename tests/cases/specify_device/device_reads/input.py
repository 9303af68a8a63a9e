import torch

# "cuda" here only reads a device or names a device type: no device
# choice, nothing for -s to set.


def step(model, x, opt):
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(x).sum()
    scaler = torch.amp.GradScaler(device="cuda")
    scaler.scale(loss).backward()
    if x.device.type == "cuda":
        print(torch.cuda.max_memory_allocated(x.device))
    register("cuda", step)  # a name, not a device
    if str(x.device).startswith("cuda"):
        return {"cuda": loss}["cuda"]

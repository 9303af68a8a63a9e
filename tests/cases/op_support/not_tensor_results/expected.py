import torch
import torch_npu

# Methods of what torch.load, torch.compile and torch.split give are no
# tensor methods: no UNKNOWN row for them.
state = torch.load("last.pth", map_location="cpu")
for key, value in state.items():
    print(key, value.shape)
weights = state.get("model", state)
model = torch.compile(torch.nn.Linear(4, 4))
model.train()
first, second = torch.split(torch.arange(4), 2)
# nor what a tensor's numpy(), tolist() or size() gives
scores = torch.rand(3).numpy().astype("float32")
position = torch.rand(3).tolist().index(0.5)

# a tensor's own method still gets its row
pinned = torch.randn(3).pin_memory()

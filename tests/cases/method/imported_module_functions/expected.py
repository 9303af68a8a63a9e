import torch
import torch_npu
from torchdrug import utils
from . import helpers
import mypkg.utils as U

# a function of an imported module named cuda is the package's own: its own
# conversion takes care of it
batch = {"x": torch.zeros(2)}
batch = utils.cuda(batch, device=torch.device("npu"))
batch = helpers.cuda(batch)
batch = U.cuda(batch)
# values still convert
net = torch.nn.Linear(2, 2).npu()
net.npu()

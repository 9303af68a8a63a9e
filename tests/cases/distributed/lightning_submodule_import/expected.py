import torch
import torch_npu
from pytorch_lightning.trainer import Trainer

# Trainer imported from the submodule that defines it is Lightning's
# Trainer still: it distributes the training itself, so MAIN gets no
# process group and no DDP wrap (trainer.fit takes a LightningModule).
model = torch.nn.Linear(2, 2)
trainer = Trainer.from_argparse_args(opts)
trainer.fit(model, data)

import hydra
import torch
from lightning import LightningModule, Trainer


@hydra.main(config_path="configs", config_name="train")
def main(cfg):
    torch.set_float32_matmul_precision("high")
    model: LightningModule = hydra.utils.instantiate(cfg.model)
    # the config builds the Trainer: only its annotation names it
    trainer: Trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(model=model)


if __name__ == "__main__":
    main()

import torch
from darts.models import NBEATSModel, TCNModel

tcn = TCNModel(input_chunk_length=24, output_chunk_length=1, pl_trainer_kwargs={"accelerator": "gpu", "devices": [0]})
nbeats = NBEATSModel(input_chunk_length=24, output_chunk_length=1, pl_trainer_kwargs={"accelerator": "cuda"})
old = NBEATSModel(input_chunk_length=24, output_chunk_length=1, pl_trainer_kwargs={"gpus": -1})
cpu = TCNModel(input_chunk_length=24, output_chunk_length=1, pl_trainer_kwargs={"accelerator": "cpu"})

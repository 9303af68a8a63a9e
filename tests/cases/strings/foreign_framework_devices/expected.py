# Device names that another framework reads stay: JAX and TensorFlow have no
# "npu" device. torch's own devices convert.
import jax
import tensorflow as tf
import torch
import torch_npu

x = torch.zeros(2).npu()
dev = jax.devices("cuda")[0]
with tf.device("cuda:0"):
    y = tf.zeros(2)
z = torch.zeros(2, device="npu:0")

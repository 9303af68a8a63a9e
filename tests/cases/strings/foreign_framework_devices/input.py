# Device names that another framework reads stay: JAX and TensorFlow have no
# "npu" device. torch's own devices convert.
import jax
import tensorflow as tf
import torch

x = torch.zeros(2).cuda()
dev = jax.devices("cuda")[0]
with tf.device("cuda:0"):
    y = tf.zeros(2)
z = torch.zeros(2, device="cuda:0")

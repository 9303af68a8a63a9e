from unittest import mock

import torch


def test_cpu_fallback():
    torch = mock.MagicMock()
    torch.cuda.is_available.return_value = False
    assert not torch.cuda.is_available()


def test_real_device_count():
    assert torch.cuda.device_count() >= 0

"""Tell the user's script frames apart from torch's, the Python library's and this runtime's own."""
import os
import sys
import sysconfig

import torch

RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep
_LIBRARY_DIRS = tuple(sorted({os.path.abspath(sysconfig.get_paths()[key]) + os.sep
                              for key in ("stdlib", "platstdlib", "purelib", "platlib")}))
_PACKAGE_DIRS = (os.sep + "site-packages" + os.sep, os.sep + "dist-packages" + os.sep)

_user_file_cache = {}


def is_runtime_file(filename):
    return filename.startswith(RUNTIME_DIR)


def is_user_file(filename):
    """True for code the user wrote: anything that is not torch, this runtime or an installed library."""
    known = _user_file_cache.get(filename)
    if known is None:
        known = not (filename.startswith("<")
                     or filename.startswith((TORCH_DIR, RUNTIME_DIR) + _LIBRARY_DIRS)
                     or any(part in filename for part in _PACKAGE_DIRS))
        _user_file_cache[filename] = known
    return known


def called_from_torch(depth=2):
    """True when the caller of the function `depth - 1` frames up is torch's own code.

    Torch internals must keep seeing the real CPU-only build, e.g. when the
    DataLoader decides whether to pin memory.
    """
    return sys._getframe(depth).f_code.co_filename.startswith(TORCH_DIR)


def user_frame(frame):
    """`frame` itself when it runs user code, else None."""
    if frame is not None and is_user_file(frame.f_code.co_filename):
        return frame
    return None


def innermost_user_frame(frame):
    """The innermost user-code frame at or above `frame`, or None."""
    while frame is not None and not is_user_file(frame.f_code.co_filename):
        frame = frame.f_back
    return frame


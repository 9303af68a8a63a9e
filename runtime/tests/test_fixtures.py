"""Each training fixture in fixtures/train validates EQUAL against its conversion."""
import os

import pytest

from helpers import REPO, cli, convert_like_transplt

FIXTURES = os.path.join(REPO, "fixtures", "train")
NAMES = sorted(name for name in os.listdir(FIXTURES) if name.endswith(".py"))


def test_all_five_fixtures_are_there():
    assert NAMES == ["cnn_amp.py", "gan.py", "lstm_lm.py", "streams_ckpt.py", "transformer.py"]


@pytest.mark.parametrize("name", NAMES)
def test_fixture_validates_equal(tmp_path, name):
    original = os.path.join(FIXTURES, name)
    converted = tmp_path / name
    with open(original, encoding="utf-8") as f:
        converted.write_text(convert_like_transplt(f.read()))
    result = cli("validate", "--max-steps", "20", original, str(converted))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "EQUAL: 20 losses, 20 optimizer steps," in result.stdout

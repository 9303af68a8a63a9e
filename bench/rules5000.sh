#!/usr/bin/env bash
# Times transplt -j 2 on the torch + torchvision corpus with and without a
# generated user rule file of 5,000 rules (2,000 FuncNameModifyRule, 2,000
# ArgsModifyRule, 1,000 ModuleNameModifyRule). Same as `bench/run.sh rules5000`;
# RUNS and the other settings of bench/run.sh apply.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/run.sh" rules5000

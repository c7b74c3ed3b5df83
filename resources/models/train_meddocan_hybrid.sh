#!/usr/bin/env bash
# Rebuild resources/models/meddocan-hybrid.zip, the stacked CRF of the meddocan-hybrid pipeline, trained on
# MEDDOCAN *train only* with rule features made per fold (resources/build/train_meddocan_hybrid.py says how;
# see resources/models/README.md). Extra arguments go to the script: --cv cross-validates and prints the
# per-type merges of meddocan-hybrid.xml; --out FILE writes the model elsewhere.
#   resources/models/train_meddocan_hybrid.sh [--cv] [--out FILE]
# Needs the learn and build extras (pip install -e '.[learn,build]') and ../shared. Deterministic.
# About 4 minutes of CPU on one core (--cv: 6 more).
set -euo pipefail
cd "$(dirname "$0")/../.."
python resources/build/train_meddocan_hybrid.py "$@"

#!/usr/bin/env bash
# Rebuild resources/models/meddocan-crf.zip, the model of the meddocan-crf pipeline: a linear-chain CRF
# (python-crfsuite, L-BFGS) trained on MEDDOCAN *train only* (500 documents); dev is tagged and scored,
# never trained on (its figures are stored in the model's meta.dev). See resources/models/README.md.
#   resources/models/train_meddocan_crf.sh
#   MEDDOCAN=/path/to/meddocan OUT=/tmp/models resources/models/train_meddocan_crf.sh
# Needs the learn extra (pip install -e '.[learn]') and ../shared. Deterministic: the same data gives a
# byte-identical model file (crfsuite trains on one thread; the archive has fixed dates, sorted JSON).
# About 3 minutes of CPU on one core.
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS="${MEDDOCAN:-../shared/corpora/meddocan}"
OUT="${OUT:-resources/models}"
python -m annotator train tagger --learner crf \
  --train "$CORPUS/train/brat" --dev "$CORPUS/dev/brat" \
  --pipeline resources/pipelines/meddocan-features.xml \
  --features word,orth,punctuation,number,length,affixes,bigrams,pos,section,dictionary,neighbours \
  --c1 0.05 --c2 0.01 --iterations 150 \
  --source "MEDDOCAN train (Marimon et al. 2019, IberLEF), 500 documents" \
  --licence "CC BY 4.0 (derived from the MEDDOCAN corpus, (c) 2019 SEAD)" \
  --out "$OUT/meddocan-crf.zip"

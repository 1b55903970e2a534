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
    def fetch(file, locations, locale, about, **extra):
        """POSTs one route request, saves the body as `file`, records it in the manifest; the route."""
        body = {"locations": [dict(l, type="break") for l in locations], "costing": "auto", "format": "osrm",
                "language": locale, "units": "kilometers", "voice_instructions": True, "banner_instructions": True}
        status, data = post(body)
        if status != 200: sys.exit(f"{file}: HTTP {status}: {data[:300]}")
        open(os.path.join(here, file), "wb").write(data)
        route = json.loads(data)["routes"][0]
        manifest["files"].append(dict({"file": file, "about": about, "status": status, "request": body}, **extra,
                                      voiceLocale=route.get("voiceLocale"), legs=len(route["legs"]),
                                      steps=sum(len(l["steps"]) for l in route["legs"]), distance=route["distance"]))
        return route

    for name, (about, locations) in routes.items():
        for locale in locales:
            fetch(f"{name}.{locale}.json", locations, locale, about)
    # A wrong turn for drive tests: on city-turns the driver turns left (north) where the route turns right onto
    # Unioninkatu (step 4); "detour" is the real route they drive from there, "detour-reroute" the new route a
    # reroute from 150 m into the detour (with the detour's heading there) fetches to the same destination.
    import math
    def ahead(lat, lon, bearing, meters):
        r = 6371008.8; d = meters / r; t = math.radians(bearing); p1 = math.radians(lat); l1 = math.radians(lon)
        p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(t))
        l2 = l1 + math.atan2(math.sin(t) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
        return math.degrees(p2), math.degrees(l2)
    def decode6(text):
        points, index, lat, lon = [], 0, 0, 0
        while index < len(text):
            for axis in (0, 1):
                shift = result = 0
                while True:
                    b = ord(text[index]) - 63; index += 1; result |= (b & 0x1F) << shift; shift += 5
                    if b < 0x20: break
                delta = ~(result >> 1) if result & 1 else result >> 1
                if axis == 0: lat += delta
                else: lon += delta
            points.append((lat / 1e6, lon / 1e6))
        return points
    def along(points, meters):
        walked = 0.0
        for (a1, o1), (a2, o2) in zip(points, points[1:]):
            dy = (a2 - a1) * 111195.0; dx = (o2 - o1) * 111195.0 * math.cos(math.radians(a1)); step = math.hypot(dx, dy)
            if walked + step >= meters:
                f = (meters - walked) / step if step else 0
                return a1 + (a2 - a1) * f, o1 + (o2 - o1) * f, (math.degrees(math.atan2(dx, dy)) + 360) % 360
            walked += step
        return points[-1][0], points[-1][1], 0.0
    planned = json.load(open(os.path.join(here, "city-turns.en-US.json")))["routes"][0]
    planned_steps = planned["legs"][0]["steps"]
    wrong = planned_steps[4]["maneuver"]
    wrong_lon, wrong_lat = wrong["location"]
    distance_to_wrong = sum(st["distance"] for st in planned_steps[:4])
    target = ahead(wrong_lat, wrong_lon, (wrong["bearing_after"] + 180) % 360, 250)
    final = planned_steps[-1]["maneuver"]["location"]
    for locale in ["en-US", "de-DE"]:
        detour = fetch(f"detour.{locale}.json",
                       [{"lat": wrong_lat, "lon": wrong_lon, "heading": round(wrong["bearing_before"]) % 360, "heading_tolerance": 45},
                        {"lat": round(target[0], 6), "lon": round(target[1], 6)}], locale,
                       "the wrong turn: left (north) where city-turns turns right onto Unioninkatu (its step 4)",
                       leavesPlannedRouteAt={"step": 4, "distanceAlong": round(distance_to_wrong, 3), "location": [wrong_lon, wrong_lat]})
        lat, lon, heading = along(decode6(detour["geometry"]), 150)
        fetch(f"detour-reroute.{locale}.json",
              [{"lat": round(lat, 6), "lon": round(lon, 6), "heading": round(heading) % 360, "heading_tolerance": 45},
               {"lat": final[1], "lon": final[0]}], locale,
              "the reroute from 150 m into the detour, with its heading, to the city-turns destination")
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

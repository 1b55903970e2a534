#!/usr/bin/env python3
"""Builds the example OSRM v5 route responses in Examples/Routes/ from hand-written step lists.

Every coordinate below was written by hand from street knowledge (real street names, plausible
positions). The script computes what must agree with the geometry: step distances (haversine on the
rounded coordinates), durations from a per-step speed, bearings, maneuver intersections, leg and route
totals, and the encoded geometry (polyline5, polyline6 or GeoJSON).

Run: python3 Examples/Routes/tools/make_routes.py   (rewrites the JSON files beside tools/)
"""
import argparse
import json
import math
import os

R = 6371008.8  # mean Earth radius, meters (same as RouteModel.Geo)


def haversine(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp = p2 - p1
    dl = math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


def bearing(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


def destination(origin, brg, meters):
    d = meters / R
    t = math.radians(brg)
    p1, l1 = math.radians(origin[0]), math.radians(origin[1])
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(t))
    l2 = l1 + math.atan2(math.sin(t) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    return (math.degrees(p2), math.degrees(l2))


def arc(center, radius, start, end, clockwise, step=30):
    """Points on a circle from position bearing `start` to `end` (exclusive of the start)."""
    span = (end - start) % 360 if clockwise else (start - end) % 360
    n = max(1, int(math.ceil(span / step)))
    out = []
    for i in range(1, n + 1):
        b = start + span * i / n if clockwise else start - span * i / n
        out.append(destination(center, b % 360, radius))
    return out


def encode_polyline(coords, precision):
    factor = 10 ** precision
    out = []
    plat = plon = 0
    for lat, lon in coords:
        ilat, ilon = int(round(lat * factor)), int(round(lon * factor))
        for delta in (ilat - plat, ilon - plon):
            v = ~(delta << 1) if delta < 0 else (delta << 1)
            while v >= 0x20:
                out.append(chr((0x20 | (v & 0x1F)) + 63))
                v >>= 5
            out.append(chr(v + 63))
        plat, plon = ilat, ilon
    return "".join(out)


def lane_objects(spec, mapbox):
    lanes = []
    for entry in spec:
        ind, flag = entry.rsplit(":", 1)
        indications = ind.split(";")
        lane = {"indications": indications, "valid": flag in ("v", "a")}
        if mapbox:
            lane["active"] = flag == "a"
            if lane["valid"]:
                lane["valid_indication"] = indications[-1]
        lanes.append(lane)
    return lanes


def build(spec):
    precision = {"polyline5": 5, "polyline6": 6, "geojson": 6}[spec["geometry"]]

    def rnd(p):
        return (round(p[0], precision), round(p[1], precision))

    def geometry(coords):
        if spec["geometry"] == "geojson":
            return {"type": "LineString", "coordinates": [[c[1], c[0]] for c in coords]}
        return encode_polyline(coords, precision)

    def loc(p):
        return [p[1], p[0]]

    mapbox = spec.get("mapbox", False)
    legs_out, route_coords, waypoints = [], [], []
    previous = None  # last point of the previous step, across legs
    for leg in spec["legs"]:
        steps_out = []
        last_bearing = 0
        for i, st in enumerate(leg["steps"]):
            pts = [rnd(p) for p in st.get("points", [])]
            if st["type"] == "depart":
                coords = pts if previous is None else [previous] + pts
            elif st["type"] == "arrive":
                coords = [previous, previous]
            else:
                coords = [previous] + pts
            dist = sum(haversine(coords[k], coords[k + 1]) for k in range(len(coords) - 1))
            dist = round(dist, 1)
            speed = st.get("speed", 30) / 3.6
            dur = round(dist / speed, 1) if dist > 0 else 0.0
            where = coords[0]
            b_after = round(bearing(coords[0], coords[1])) % 360 if dist > 0 else 0
            b_before = 0 if st["type"] == "depart" else round(last_bearing) % 360
            man = {"bearing_after": b_after, "bearing_before": b_before, "location": loc(where), "type": st["type"]}
            if "modifier" in st:
                man["modifier"] = st["modifier"]
            if "exit" in st:
                man["exit"] = st["exit"]
            # The maneuver intersection: approach road (reversed), exit road, plus any other roads given.
            roads = []
            if st["type"] != "depart":
                roads.append(((b_before + 180) % 360, "in"))
            if st["type"] != "arrive":
                roads.append((b_after, "out"))
            for other in st.get("roads", []):
                roads.append((other % 360, "other"))
            roads.sort()
            inter = {"location": loc(where), "bearings": [r[0] for r in roads],
                     "entry": [r[1] != "in" for r in roads]}
            for idx, r in enumerate(roads):
                if r[1] == "in":
                    inter["in"] = idx
                if r[1] == "out":
                    inter["out"] = idx
            if "lanes" in st:
                inter["lanes"] = lane_objects(st["lanes"], mapbox)
            if "classes" in st:
                inter["classes"] = st["classes"]
            intersections = [inter]
            # Cross streets along the step at the hand-written interior points ("crossings": True for both
            # sides, or a list of "left"/"right"/"both" per interior point for side streets on one side).
            crossings = st.get("crossings")
            for k in range(1, len(coords) - 1) if crossings else []:
                p = coords[k]
                b_in = bearing(coords[k - 1], p)
                b_out = bearing(p, coords[k + 1])
                sides = crossings[k - 1] if isinstance(crossings, list) else "both"
                side_roads = {"both": [90, 270], "right": [90], "left": [270], "none": []}[sides]
                bs = sorted({round((b_in + 180) % 360) % 360, round(b_out) % 360} |
                            {round(b_out + d) % 360 for d in side_roads})
                x = {"location": loc(p), "bearings": bs, "entry": [b != round((b_in + 180) % 360) % 360 for b in bs],
                     "in": bs.index(round((b_in + 180) % 360) % 360), "out": bs.index(round(b_out) % 360)}
                if "classes" in st:
                    x["classes"] = st["classes"]
                intersections.append(x)
            step = {"geometry": geometry(coords), "maneuver": man, "mode": st.get("mode", "driving"),
                    "driving_side": spec["driving_side"], "name": st.get("name", ""),
                    "intersections": intersections, "weight": dur, "duration": dur, "distance": dist}
            for key in ("ref", "destinations", "exits", "rotary_name", "junction_name", "pronunciation"):
                if key in st:
                    step[key] = st[key]
            steps_out.append(step)
            if dist > 0:
                last_bearing = bearing(coords[-2], coords[-1])
            if not route_coords or route_coords[-1] != coords[0]:
                route_coords.append(coords[0])
            for c in coords[1:]:
                if route_coords[-1] != c:
                    route_coords.append(c)
            previous = coords[-1]
            if st["type"] == "depart" and not waypoints:
                waypoints.append((leg["from"], coords[0]))
            if st["type"] == "arrive":
                waypoints.append((leg["to"], coords[0]))
        ldist = round(sum(s["distance"] for s in steps_out), 1)
        ldur = round(sum(s["duration"] for s in steps_out), 1)
        legs_out.append({"steps": steps_out, "summary": leg["summary"], "weight": ldur, "duration": ldur,
                         "distance": ldist})
    rdist = round(sum(l["distance"] for l in legs_out), 1)
    rdur = round(sum(l["duration"] for l in legs_out), 1)
    route = {"geometry": geometry(route_coords), "legs": legs_out, "weight_name": "routability",
             "weight": rdur, "duration": rdur, "distance": rdist}
    return {"code": "Ok", "routes": [route],
            "waypoints": [{"name": n, "location": loc(p), "distance": 0.0} for n, p in waypoints]}


# ---------------------------------------------------------------------------------------------
# 1. Washington, DC (right-hand traffic, polyline6): the default route for `voiceguide drive`.
#    P Street → Dupont Circle (roundabout, 4th exit) → 20th St → R St (78 m) → 21st St → S St →
#    end of road onto Massachusetts Avenue (Embassy Row) → Wisconsin Avenue at the Cathedral.
DUPONT = (38.90960, -77.04340)
city_dc = {
    "file": "city-dc.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "P Street Northwest", "to": "Wisconsin Avenue Northwest",
        "summary": "P Street Northwest, Massachusetts Avenue Northwest",
        "steps": [
            {"type": "depart", "name": "P Street Northwest", "speed": 25, "crossings": True,
             "points": [(38.90960, -77.03450), (38.90960, -77.03650), (38.90960, -77.03950),
                        (38.90960, -77.04180), destination(DUPONT, 90, 55)]},
            {"type": "roundabout", "modifier": "straight", "exit": 4, "name": "P Street Northwest", "speed": 20,
             "roads": [30, 330, 300],
             "points": arc(DUPONT, 55, 90, 270, clockwise=False) + [(38.90960, -77.04510)]},
            {"type": "turn", "modifier": "right", "name": "20th Street Northwest", "speed": 25, "crossings": True,
             "points": [(38.91080, -77.04510), (38.91240, -77.04510)]},
            {"type": "turn", "modifier": "left", "name": "R Street Northwest", "speed": 20,
             "points": [(38.91240, -77.04600)]},
            {"type": "turn", "modifier": "right", "name": "21st Street Northwest", "speed": 20,
             "points": [(38.91380, -77.04600)]},
            {"type": "turn", "modifier": "left", "name": "S Street Northwest", "speed": 25, "crossings": True,
             "points": [(38.91380, -77.04780), (38.91380, -77.04960)]},
            {"type": "end of road", "modifier": "right", "name": "Massachusetts Avenue Northwest", "speed": 40,
             "points": [(38.91430, -77.04975), (38.91520, -77.05160), (38.91700, -77.05600),
                        (38.91850, -77.05900), (38.91990, -77.06230)]},
            {"type": "continue", "modifier": "slight left", "name": "Massachusetts Avenue Northwest", "speed": 40,
             "roads": [20],
             "points": [(38.92030, -77.06500), (38.92180, -77.06720), (38.92450, -77.06900),
                        (38.92750, -77.07080), (38.92900, -77.07300)]},
            {"type": "turn", "modifier": "slight right", "name": "Wisconsin Avenue Northwest", "speed": 30,
             "roads": [300, 160],
             "points": [(38.93050, -77.07350), (38.93150, -77.07380)]},
            {"type": "arrive", "modifier": "right", "name": "Wisconsin Avenue Northwest"},
        ]}],
}

# 2. San Francisco → Oakland over the Bay Bridge (right-hand, polyline5, Mapbox-style lanes).
motorway = {
    "file": "motorway-bay-bridge.json", "geometry": "polyline5", "driving_side": "right", "mapbox": True,
    "legs": [{
        "from": "Harrison Street", "to": "Lakeshore Avenue",
        "summary": "I 80, I 580",
        "steps": [
            {"type": "depart", "name": "Harrison Street", "speed": 30,
             "points": [(37.77600, -122.40520), (37.77760, -122.40320)]},
            {"type": "on ramp", "modifier": "slight left", "name": "", "speed": 50,
             "destinations": "I 80 East: Bay Bridge, Oakland", "roads": [45],
             "lanes": ["left:v", "straight:x", "straight:x"],
             "points": [(37.77830, -122.40200), (37.77920, -122.40080)]},
            {"type": "merge", "modifier": "slight left", "name": "James Lick Freeway", "ref": "I 80", "speed": 80,
             "classes": ["motorway"],
             "points": [(37.78050, -122.39900), (37.78250, -122.39600), (37.78500, -122.39250)]},
            {"type": "new name", "modifier": "straight", "name": "San Francisco–Oakland Bay Bridge", "ref": "I 80",
             "speed": 88, "classes": ["motorway"],
             "points": [(37.78800, -122.38850), (37.79500, -122.38000), (37.80300, -122.37100),
                        (37.80900, -122.36600), (37.81250, -122.36100), (37.81600, -122.35400),
                        (37.81950, -122.34300), (37.82250, -122.33200), (37.82450, -122.32000),
                        (37.82550, -122.31000), (37.82600, -122.30200)]},
            {"type": "fork", "modifier": "slight right", "name": "MacArthur Freeway", "ref": "I 580",
             "destinations": "I 580 East: Hayward, Stockton", "junction_name": "MacArthur Maze", "speed": 95,
             "classes": ["motorway"], "roads": [60],
             "lanes": ["straight:x", "straight:x", "straight:x", "slight right:a", "slight right:v"],
             "points": [(37.82700, -122.29500), (37.82650, -122.28700), (37.82500, -122.27800),
                        (37.82300, -122.26900), (37.82050, -122.26000), (37.81750, -122.25200)]},
            {"type": "off ramp", "modifier": "slight right", "name": "", "exits": "21A",
             "destinations": "Grand Avenue, Lakeshore Avenue", "speed": 50, "classes": ["motorway"],
             "lanes": ["straight:x", "straight:x", "straight:x", "straight;slight right:a"],
             "points": [(37.81600, -122.24950), (37.81450, -122.24800)]},
            {"type": "end of road", "modifier": "right", "name": "Lakeshore Avenue", "speed": 35, "roads": [30],
             "lanes": ["left:x", "right:a"],
             "points": [(37.81250, -122.24720), (37.81000, -122.24650)]},
            {"type": "arrive", "modifier": "right", "name": "Lakeshore Avenue"},
        ]}],
}


# 3. Manhattan, two legs with a named stop (right-hand, GeoJSON geometry). The grid runs 29° east
#    of north; 80 m per street; avenue offsets in meters east of Fifth Avenue.
def manhattan(street, avenue_offset):
    origin = (40.74844, -73.98566)  # Fifth Avenue at West 34th Street
    return destination(destination(origin, 29, (street - 34) * 80), 119, avenue_offset)


EIGHTH, FIFTH, MADISON, PARK, LEX, THIRD = -840, 0, 130, 260, 390, 520
multi_stop = {
    "file": "multi-stop-manhattan.json", "geometry": "geojson", "driving_side": "right",
    "legs": [
        {"from": "8th Avenue", "to": "Grand Central Terminal", "summary": "8th Avenue, West 42nd Street",
         "steps": [
             {"type": "depart", "name": "8th Avenue", "speed": 20, "crossings": True,
              "points": [manhattan(31, EIGHTH), manhattan(34, EIGHTH), manhattan(38, EIGHTH), manhattan(42, EIGHTH)]},
             {"type": "turn", "modifier": "right", "name": "West 42nd Street", "speed": 15, "crossings": True,
              "points": [manhattan(42, -560), manhattan(42, -280), manhattan(42, FIFTH)]},
             {"type": "new name", "modifier": "straight", "name": "East 42nd Street", "speed": 15,
              "points": [manhattan(42, MADISON), manhattan(42, 230)]},
             {"type": "arrive", "modifier": "left", "name": "East 42nd Street"},
         ]},
        {"from": "Grand Central Terminal", "to": "The Frick Collection", "summary": "3rd Avenue, Madison Avenue",
         "steps": [
             {"type": "depart", "name": "East 42nd Street", "speed": 15, "crossings": True,
              "points": [manhattan(42, LEX), manhattan(42, THIRD)]},
             {"type": "turn", "modifier": "left", "name": "3rd Avenue", "speed": 25, "crossings": True,
              "points": [manhattan(46, THIRD), manhattan(50, THIRD), manhattan(54, THIRD), manhattan(57, THIRD)]},
             {"type": "turn", "modifier": "left", "name": "East 57th Street", "speed": 15, "crossings": True,
              "points": [manhattan(57, LEX), manhattan(57, PARK), manhattan(57, MADISON)]},
             {"type": "turn", "modifier": "right", "name": "Madison Avenue", "speed": 20, "crossings": True,
              "points": [manhattan(60, MADISON), manhattan(64, MADISON), manhattan(70, MADISON)]},
             {"type": "turn", "modifier": "left", "name": "East 70th Street", "speed": 15,
              "points": [manhattan(70, 30)]},
             {"type": "arrive", "modifier": "right", "name": "East 70th Street"},
         ]},
    ],
}

# 4. Oxford, UK (left-hand traffic, polyline5): High Street → The Plain roundabout (3rd exit) →
#    Iffley Road → Magdalen Road ("Maudlin") → Cowley Road. Roundabouts run clockwise.
THE_PLAIN = (51.74985, -1.24260)
uk_oxford = {
    "file": "uk-oxford.json", "geometry": "polyline5", "driving_side": "left",
    "legs": [{
        "from": "High Street", "to": "Cowley Road", "summary": "High Street, Iffley Road",
        "steps": [
            {"type": "depart", "name": "High Street", "speed": 25,
             "points": [(51.75195, -1.25800), (51.75230, -1.25500), (51.75270, -1.25200), (51.75250, -1.24900),
                        (51.75160, -1.24700), (51.75090, -1.24600), destination(THE_PLAIN, 285, 30)]},
            {"type": "roundabout", "modifier": "right", "exit": 3, "name": "Iffley Road", "speed": 20,
             "roads": [60, 115],
             "points": arc(THE_PLAIN, 30, 285, 160, clockwise=True) +
                       [(51.74700, -1.24050), (51.74350, -1.23820), (51.74000, -1.23600)]},
            {"type": "turn", "modifier": "left", "name": "Magdalen Road", "pronunciation": "ˈmɔːdlɪn ɹəʊd",
             "speed": 25, "points": [(51.74080, -1.23250), (51.74150, -1.22850), (51.74300, -1.22350)]},
            {"type": "turn", "modifier": "right", "name": "Cowley Road", "ref": "B480", "speed": 30,
             "points": [(51.74150, -1.22050), (51.73950, -1.21750)]},
            {"type": "arrive", "modifier": "left", "name": "Cowley Road"},
        ]}],
}

# 5. Berlin (right-hand, polyline6): Straße des 17. Juni → Großer Stern (rotary, 3rd exit) →
#    Ernst-Reuter-Platz (roundabout, 4th exit) → Hardenbergstraße to Bahnhof Zoo. German grammar goldens.
GROSSER_STERN = (52.51450, 13.35010)
ERNST_REUTER = (52.51270, 13.32190)
berlin = {
    "file": "city-berlin.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "Straße des 17. Juni", "to": "Hardenbergstraße", "summary": "Straße des 17. Juni, Hardenbergstraße",
        "steps": [
            {"type": "depart", "name": "Straße des 17. Juni", "speed": 40,
             "points": [(52.51630, 13.37600), (52.51590, 13.36500), (52.51520, 13.35600),
                        destination(GROSSER_STERN, 80, 90)]},
            {"type": "rotary", "modifier": "straight", "exit": 3, "name": "Straße des 17. Juni",
             "rotary_name": "Großer Stern", "speed": 25, "roads": [20, 315, 225, 190],
             "points": arc(GROSSER_STERN, 90, 80, 265, clockwise=False) +
                       [(52.51370, 13.34000), (52.51300, 13.33000), destination(ERNST_REUTER, 88, 70)]},
            {"type": "roundabout", "modifier": "left", "exit": 4, "name": "Hardenbergstraße", "speed": 20,
             "roads": [15, 300, 265],
             "points": arc(ERNST_REUTER, 70, 88, 140, clockwise=False) +
                       [(52.51050, 13.32600), (52.50850, 13.32950), (52.50730, 13.33150)]},
            {"type": "arrive", "modifier": "right", "name": "Hardenbergstraße"},
        ]}],
}


def line(start, brg, meters, pieces):
    """Points every meters/pieces along a straight line from start (start itself excluded)."""
    return [destination(start, brg, meters * k / pieces) for k in range(1, pieces + 1)]


# Test fixtures (Tests/Fixtures/): real-data features the example routes do not show.
# A ferry crossing: drive to the terminal, board (a notification with mode "ferry"), cross, drive off.
FERRY_A = (54.57500, 11.92000)
_terminal = destination(FERRY_A, 90, 1200)
_quay = destination(_terminal, 0, 300)
_landing = destination(_quay, 20, 9000)
ferry_crossing = {
    "file": "../../Tests/Fixtures/ferry-crossing.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "Havnevej", "to": "Storegade", "summary": "Havnevej, Island Ferry",
        "steps": [
            {"type": "depart", "name": "Havnevej", "speed": 50, "points": line(FERRY_A, 90, 1200, 6)},
            {"type": "turn", "modifier": "left", "name": "Færgevej", "speed": 30, "points": line(_terminal, 0, 300, 3)},
            {"type": "notification", "modifier": "straight", "name": "Island Ferry", "mode": "ferry", "speed": 30,
             "points": line(_quay, 20, 9000, 9)},
            {"type": "notification", "modifier": "straight", "name": "Færgevej", "speed": 30,
             "points": line(_landing, 45, 400, 4)},
            {"type": "turn", "modifier": "right", "name": "Storegade", "speed": 40,
             "points": line(destination(_landing, 45, 400), 135, 500, 5)},
            {"type": "arrive", "modifier": "right", "name": "Storegade"},
        ]}],
}

# Junction names (Tokyo, left-hand traffic): two turns at named crossings.
SHIBUYA = (35.65950, 139.70050)
_dogenzaka = destination(SHIBUYA, 250, 600)
junction_names = {
    "file": "../../Tests/Fixtures/junction-names.json", "geometry": "polyline6", "driving_side": "left",
    "legs": [{
        "from": "Meiji-dori", "to": "Route 246", "summary": "Meiji-dori, Dogenzaka",
        "steps": [
            {"type": "depart", "name": "Meiji-dori", "speed": 30, "points": line(destination(SHIBUYA, 0, 800), 180, 800, 8)},
            {"type": "turn", "modifier": "right", "name": "Dogenzaka", "junction_name": "Shibuya Crossing",
             "speed": 30, "roads": [0, 90], "points": line(SHIBUYA, 250, 600, 6)},
            {"type": "turn", "modifier": "left", "name": "Route 246", "junction_name": "Dogenzaka-ue",
             "speed": 40, "roads": [70], "points": line(_dogenzaka, 200, 700, 7)},
            {"type": "arrive", "modifier": "left", "name": "Route 246"},
        ]}],
}

# A named rotary whose exit road has its name (Logan Circle, DC), entered without an exit number.
LOGAN = (38.90960, -77.02970)
named_rotary = {
    "file": "../../Tests/Fixtures/named-rotary.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "P Street Northwest", "to": "13th Street Northwest", "summary": "P Street Northwest, Logan Circle",
        "steps": [
            {"type": "depart", "name": "P Street Northwest", "speed": 30,
             "points": line(destination(LOGAN, 270, 700), 90, 640, 8)},
            {"type": "rotary", "modifier": "right", "name": "Logan Circle Northwest",
             "rotary_name": "Logan Circle Northwest", "speed": 20, "roads": [0, 180, 45, 135],
             "points": arc(LOGAN, 60, 270, 0, clockwise=False)},
            {"type": "turn", "modifier": "right", "name": "13th Street Northwest", "speed": 30,
             "points": line(destination(LOGAN, 0, 60), 0, 500, 5)},
            {"type": "arrive", "modifier": "left", "name": "13th Street Northwest"},
        ]}],
}

# The last turn 7 m before the destination.
SHORT = (52.37300, 4.89000)
short_final_step = {
    "file": "../../Tests/Fixtures/short-final-step.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "Prinsengracht", "to": "Leidsegracht", "summary": "Prinsengracht",
        "steps": [
            {"type": "depart", "name": "Prinsengracht", "speed": 30, "points": line(SHORT, 180, 600, 6)},
            {"type": "turn", "modifier": "right", "name": "Leidsegracht", "speed": 20,
             "points": [destination(destination(SHORT, 180, 600), 270, 7)]},
            {"type": "arrive", "modifier": "left", "name": "Leidsegracht"},
        ]}],
}

# Two legs; the stop is named only by the street it snapped to (the street driven at the stop).
STOP = (38.91100, -77.03600)
stop_on_street = {
    "file": "../../Tests/Fixtures/stop-on-street.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [
        {"from": "14th Street Northwest", "to": "Q Street Northwest", "summary": "14th Street Northwest",
         "steps": [
             {"type": "depart", "name": "14th Street Northwest", "speed": 30, "points": line(destination(STOP, 180, 600), 0, 600, 6)},
             {"type": "turn", "modifier": "left", "name": "Q Street Northwest", "speed": 25, "points": line(STOP, 270, 300, 3)},
             {"type": "arrive", "modifier": "right", "name": "Q Street Northwest"},
         ]},
        {"from": "Q Street Northwest", "to": "17th Street Northwest", "summary": "Q Street Northwest",
         "steps": [
             {"type": "depart", "name": "Q Street Northwest", "speed": 25,
              "points": line(destination(STOP, 270, 300), 270, 400, 4)},
             {"type": "turn", "modifier": "right", "name": "17th Street Northwest", "speed": 25,
              "points": line(destination(STOP, 270, 700), 0, 400, 4)},
             {"type": "arrive", "modifier": "right", "name": "17th Street Northwest"},
         ]},
    ],
}

# Side roads before the turns: a right turn after another street on the right (and one on the left,
# which does not count), then a left turn after two streets on the left.
SIDE = (48.13700, 11.57500)
_first_turn = destination(SIDE, 0, 600)
_second_turn = destination(_first_turn, 90, 400)
side_roads = {
    "file": "../../Tests/Fixtures/side-roads.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "Ludwigstraße", "to": "Schellingstraße", "summary": "Ludwigstraße",
        "steps": [
            {"type": "depart", "name": "Ludwigstraße", "speed": 40,
             "crossings": ["none", "none", "left", "none", "right"],
             "points": [SIDE] + [destination(SIDE, 0, d) for d in (100, 200, 350, 450, 550, 600)]},
            {"type": "turn", "modifier": "right", "name": "Adalbertstraße", "speed": 30,
             "crossings": ["left", "left"],
             "points": [destination(_first_turn, 90, d) for d in (150, 300, 400)]},
            {"type": "turn", "modifier": "left", "name": "Schellingstraße", "speed": 30,
             "points": line(_second_turn, 0, 400, 4)},
            {"type": "arrive", "modifier": "right", "name": "Schellingstraße"},
        ]}],
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for spec in (city_dc, motorway, multi_stop, uk_oxford, berlin, ferry_crossing, junction_names, named_rotary,
                 short_final_step, stop_on_street, side_roads):
        doc = build(spec)
        path = os.path.normpath(os.path.join(os.path.dirname(here), spec["file"]))
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
        r = doc["routes"][0]
        print(f"{spec['file']}: {r['distance']:.0f} m, {r['duration']:.0f} s, "
              f"{sum(len(l['steps']) for l in r['legs'])} steps")


if __name__ == "__main__":
    # Parsed first, so --help (or a mistyped option) prints and exits without rewriting the examples.
    argparse.ArgumentParser(
        description="Rewrites the example OSRM v5 routes in Examples/Routes/ from the hand-written step lists "
                    "in this script (distances, durations, bearings and geometry computed to agree).",
        epilog="Takes no arguments; review the JSON diff after running it.").parse_args()
    main()

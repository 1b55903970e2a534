#!/usr/bin/env python3
"""Builds the hand-authored OSRM v5 routes in this directory (real data: legacy names, ref lists, exit lists and
ranges, signposts in every real form) with the example builder in Examples/Routes/tools/make_routes.py.

Run: python3 Tests/Fixtures/osrm/make_fixtures.py   (rewrites the JSON files beside this script)
"""
import importlib.util
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
tools = os.path.join(here, "..", "..", "..", "Examples", "Routes", "tools", "make_routes.py")
spec = importlib.util.spec_from_file_location("make_routes", tools)
make_routes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_routes)

# Ohio and beyond (right-hand traffic, polyline6): a motorway day with every legacy naming habit.
legacy = {
    "file": "legacy-refs-exits.json", "geometry": "polyline6", "driving_side": "right",
    "legs": [{
        "from": "West Street", "to": "Main Street",
        "summary": "Ohio Turnpike, I 95",
        "steps": [
            {"type": "depart", "name": "West Street", "speed": 40,
             "points": [(41.30000, -81.60000), (41.30000, -81.59000)]},
            {"type": "on ramp", "modifier": "slight left", "name": "", "speed": 60,
             "destinations": "I 80 East, I 90 East: Youngstown, New York City",
             "points": [(41.30100, -81.58000), (41.30200, -81.57000)]},
            {"type": "merge", "modifier": "slight left", "name": "Ohio Turnpike (I-80 East)", "ref": "I-80 East",
             "speed": 110, "points": [(41.30300, -81.55000), (41.30300, -81.50000), (41.30300, -81.45000)]},
            {"type": "continue", "modifier": "straight", "name": "", "ref": "I 80; US 6", "speed": 110,
             "destinations": "I 80 East: Youngstown",
             "points": [(41.30300, -81.40000), (41.30300, -81.35000)]},
            {"type": "off ramp", "modifier": "slight right", "name": "", "exits": "12A;12B", "speed": 70,
             "destinations": "US 29 North", "points": [(41.30200, -81.34000), (41.30100, -81.33000)]},
            {"type": "fork", "modifier": "slight left", "name": "", "speed": 70,
             "destinations": "A 1, A 7: Hamburg, Bremen", "points": [(41.30050, -81.32000), (41.30000, -81.31000)]},
            {"type": "merge", "modifier": "slight right", "name": "CA 174", "ref": "CA 174", "speed": 100,
             "points": [(41.30000, -81.29000), (41.30000, -81.25000)]},
            {"type": "off ramp", "modifier": "slight right", "name": "", "exits": "43-44", "speed": 70,
             "destinations": "I 95 North: Baltimore", "points": [(41.29900, -81.24000), (41.29800, -81.23000)]},
            {"type": "end of road", "modifier": "left", "name": "Main Street", "speed": 40,
             "destinations": "Baltimore", "points": [(41.30300, -81.23000), (41.30800, -81.23000)]},
            {"type": "arrive", "modifier": "right", "name": "Main Street"},
        ]}],
}


def main():
    for fixture in (legacy,):
        doc = make_routes.build(fixture)
        with open(os.path.join(here, fixture["file"]), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()

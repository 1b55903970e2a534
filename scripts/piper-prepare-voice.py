"""Prepares a Piper voice for sherpa-onnx at install time (never at run time).

Usage: piper-prepare-voice.py MODEL.onnx MODEL.onnx.json OUT_DIR

Writes OUT_DIR/NAME.onnx (a copy of the model with the metadata sherpa-onnx reads: model_type, comment,
language, voice, has_espeak, n_speakers, sample_rate, add_blank), OUT_DIR/NAME.onnx.json (the voice's
configuration, as shipped) and OUT_DIR/tokens.txt (one `SYMBOL ID` line per entry of phoneme_id_map).
Exit 65 when the configuration lacks what a Piper voice has, 66 when a file is missing.
"""
import json
import os
import shutil
import sys


def fail(code, message):
    print(f"voiceguide piper-setup: {message}", file=sys.stderr)
    sys.exit(code)


def main(argv):
    if len(argv) != 4:
        fail(64, "usage: piper-prepare-voice.py MODEL.onnx MODEL.onnx.json OUT_DIR")
    model_path, config_path, out_dir = argv[1], argv[2], argv[3]
    for path in (model_path, config_path):
        if not os.path.isfile(path):
            fail(66, f"{path}: no such file")
    try:
        with open(config_path, encoding="utf-8") as handle:
            config = json.load(handle)
    except (OSError, ValueError) as error:
        fail(65, f"{config_path}: not JSON ({error})")

    def field(*keys):
        value = config
        for key in keys:
            if not isinstance(value, dict) or key not in value:
                fail(65, f"{config_path}: missing {'.'.join(keys)}")
            value = value[key]
        return value

    sample_rate = field("audio", "sample_rate")
    id_map = field("phoneme_id_map")
    voice = field("espeak", "voice")
    n_speakers = config.get("num_speakers", 1)
    language = config.get("language", {}).get("code", voice)
    if not isinstance(id_map, dict) or not id_map:
        fail(65, f"{config_path}: phoneme_id_map is not an object of symbols")

    import onnx  # only here: the checks above need no onnx

    model = onnx.load(model_path)
    props = {
        "model_type": "vits",
        "comment": "piper",
        "language": str(language),
        "voice": str(voice),
        "has_espeak": "1",
        "n_speakers": str(n_speakers),
        "sample_rate": str(sample_rate),
        "add_blank": "0",
    }
    kept = [p for p in model.metadata_props if p.key not in props]
    del model.metadata_props[:]
    model.metadata_props.extend(kept)
    for key, value in props.items():
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value

    name = os.path.basename(model_path)
    os.makedirs(out_dir, exist_ok=True)
    partial = os.path.join(out_dir, name + ".partial")
    onnx.save(model, partial)
    lines = []
    for symbol, ids in id_map.items():
        if not isinstance(ids, list) or not ids or not all(isinstance(i, int) for i in ids):
            fail(65, f"{config_path}: phoneme_id_map.{symbol} is not a list of ids")
        if "\n" in symbol or "\r" in symbol:
            continue
        lines.append(f"{symbol} {ids[0]}\n")
    with open(os.path.join(out_dir, "tokens.txt"), "w", encoding="utf-8") as handle:
        handle.writelines(lines)
    shutil.copyfile(config_path, os.path.join(out_dir, name + ".json"))
    os.replace(partial, os.path.join(out_dir, name))


if __name__ == "__main__":
    main(sys.argv)

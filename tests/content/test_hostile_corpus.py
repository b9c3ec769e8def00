"""A corpus of malformed files of every kind (issue 15, item 6): scenarios, Tiled maps,
saves and query lines, generated from good files of the repository by breaking one thing
each, plus the hand-written ones in tests/hostile/. Every one is refused with exactly one
line naming the file (control characters escaped), never a traceback nor a hang; a file
saved with a byte-order mark loads."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import saves
from game.content.errors import ContentError
from game.content.scenario import load_scenario, parse_scenario
from game.engine import Battle
from game.query import QuerySession, run

ROOT = Path(__file__).resolve().parents[2]
FORD = (ROOT / "tests" / "scenarios" / "ford.toml").read_text(encoding="utf-8")
VILLAGE = json.loads((ROOT / "maps" / "village_square.tmj").read_text(encoding="utf-8"))
HAND = ROOT / "tests" / "hostile"
DEEP = "[" * 5000

# (creature key, a TOML value that is wrong for it): each goes into tordek's table.
CREATURE_VALUES = [
    ("speed", v) for v in ("inf", "-inf", "nan", "1.5e300", "1.5e8", "-3", '"9"', "true", "[9]", "1.0", "10.4")
] + [("hp", v) for v in ("-50", "0", "10000000", '"10"', "1.5", "true")] + [
    (a, v) for a in ("str", "dex", "con", "int", "wis", "cha") for v in ("-40", "100", '"x"')
] + [("ac", "100000"), ("bab", "-100000"), ("hd", "1000"), ("initiative", "1e3"), ("fort", "[]")] + [
    ("caster_class", v) for v in ("false", "[]", "0", '"necromancer"', "{}")
] + [("feat_choices", v) for v in ('{napping = "longsword"}', '{weapon_focus = "lightsaber"}', '"x"',
                                    "{weapon_focus = 3}")] + [
    ("weapon", "3"), ("weapon", '"lightsaber"'), ("weapon", "[]"), ("size", '"Q"'), ("size", "3"),
    ("reach", '"far"'), ("conditions", '"prone"'), ("conditions", '["sleepy"]'), ("conditions", "[1]"),
    ("feats", '["x"]'), ("feats", '"power_attack"'), ("armor", '"cardboard"'), ("armor", "5"),
    ("shield", '"chain_shirt"'), ("inventory", '["x"]'), ("spells", '["zzz"]'), ("spells", '"x"'),
    ("spell_slots", "[-1]"), ("spell_slots", '"x"'), ("spell_like", "{zzz = 1}"), ("spell_like", "3"),
    ("surprised", '"yes"'), ("loaded", "1"), ("undead", "2"), ("afraid_of", '"nobody"'), ("afraid_of", "3"),
    ("bogus", "1"), ("template", '"nope"'), ("template", "3"), ("holding", '"longsword"'), ("off_hand", '"zz"'),
    ("off_hand", '"greatsword"'), ("name", "3"), ("name", '"\\udcff"'), ("x", DEEP), ("y", "{a = " * 3000),
    ("hp", "7" * 5000), ("speed", "9" * 60),
]
# tordek's id or side lines replaced
LINE_EDITS = [('id = "tordek"', v) for v in ('id = ""', 'id = 3', 'id = "a\\nb"', 'id = "a\\u0007b"',
                                              'id = "\\u2028"')] + [
    ('side = "blue"', v) for v in ('side = ""', "side = 3", 'side = "b\\tl"')] + [
    ("at = [2, 6]", v) for v in ("at = [1]", "at = [1, 2, 3]", 'at = ["a", "b"]', "at = [1.5, 2]",
                                 "at = [99999999999999, 0]", "at = [-1, 0]", "at = [16, 6]", "at = [5, 1]",
                                 "at = [4, 6]")]
TOP_EDITS = ['seed = "x"', "seed = 1.5", "seed = " + "7" * 5000, "title = 3", "rules = 3",
             'rules = {charge_lane = "x"}', "rules = {nope = 1}", "bogus = 1", "creature = 3",
             "description = []", "sides = 3", 'sides = {red = {control = "robot"}}', "title_fr = 1",
             "x = " + DEEP, "seed = inf", "seed = 1e400"]
GRIDS = ["3", '""', '"' + "." * 300 + '"', '"""\n' + ".\n" * 300 + '"""', '"..X.."', "{}"]


def with_tordek_key(key: str, value: str) -> str:
    """The ford with tordek's ``key`` set to ``value``: its own line replaced when the file
    gives one (a key written twice would be refused as broken TOML before any check)."""
    block_start = FORD.index('id = "tordek"\n')
    block_end = FORD.index("[[creature]]", block_start)
    lines = FORD[block_start:block_end].split("\n")
    kept = [line for line in lines if not line.startswith(f"{key} = ")]
    kept.insert(1, f"{key} = {value}")
    return FORD[:block_start] + "\n".join(kept) + FORD[block_end:]


def toml_cases() -> dict[str, str]:
    cases = {}
    for i, (key, value) in enumerate(CREATURE_VALUES):
        cases[f"creature_{i:02d}_{key}.toml"] = with_tordek_key(key, value)
    for i, (old, new) in enumerate(LINE_EDITS):
        cases[f"line_{i:02d}.toml"] = FORD.replace(old, new, 1)
    for i, line in enumerate(TOP_EDITS):
        kept = "" if "title" in line else 'title = "Le gué"\n'
        cases[f"top_{i:02d}.toml"] = line + "\n" + FORD.replace('title = "Le gué"\n', kept)
    grid_start, grid_end = FORD.index("grid = "), FORD.index('"""\n\n[[creature]]') + 4
    for i, grid in enumerate(GRIDS):
        cases[f"grid_{i:02d}.toml"] = FORD[:grid_start] + "grid = " + grid + "\n" + FORD[grid_end:]
    cases["no_map.toml"] = FORD[:FORD.index("[map]")] + FORD[FORD.index("[[creature]]"):]
    cases["broken.toml"] = FORD + "\n[[creature]\n"
    cases["too_large.toml"] = FORD + "#" + "x" * 4_100_000 + "\n"
    cases["creature_array_of_ints.toml"] = 'title = "x"\ncreature = [1, 2]\n[map]\ngrid = "..."\n'
    return cases


def tiled_cases() -> dict[str, str]:
    def edit(change) -> str:
        doc = json.loads(json.dumps(VILLAGE))
        change(doc, next(layer for layer in doc["layers"] if layer["name"] == "creatures"),
               next(layer for layer in doc["layers"] if layer["name"] == "terrain"))
        return json.dumps(doc)

    def obj_set(key, value):
        return lambda d, c, t: c["objects"][0].update({key: value})

    def prop(name, value):
        return lambda d, c, t: c["objects"][0]["properties"].append({"name": name, "type": "string", "value": value})
    edits = {
        "objects_dict": lambda d, c, t: c.update(objects={}), "objects_string": lambda d, c, t: c.update(objects="x"),
        "tiles_dict": lambda d, c, t: d["tilesets"][0].update(tiles={}),
        "tiles_int": lambda d, c, t: d["tilesets"][0].update(tiles=3),
        "height_string": obj_set("height", "32"), "height_list": obj_set("height", []),
        "x_huge": obj_set("x", 1e300), "x_string": obj_set("x", "64"), "y_missing": obj_set("y", None),
        "width_5000": lambda d, c, t: d.update(width=5000, height=5000),
        "width_0": lambda d, c, t: d.update(width=0), "width_string": lambda d, c, t: d.update(width="3"),
        "tilewidth_0": lambda d, c, t: d.update(tilewidth=0), "iso": lambda d, c, t: d.update(orientation="isometric"),
        "infinite": lambda d, c, t: d.update(infinite=True), "layers_dict": lambda d, c, t: d.update(layers={}),
        "layers_int": lambda d, c, t: d.update(layers=[3]), "tilesets_dict": lambda d, c, t: d.update(tilesets={}),
        "no_terrain": lambda d, c, t: t.update(name="ground"),
        "two_creature_layers": lambda d, c, t: d["layers"].append(dict(c)),
        "firstgid_missing": lambda d, c, t: d["tilesets"][0].pop("firstgid"),
        "firstgid_true": lambda d, c, t: d["tilesets"][0].update(firstgid=True),
        "external_tileset": lambda d, c, t: d["tilesets"][0].update(source="x.tsx"),
        "tilecount_negative": lambda d, c, t: d["tilesets"][0].update(tilecount=-1),
        "tile_char_X": lambda d, c, t: d["tilesets"][0]["tiles"].append(
            {"id": 0, "properties": [{"name": "char", "type": "string", "value": "X"}]}),
        "tile_not_object": lambda d, c, t: d["tilesets"][0]["tiles"].append(3),
        "data_short": lambda d, c, t: t.update(data=t["data"][:-1]),
        "data_negative": lambda d, c, t: t.update(data=[-1] * len(t["data"])),
        "data_strings": lambda d, c, t: t.update(data=["1"] * len(t["data"])),
        "data_unknown_gid": lambda d, c, t: t.update(data=[999] * len(t["data"])),
        "base64_junk": lambda d, c, t: t.update(encoding="base64", data="!!!"),
        "base64_list": lambda d, c, t: t.update(encoding="base64"),
        "compression_lzma": lambda d, c, t: t.update(encoding="base64", compression="lzma", data="AAAA"),
        "zlib_junk": lambda d, c, t: t.update(encoding="base64", compression="zlib", data="AAAA"),
        "encoding_xml": lambda d, c, t: t.update(encoding="xml"),
        "surrogate_name": obj_set("name", "\udcff"), "newline_name": obj_set("name", "a\nb"),
        "surrogate_side": prop("side", "\udcff"), "surrogate_template": prop("template", "\ud800x"),
        "prop_at": prop("at", "1,2"), "props_dict_bad": obj_set("properties", 3),
        "prop_bad_entry": lambda d, c, t: c["objects"][0]["properties"].append({"value": 1}),
        "unknown_map_property": lambda d, c, t: d["properties"].append({"name": "zz", "type": "string", "value": 1}),
        "seed_string": lambda d, c, t: d["properties"].append({"name": "seed", "type": "string", "value": "x"}),
        "no_id": lambda d, c, t: c["objects"][0].update(name=""),
        "object_int": lambda d, c, t: c["objects"].append(3),
        "hp_negative": prop("hp", -50), "speed_huge": prop("speed", 1.5e300), "speed_float_odd": prop("speed", 1.1),
        "caster_class_list": prop("caster_class", []), "big_int": prop("hp", 10 ** 30),
        "type_tileset": lambda d, c, t: d.update(type="tileset"), "no_layers": lambda d, c, t: d.pop("layers"),
    }
    cases = {f"{name}.tmj": edit(change) for name, change in edits.items()}
    good = json.dumps(VILLAGE)
    cases["x_infinity.tmj"] = good.replace('"x": 64', '"x": Infinity', 1)
    cases["x_nan.tmj"] = good.replace('"x": 64', '"x": NaN', 1)
    cases["x_1e400.tmj"] = good.replace('"x": 64', '"x": 1e400', 1)
    cases["x_5000_digits.tmj"] = good.replace('"x": 64', '"x": ' + "6" * 5000, 1)
    cases["nested.tmj"] = good[:-1] + ', "deep": ' + DEEP + "}"
    cases["nested_objects.tmj"] = good[:-1] + ', "deep": ' + '{"a":' * 5000 + "}"
    cases["array.tmj"] = "[1, 2]"
    cases["broken.tmj"] = good[:-2]
    cases["empty.tmj"] = ""
    return cases


ALL_FILES = {**toml_cases(), **tiled_cases()}


@pytest.mark.parametrize("name", sorted(ALL_FILES))
def test_every_malformed_file_is_refused_in_one_line(tmp_path, name):
    path = tmp_path / name
    path.write_text(ALL_FILES[name], encoding="utf-8", errors="surrogatepass")
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    assert_one_line(caught.value.line(), path)


HAND_BAD = sorted(p.name for p in HAND.iterdir() if not p.name.startswith("good_"))


@pytest.mark.parametrize("name", HAND_BAD)
def test_every_hand_written_file_is_refused_in_one_line(name):
    with pytest.raises(ContentError) as caught:
        load_scenario(HAND / name)
    assert_one_line(caught.value.line(), HAND / name)


def assert_one_line(line: str, path: Path) -> None:
    assert str(path) in line
    assert "\n" not in line and "\r" not in line and "\u2028" not in line, line
    assert all(not "\ud800" <= ch <= "\udfff" for ch in line), line
    line.encode("utf-8")
    assert "Traceback" not in line


def test_a_file_with_a_byte_order_mark_loads():
    scenario = load_scenario(HAND / "good_with_bom.toml")
    assert scenario.title == "BOM" and [c.id for c in scenario.creatures] == ["a", "b"]
    tmp = json.dumps(VILLAGE)
    from game.content.scenario import parse_tiled
    assert parse_tiled("\ufeff" + tmp, "bom.tmj").title == VILLAGE["properties"][0]["value"]


def test_an_id_with_a_newline_is_refused_on_one_escaped_line():
    with pytest.raises(ContentError) as caught:
        load_scenario(HAND / "id_with_newline.toml")
    assert "a\\nb" in caught.value.line()


@pytest.mark.parametrize("name", ["speed_inf.toml", "nested_arrays.toml", "seed_5000_digits.toml", "nested.tmj"])
def test_the_command_line_refuses_on_stderr_with_status_2(name):
    for command in ("query", "play"):
        proc = subprocess.run([sys.executable, "-m", "game", command, str(HAND / name)], cwd=ROOT, input="",
                              capture_output=True, text=True, timeout=60,
                              env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""})
        assert proc.returncode == 2, (command, proc)
        assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, (command, proc.stderr)
        assert str(HAND / name) in proc.stderr and "Traceback" not in proc.stderr


# --- saves ------------------------------------------------------------------------------
DUEL = """seed = 3
[map]
grid = \"\"\"
..........
..........
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 20
[[creature]]
id = "orc"
side = "red"
at = [6, 1]
weapon = "club"
hp = 6
initiative = 10
"""


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("good")
    (folder / "duel.toml").write_text(DUEL, encoding="utf-8")
    battle = Battle(load_scenario(folder / "duel.toml"))
    assert battle.act("hero", "move", {"squares": [[2, 1], [3, 1]]})[0]
    assert battle.act("hero", "end_turn", {})[0]
    doc = saves.save_document(battle, {"lang": "en"})
    battle.close()
    return doc


def save_cases(good: dict) -> dict[str, str]:
    def edit(change) -> str:
        doc = json.loads(json.dumps(good))
        change(doc)
        return json.dumps(doc)
    text = json.dumps(good)
    cases = {
        "not_json": "{not json", "empty": "", "array": "[1]", "format": edit(lambda d: d.update(format="zip")),
        "version_2": edit(lambda d: d.update(version=2)), "version_string": edit(lambda d: d.update(version="1")),
        "extra_key": edit(lambda d: d.update(bogus=1)), "commands_dict": edit(lambda d: d.update(commands={})),
        "command_int": edit(lambda d: d.update(commands=[1])),
        "command_no_who": edit(lambda d: d["commands"][0].pop("who")),
        "command_bad_who": edit(lambda d: d["commands"][0].update(who="nobody")),
        "dice_strings": edit(lambda d: d["commands"][0].update(dice=["1"])),
        "rolled_wrong": edit(lambda d: d["commands"][0].update(rolled=[99])),
        "instead_bad": edit(lambda d: d["commands"][0].update(instead=3)),
        "check_hp": edit(lambda d: d["check"]["creatures"]["orc"].update(hp=1)),
        "check_round": edit(lambda d: d["check"].update(round=99)),
        "speed_inf": edit(lambda d: d.update(scenario_text=d["scenario_text"].replace("hp = 6", "hp = 6\nspeed = inf"))),
        "scenario_nested": edit(lambda d: d.update(scenario_text=d["scenario_text"] + "\nx = " + DEEP)),
        "scenario_broken": edit(lambda d: d.update(scenario_text="[[[")),
        "hp_negative": edit(lambda d: d.update(scenario_text=d["scenario_text"].replace("hp = 6", "hp = -50"))),
        "surrogate": text.replace('"hero"', '"\\udcff"', 1), "infinity": text.replace('"seed": 3', '"seed": Infinity'),
        "huge_number": text.replace('"seed": 3', '"seed": ' + "3" * 5000), "seed_float": edit(lambda d: d.update(seed=1.5)),
        "nested": text[:-1] + ', "x": ' + DEEP + "}",
        "meta_list": edit(lambda d: d.update(meta=[])),
        "missing_check": edit(lambda d: d.pop("check")), "missing_commands": edit(lambda d: d.pop("commands")),
        "missing_scenario": edit(lambda d: d.pop("scenario_text")),
    }
    if "state" in good:
        cases["state_junk"] = edit(lambda d: d.update(state=3))
    return cases


def test_every_malformed_save_is_refused_in_one_line(tmp_path, good_save):
    cases = save_cases(good_save)
    assert len(cases) >= 28
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ContentError) as caught:
            saves.load_save(path)
        assert_one_line(caught.value.line(), path)
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe\x00{")
    with pytest.raises(ContentError) as caught:
        saves.load_save(junk)
    assert_one_line(caught.value.line(), junk)


def test_a_save_with_a_byte_order_mark_loads(tmp_path, good_save):
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(good_save), encoding="utf-8")
    loaded = saves.load_save(path)
    assert loaded.battle.state()["creatures"]["hero"]["at"] == [3, 1]
    loaded.battle.close()


# --- query lines ------------------------------------------------------------------------
BAD_LINES = [
    "[" * 5000, '{"q": ' + "[" * 5000, '{"q": "state", "n": ' + "9" * 5000 + "}", '{"q": "state", "n": NaN}',
    '{"q": "state", "n": 1e400}', '{"q": "act", "who": "\\udcff", "action": "move"}',
    '{"q": "act", "who": "tordek", "action": "\\udcff"}', '{"q": "odds", "who": "tordek", "target": "\\udcff"}',
    '{"q": "act", "who": "tordek", "action": "attack", "weapon": "\\ud800"}', '{"q": "\\udcff"}',
    '{"q": "reachable", "who": "tordek", "mode": "move", "x": ' + "1" * 4400 + "}", "3", "null",
    '{"q": "path", "who": "tordek", "mode": "move", "squares": [[1e300, 0]]}', '{"q": "state"',
    '{"q": "act", "who": "tordek", "action": "move", "squares": [[99999999999, 0]]}',
]


def test_every_malformed_query_line_is_answered_in_one_line():
    battle = Battle(load_scenario(ROOT / "tests" / "scenarios" / "ford.toml"))
    try:
        lines = [line.encode("utf-8") for line in BAD_LINES] + [b"\xff\xfe{}", b'{"q": "st\xc3"}']
        out = io.StringIO()
        run(battle, io.BytesIO(b"\n".join(lines) + b"\n"), out)
        answers = out.getvalue().splitlines()
        assert len(answers) == len(lines)
        for line, answer in zip(lines, answers):
            answer.encode("utf-8")
            parsed = json.loads(answer)
            refused = parsed["ok"] is False and not parsed["error"].startswith("Internal error")
            assert refused or parsed.get("legal") is False, (line[:60], parsed)   # absurd squares: not adjacent
        session = QuerySession(battle)
        assert session.answer_line("[" * 5000)["error"].startswith("Malformed JSON")
        assert session.answer_line('{"n": ' + "9" * 5000 + "}")["error"].startswith("Malformed JSON")
    finally:
        battle.close()


@pytest.mark.parametrize("index", range(len(CREATURE_VALUES)))
def test_a_bad_creature_value_is_refused_naming_the_creature_and_its_key(index):
    """Each wrong value of tordek's table is named by its creature and key (its schema's
    refusal), except those the guard refuses by line before the TOML is read."""
    key, value = CREATURE_VALUES[index]
    with pytest.raises(ContentError) as caught:
        parse_scenario(with_tordek_key(key, value), "ford.toml")
    where = caught.value.where or ""
    if len(value) > 40 or "\\udcff" in value:         # too deep, too long a number, a lone surrogate
        assert where.startswith("line "), caught.value.line()
    else:
        assert where.startswith('creature "tordek"'), caught.value.line()
        assert key in f"{where}: {caught.value.what}", caught.value.line()

"""The declared schema of a Tiled map (``.tmj``; ``tiled.py``; issue 15, item 1): the part
of Tiled's JSON format Carreau reads, typed and bounded. Tiled writes many more keys
(``nextobjectid``, ``tiledversion``, ``editorsettings`` …) and adds some in each version,
so unknown keys are ignored here, unlike a scenario's: the keys read are checked. A
property's ``value`` is typed later, as the scenario key it stands for."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from .schema import MAX_SIDE

PIXELS = 10_000_000            # a coordinate in pixels: a 200-square side of 50,000-pixel tiles
Pixel = Annotated[float, Meta(ge=-PIXELS, le=PIXELS)]
Gid = Annotated[int, Meta(ge=0, le=2 ** 32 - 1)]     # a tile number, its flip bits included


class Property(Struct):
    """A custom property, as Tiled 1.2 and later write them."""

    name: Annotated[str, Meta(max_length=200)]
    value: Any
    type: str = "string"


# Tiled before 1.2 wrote properties as one {name: value} object.
Properties = Union[list[Property], dict[str, Any]]


class Tile(Struct):
    id: Annotated[int, Meta(ge=0, le=1_000_000)]
    properties: Properties = msgspec.field(default_factory=list)


class Tileset(Struct):
    firstgid: Annotated[int, Meta(ge=1, le=2 ** 29)]
    source: str | UnsetType = UNSET              # an external tileset: refused, with how to embed it
    tilecount: Annotated[int, Meta(ge=0, le=1_000_000)] = 0
    tiles: list[Tile] = msgspec.field(default_factory=list)


class MapObject(Struct):
    """An object of the ``creatures`` layer: a creature, its space's corner at ``x, y``."""

    x: Pixel
    y: Pixel
    id: int = 0
    name: Annotated[str, Meta(max_length=200)] = ""
    height: Annotated[float, Meta(ge=0, le=PIXELS)] = 0
    gid: Gid | UnsetType = UNSET                 # a tile object, anchored bottom-left
    properties: Properties = msgspec.field(default_factory=list)


class Layer(Struct):
    type: str                                     # tilelayer, objectgroup, group, imagelayer
    name: str = ""
    width: int | UnsetType = UNSET
    height: int | UnsetType = UNSET
    data: Union[Annotated[list[Gid], Meta(max_length=MAX_SIDE * MAX_SIDE)], str, UnsetType] = UNSET
    encoding: Literal["csv", "base64"] = "csv"
    compression: Literal["", "zlib", "gzip"] = ""
    chunks: Any = UNSET                           # an infinite map's: refused
    objects: list[MapObject] = msgspec.field(default_factory=list)
    layers: list[Layer] = msgspec.field(default_factory=list)    # a group's


class TiledMap(Struct):
    layers: list[Layer]
    width: Annotated[int, Meta(ge=1, le=MAX_SIDE)]
    height: Annotated[int, Meta(ge=1, le=MAX_SIDE)]
    tilewidth: Annotated[int, Meta(ge=1, le=50_000)]
    tileheight: Annotated[int, Meta(ge=1, le=50_000)]
    type: Literal["map"] = "map"
    orientation: Literal["orthogonal"] = "orthogonal"
    infinite: bool = False
    tilesets: list[Tileset] = msgspec.field(default_factory=list)
    properties: Properties = msgspec.field(default_factory=list)

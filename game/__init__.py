"""Carreau: the D&D 3.5 combat rules on a 1.5 m square grid."""

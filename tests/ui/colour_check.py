"""Colour measures for the accessibility tests: the WCAG 2 contrast ratio, a simulation
of the three kinds of dichromat vision (Machado, Oliveira and Fernandes 2009, full
severity, applied to linear RGB) and the CIE76 colour distance."""

from __future__ import annotations

import math

RGB = tuple[int, int, int]

MACHADO = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def luminance(c: RGB) -> float:
    r, g, b = (linear(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate(c: RGB, kind: str) -> RGB:
    m = MACHADO[kind]
    lin = [linear(v) for v in c[:3]]
    return tuple(encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(c: RGB) -> tuple[float, float, float]:
    r, g, b = (linear(v) for v in c[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def hex_rgb(text: str) -> RGB:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))

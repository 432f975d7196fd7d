"""Arithmetic of q elements for the rotation's designs (no database): the field GF(q)
when q is a prime power, otherwise the product of the fields of its prime-power factors.

Elements are the numbers 0…q-1; `add` and `mul` are tables (`ring.add[a][b]`). In
GF(p^e) an element is a polynomial over the integers mod p, its coefficients the base-p
digits of the number, multiplied modulo a primitive polynomial of degree e found by
trying them in turn (GF(4), GF(8), GF(9) need this: their sums are not sums mod q).

`slopes` are elements whose differences are all invertible: in a field every element;
in a product of fields, one per element of the smallest factor. Each slope gives one
parallel class of lines y = m·x + b (tournaments/seating/designs.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Ring:
    order: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]
    slopes: tuple[int, ...]


def prime_powers(q: int) -> list[tuple[int, int]]:
    """q as (prime, exponent) factors, smallest prime first."""
    factors, p = [], 2
    while p * p <= q:
        e = 0
        while q % p == 0:
            q //= p
            e += 1
        if e:
            factors.append((p, e))
        p += 1
    if q > 1:
        factors.append((q, 1))
    return factors


@cache
def ring(q: int) -> Ring:
    """The arithmetic of order q (q ≥ 2): GF(q) for a prime power, else a product."""
    if q < 2:
        raise ValueError(f"no ring of order {q}")
    parts = [_field(p, e) for p, e in prime_powers(q)]
    whole = parts[0]
    for part in parts[1:]:
        whole = _product(whole, part)
    return whole


def _field(p: int, e: int) -> Ring:
    q = p**e
    add = tuple(tuple(_digits_add(a, b, p, e) for b in range(q)) for a in range(q))
    if e == 1:
        mul = tuple(tuple(a * b % p for b in range(q)) for a in range(q))
    else:
        modulus = _primitive(p, e)
        mul = tuple(tuple(_poly_mul(a, b, p, e, modulus) for b in range(q)) for a in range(q))
    return Ring(order=q, add=add, mul=mul, slopes=tuple(range(q)))


def _product(a: Ring, b: Ring) -> Ring:
    """Pairs (x, y) as x·|b| + y, added and multiplied part by part."""
    n, m = a.order, b.order
    q = n * m

    def each(table_a, table_b):
        return tuple(
            tuple(
                table_a[x // m][y // m] * m + table_b[x % m][y % m]
                for y in range(q)
            )
            for x in range(q)
        )  # fmt: skip

    # The i-th element of both parts: any two differ in both parts, so are invertible.
    slopes = tuple(a.slopes[i] * m + b.slopes[i] for i in range(min(len(a.slopes), len(b.slopes))))
    return Ring(order=q, add=each(a.add, b.add), mul=each(a.mul, b.mul), slopes=slopes)


def _digits(a: int, p: int, e: int) -> list[int]:
    return [a // p**i % p for i in range(e)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _digits_add(a: int, b: int, p: int, e: int) -> int:
    return _number(
        [(x + y) % p for x, y in zip(_digits(a, p, e), _digits(b, p, e), strict=True)], p
    )


def _poly_mul(a: int, b: int, p: int, e: int, modulus: list[int]) -> int:
    """a·b modulo x^e + modulus (modulus: the lower e coefficients, low first)."""
    product = [0] * (2 * e - 1)
    for i, x in enumerate(_digits(a, p, e)):
        for j, y in enumerate(_digits(b, p, e)):
            product[i + j] = (product[i + j] + x * y) % p
    for power in range(2 * e - 2, e - 1, -1):
        top = product[power]
        if top:
            # x^power = x^(power-e) · x^e and x^e = -(modulus)
            for i, c in enumerate(modulus):
                product[power - e + i] = (product[power - e + i] - top * c) % p
            product[power] = 0
    return _number(product[:e], p)


def _primitive(p: int, e: int) -> list[int]:
    """The first monic polynomial of degree e over GF(p) in which x has order p^e - 1."""
    q = p**e
    for low in range(1, q):
        modulus = _digits(low, p, e)
        x, power, steps = p, 1, 0  # the element x is the number p (digits 0, 1)
        while True:
            power = _poly_mul(power, x, p, e, modulus)
            steps += 1
            if power == 1 or steps >= q - 1:
                break
        if power == 1 and steps == q - 1:
            return modulus
    raise AssertionError(f"no primitive polynomial of degree {e} over GF({p})")

"""Probabilities and payoffs as exact fractions where the model's numbers are rational.

Chance probabilities reach the solver as floats (``1/6`` of a die is the nearest binary
fraction); a float is taken as the fraction it stands for when a small denominator gives back
exactly that float. Anything else keeps the solve in floating point and ``exact`` false.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

MAX_DENOMINATOR = 10**9


def as_fraction(number) -> Fraction | None:
    """``number`` as the rational it stands for, or ``None`` when it is not one we can tell."""
    if isinstance(number, bool):
        return Fraction(int(number))
    if isinstance(number, (int, Fraction)):
        return Fraction(number)
    if isinstance(number, Decimal):
        return Fraction(number) if number.is_finite() else None
    if isinstance(number, float):
        if number != number or number in (float("inf"), float("-inf")):
            return None
        guess = Fraction(number).limit_denominator(MAX_DENOMINATOR)
        return guess if float(guess) == number else None
    return None


def plain(number):
    """A JSON number: an integer when the value is whole, else a float."""
    if isinstance(number, Fraction) and number.denominator == 1:
        return int(number)
    value = float(number)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


MAX_FRACTION_DIGITS = 40
"""Longest numerator or denominator printed; a longer fraction is exact but tells a reader nothing."""


def fraction_text(number) -> str | None:
    """``"737/1260"`` for an exact value, ``"1"`` for a whole one, ``None`` for a float or a fraction
    too long to read."""
    if not isinstance(number, Fraction):
        return None
    if len(str(abs(number.numerator))) > MAX_FRACTION_DIGITS or len(str(number.denominator)) > MAX_FRACTION_DIGITS:
        return None
    return str(number.numerator) if number.denominator == 1 else f"{number.numerator}/{number.denominator}"

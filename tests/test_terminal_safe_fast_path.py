"""``terminal_safe``'s ASCII fast path shows exactly what the character-by-character pass
shows: every ASCII character, alone and between visible text, CR before LF and alone."""

from __future__ import annotations

from intake.contract.untrusted import find_hidden, terminal_safe


def test_every_ascii_character_is_shown_as_the_slow_pass_shows_it() -> None:
    shown = set()
    for code in range(0x80):
        for text in (chr(code), f"a{chr(code)}b", f"{chr(code)}\n", f"x\r\n{chr(code)}"):
            # what the pass over ``find_hidden`` leaves as it is: a CR before LF
            kept = all(text[i : i + 2] == "\r\n" for i, _ in find_hidden(text))
            assert (terminal_safe(text) == text) == kept, (code, text)
            if not kept:
                shown.add(code)
    # the controls but tab and newline, and DEL, are shown; nothing else is
    assert sorted(shown) == [*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F]
    assert terminal_safe("a\x1bb") == "a␛b"
    assert terminal_safe("line\r\nnext\tok") == "line\r\nnext\tok"

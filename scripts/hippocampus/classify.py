"""Guessing domain, category and keywords for a memory when flags are missing."""

from __future__ import annotations

import re

from .textutil import extract_keywords

_SELF = re.compile(r"\b(the (agent|assistant|bot)|as an (ai|assistant)|my (role|purpose|capabilities)|i am (the|an?) (agent|assistant)|i (should|must) (always|never))\b", re.I)
_RELATIONSHIP = re.compile(r"\b(we|us|our|together|each other|between us|you and i|you and me)\b", re.I)
_USER = re.compile(r"\b(i|i'm|i've|my|me|mine|user|he|she|his|her)\b", re.I)

_CATEGORIES: list[tuple[str, re.Pattern]] = [
    ("preferences", re.compile(r"\b(prefers?|preferred|likes?|loves?|hates?|dislikes?|favou?rite|enjoys?|can'?t stand|rather)\b", re.I)),
    ("decisions", re.compile(r"\b(decided|decision|chose|chosen|settled on|agreed|go with|going with|will use)\b", re.I)),
    ("errors", re.compile(r"\b(error|bug|crash(ed|es)?|fail(ed|s|ure)?|broke|broken|exception|outage)\b", re.I)),
    ("lessons", re.compile(r"\b(lesson|learned|learnt|next time|should have|takeaway)\b", re.I)),
    ("people", re.compile(r"\b(wife|husband|partner|friend|sister|brother|mom|dad|mother|father|son|daughter|colleague|boss|manager|family)\b", re.I)),
    ("projects", re.compile(r"\b(project|repo|repository|deadline|release|milestone|sprint|launch|deploy)\b", re.I)),
    ("events", re.compile(r"\b(yesterday|today|tomorrow|last (week|month|year)|meeting|trip|visited|went to)\b", re.I)),
]


def guess_domain(text: str) -> str:
    if _SELF.search(text):
        return "self"
    if _RELATIONSHIP.search(text):
        return "relationship"
    if _USER.search(text):
        return "user"
    return "world"


def guess_category(text: str) -> str:
    for name, pattern in _CATEGORIES:
        if pattern.search(text):
            return name
    return "facts"


def guess_keywords(text: str) -> list[str]:
    return extract_keywords(text)

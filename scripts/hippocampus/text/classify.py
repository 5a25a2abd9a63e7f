"""Guessing domain, category and keywords for a memory when flags are missing."""

from __future__ import annotations

from .textutil import case_blind, extract_keywords, guarded_search

# (pattern, guards: text every match contains, lowercase; () = always run), all case-blind
_SELF = (r"\b(the (agent|assistant|bot)|as an (ai|assistant)|my (role|purpose|capabilities)|i am (the|an?) (agent|assistant)|i (should|must) (always|never))\b",
         ("agent", "assistant", "the bot", "as an ai", "my role", "my purpose", "my capabilities", "should always",
          "should never", "must always", "must never"))
_RELATIONSHIP = (r"\b(we|us|our|together|each other|between us|you and i|you and me)\b", ())
_USER = (r"\b(i|i'm|i've|my|me|mine|user|he|she|his|her)\b", ())

_CATEGORIES: list[tuple[str, str, tuple[str, ...]]] = [
    ("preferences", r"\b(prefers?|preferred|likes?|loves?|hates?|dislikes?|favou?rite|enjoys?|can'?t stand|rather)\b",
     ("prefer", "like", "love", "hate", "favo", "enjoy", "stand", "rather")),
    ("decisions", r"\b(decided|decision|chose|chosen|settled on|agreed|go with|going with|will use)\b",
     ("decided", "decision", "chose", "settled on", "agreed", "go with", "going with", "will use")),
    ("errors", r"\b(error|bug|crash(ed|es)?|fail(ed|s|ure)?|broke|broken|exception|outage)\b",
     ("error", "bug", "crash", "fail", "broke", "exception", "outage")),
    ("lessons", r"\b(lesson|learned|learnt|next time|should have|takeaway)\b",
     ("lesson", "learned", "learnt", "next time", "should have", "takeaway")),
    ("people", r"\b(wife|husband|partner|friend|sister|brother|mom|dad|mother|father|son|daughter|colleague|boss|manager|family)\b",
     ("wife", "husband", "partner", "friend", "sister", "brother", "mom", "dad", "mother", "father", "son", "daughter",
      "colleague", "boss", "manager", "family")),
    ("projects", r"\b(project|repo|repository|deadline|release|milestone|sprint|launch|deploy)\b",
     ("project", "repo", "deadline", "release", "milestone", "sprint", "launch", "deploy")),
    ("events", r"\b(yesterday|today|tomorrow|last (week|month|year)|meeting|trip|visited|went to)\b",
     ("yesterday", "today", "tomorrow", "last ", "meeting", "trip", "visited", "went to")),
]


def guess_domain(text: str, guarded: bool = True) -> str:
    view = case_blind(text)
    for domain, (pattern, guards) in (("self", _SELF), ("relationship", _RELATIONSHIP), ("user", _USER)):
        if guarded_search(pattern, guards, text, view, guarded):
            return domain
    return "world"


def guess_category(text: str, guarded: bool = True) -> str:
    view = case_blind(text)
    for name, pattern, guards in _CATEGORIES:
        if guarded_search(pattern, guards, text, view, guarded):
            return name
    return "facts"


def guess_keywords(text: str) -> list[str]:
    return extract_keywords(text)

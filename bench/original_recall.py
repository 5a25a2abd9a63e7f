#!/usr/bin/env python3
"""The original hippocampus skill's keyword recall logic, as a bare Python process.

Used only as the speed baseline in bench/speed.py: load index.json, score each
memory by the fraction of query words present in its content, blend with
importance, print the top 5 as JSON. (The original ran this inside a shell
wrapper, recall.sh, which made it slower still.)
"""
import json
import sys

index_path, query = sys.argv[1], sys.argv[2]
with open(index_path, encoding="utf-8") as handle:
    index = json.load(handle)
words = [w for w in query.lower().split() if w]
scored = []
for memory in index["memories"]:
    content = memory.get("content", "").lower()
    matched = sum(1 for w in words if w in content) / len(words)
    if matched > 0:
        scored.append((matched * 0.4 + float(memory.get("importance", 0.5)) * 0.6, memory))
scored.sort(key=lambda item: -item[0])
print(json.dumps([{"id": m["id"], "content": m["content"], "score": round(s, 3)} for s, m in scored[:5]]))

"""The areas a text names: where an agent works (pure).

An area is what an error or a lesson is about, and what a later query walks
back into: a file path and its folders ("src/api/handler.py": the file, its
name, "src/api", "api"), a command ("npm test", "pytest", "cargo build",
anything in backticks or after "$ "), and a repository or project ("repo
hippocampus", "project web-shop"). `keys` gives them as comparable strings;
Two texts are about the same
area when a key of each is the same: a file, the folder it is in (or that
folder's own folder path), a command, a project. recall lifts an error or lesson memory whose keys meet the query's
(recall/search.py, part "area").
"""

from __future__ import annotations

import re

MAX_TEXT = 20_000  # a long memory's areas are in its first pages
MAX_COMPONENTS = 12  # path components kept (runs of them are keys: a bounded square)

# folders every project has: alone they name no area ("src/" is everyone's)
GENERIC_FOLDERS = frozenset((
    "src", "lib", "libs", "test", "tests", "spec", "app", "apps", "bin", "build", "dist", "out", "docs", "doc",
    "home", "usr", "tmp", "var", "etc", "opt", "users", "user", "root", "mnt", "private", "node_modules",
    "vendor", "scripts", "pkg", "cmd", "internal", "main", "packages", "public", "static", "assets", "config",
    "work", "code", "projects", "repos", "dev", "local", "share", "data", "target", "..", ".", "~",
))
# tools whose first word after them (not an option) says which command it is
WITH_SUBCOMMAND = frozenset((
    "npm", "yarn", "pnpm", "bun", "npx", "cargo", "git", "docker", "docker-compose", "kubectl", "helm",
    "terraform", "pip", "pip3", "poetry", "uv", "bundle", "rake", "mvn", "gradle", "gradlew", "dotnet",
    "mix", "deno", "composer", "swift", "stack", "cabal", "dune", "flutter", "rails", "nx", "turbo",
))
# the subcommands a tool named in prose must be followed by to be a command ("git repo" is no command)
SUBCOMMANDS = frozenset((
    "test", "tests", "run", "build", "install", "ci", "start", "lint", "check", "push", "pull", "commit", "merge",
    "rebase", "deploy", "compose", "apply", "plan", "publish", "exec", "up", "down", "clippy", "fmt", "bench",
    "clone", "fetch", "checkout", "bisect", "cherry-pick", "revert", "add", "update", "upgrade", "migrate",
    "release", "package", "compile", "verify", "audit", "serve", "dev", "init", "restore", "sync", "lock",
))
# tools named alone
ALONE = frozenset((
    "pytest", "tox", "nox", "tsc", "eslint", "prettier", "jest", "vitest", "mypy", "ruff", "flake8", "pylint",
    "black", "rspec", "phpunit", "webpack", "vite", "rollup", "cmake", "ninja", "bazel", "gcc", "clang",
    "rustc", "javac", "kubectl", "ansible-playbook", "shellcheck", "golangci-lint",
))
# tools named alone whose names are English words too: a command only in backticks or after "$ "
ENGLISH_WORDS = frozenset(("black", "prettier", "jest", "ninja", "rollup", "vite", "stack", "mix", "swift", "bundle",
                           "rake", "dune", "helm", "turbo"))
# English words that are tools too: a command only with one of their own subcommands
WORDLIKE = {"go": frozenset(("test", "build", "vet", "mod", "get", "generate", "install", "fmt")),
            "make": frozenset(("test", "check", "build", "install", "lint", "clean", "all", "release"))}

_TICKS = re.compile(r"`([^`\n]{1,300})`")
_PROMPT = re.compile(r"(?:^|\n)\s*\$ ([^\n]{1,300})")
_WORD = re.compile(r"[A-Za-z0-9][\w.+-]*")
# a path: two components or more joined by "/", or a file name with an extension; never starting
# right after a character its components hold ("@", "+" too: in "a@b+c@..." every place was a start,
# each read to the run's end, and 20 KB of it took 8 s)
_PATH = re.compile(r"(?<![\w/.:~@+-])((?:~|\.{1,2})?/?(?:[\w.@+-]+/)+[\w.@+-]*|[\w@+-]+(?:\.[\w-]+)*\.[A-Za-z][\w]{0,7})"
                   r"(?![\w/])")
_NOT_FILE = re.compile(r"^(?:\d+(?:\.\d+)*|[A-Za-z]\.[A-Za-z]|(?i:e\.g|i\.e|etc|vs|mr|mrs|dr|st))$")
_FILE_NAME = re.compile(r"[^.]\.[A-Za-z][\w]{0,7}$")
_URL = re.compile(r"\b[A-Za-z][\w+.-]*://\S+|\bwww\.\S+")
# "(project shop)", "(repo shop, commit ...)": how our own writers name one (watch.py, learn.py)
_PROJECT_OURS = re.compile(r"\((?:project|repo) ([A-Za-z0-9][\w.-]{0,60})[,)]")
# "the web-shop repo", "repository shop"; "project X" only for a name that looks like one ("project
# web-shop", "project `atlas`"): "the project called ..." names none
_PROJECT = re.compile(r"\b(?i:repo|repository)\s+[`'\"]?([A-Za-z0-9][\w.-]{1,60})")
_PROJECT_NAMED = re.compile(r"\b(?i:project)\s+(?:[`'\"]([A-Za-z0-9][\w.-]{1,60})[`'\"]|"
                            r"([A-Za-z0-9]+[_.-][\w.-]*[A-Za-z0-9]|[A-Za-z]+\d[\w.-]*|[a-z]+[A-Z]\w*))")
_PROJECT_AFTER = re.compile(r"\b([A-Za-z0-9][\w.-]{1,60})[`'\"]?\s+(?i:repo|repository)\b")
_NOT_NAME = frozenset(("a", "an", "the", "this", "that", "my", "our", "your", "their", "its", "is", "was", "and",
                       "or", "of", "for", "to", "in", "on", "with", "it", "which", "what", "new", "old", "same",
                       "root", "folder", "directory", "name", "names", "files", "file", "main", "local", "remote"))


def keys(text: str) -> frozenset[str]:
    """The areas `text` names, as keys: "path:a/b", "cmd:npm test", "project:name"."""
    if not text:
        return frozenset()
    text = text[:MAX_TEXT]
    found: set[str] = set()
    for path in paths(text):
        found |= path_keys(path)
    for command in commands(text):
        found.add("cmd:" + command)
    for name in projects(text):
        found.add("project:" + name)
    return frozenset(found)


def words_as_projects(text: str) -> frozenset[str]:
    """Every identifier-like word of `text` as a project key: a query may name a
    project bare ("why does the web-shop build fail") that a memory named as one."""
    return frozenset("project:" + w.lower().rstrip(".") for w in _WORD.findall(text[:MAX_TEXT])
                     if len(w) > 2 and w.lower() not in _NOT_NAME)


def meet(query_keys: frozenset[str], memory_keys: frozenset[str]) -> list[str]:
    """The areas both name, the most specific first. A file's bare name counts
    where one of the two names the file bare ("package.json"), not when both
    name it in folders (src/a/index.js and src/b/index.js are two files)."""
    shared = query_keys & memory_keys
    shared = {key for key in shared if not key.startswith("name:")
              or "path:" + key[5:] in query_keys or "path:" + key[5:] in memory_keys}
    return sorted(shared, key=lambda key: (-len(key), key))


def paths(text: str) -> list[str]:
    """The file paths `text` names (URLs aside: a web address is no place on disk)."""
    text = _URL.sub(" ", text)
    found = []
    for match in _PATH.finditer(text):
        candidate = match.group(1).rstrip(".,;:")
        if "/" not in candidate and (_NOT_FILE.match(candidate)
                                     or not re.search(r"[A-Za-z]", candidate.rsplit(".", 1)[-1])):
            continue  # "3.14", "e.g", "v1.2": no file
        if "/" in candidate and not _looks_like_path(candidate):
            continue  # "and/or", "artists/bands", "he/she": words, not a place
        if candidate.strip("/"):
            found.append(candidate)
    return found


def _looks_like_path(candidate: str) -> bool:
    """A slash-joined text that is a place: rooted ("/", "./", "~/"), a folder ("api/"), a file
    at its end ("a/b.py"), three parts or more, or a part no word has ("my_app/", "v2/", "src")."""
    if candidate.startswith(("/", "./", "../", "~/")) or candidate.endswith("/"):
        return True
    parts = [p for p in candidate.split("/") if p]
    if len(parts) >= 3 or _FILE_NAME.search(parts[-1]):
        return True
    return any(p.lower() in GENERIC_FOLDERS or re.search(r"[\d_.@+-]", p) or p.startswith(".") for p in parts)


def path_keys(path: str) -> set[str]:
    """A path's areas: the place it names and the folder that holds it, each as
    its tails ("src/api/handler.py": "handler.py", "api/handler.py", ... and
    "api", "src/api"), so an absolute path meets a relative one; a single
    generic folder ("src", "tests") is no area. A path naming a file (its last
    part has an extension) has its folder for area too; a folder is its own."""
    parts = [p for p in path.replace("\\", "/").split("/") if p and p not in (".", "..", "~")]
    parts = [p.lower() for p in parts][-MAX_COMPONENTS:]
    if not parts:
        return set()
    places = [parts]
    if len(parts) > 1 and _FILE_NAME.search(parts[-1]):
        places.append(parts[:-1])
    found = set()
    for place in places:
        for start in range(len(place)):
            run = place[start:]
            if len(run) == 1 and (run[0] in GENERIC_FOLDERS or len(run[0]) < 2):
                continue
            if len(run) == 1 and place is parts and len(parts) > 1 and len(places) > 1:
                found.add("name:" + run[0])  # "index.js" of src/a/ is not that of src/b/ (`meet`)
                continue
            found.add("path:" + "/".join(run))
    if len(parts) == 1 and _FILE_NAME.search(parts[0]):
        found.add("name:" + parts[0])
    return found


def commands(text: str) -> list[str]:
    """The commands `text` names: known tools in its words, and whatever stands in
    backticks or after a shell prompt ("$ ") by its first word or two."""
    found = []
    for line in [m.group(1) for m in _TICKS.finditer(text)] + [m.group(1) for m in _PROMPT.finditer(text)]:
        name = _command_of(line.split(), explicit=True)
        if name:
            found.append(name)
    tokens = _WORD.findall(text)
    for at, token in enumerate(tokens):
        name = _command_of(tokens[at:at + 4], explicit=False)
        if name:
            found.append(name)
    return list(dict.fromkeys(found))


def _command_of(argv: list[str], explicit: bool) -> str | None:
    argv = list(argv)
    while explicit and argv and ("=" in argv[0] and not argv[0].startswith("-")):
        argv = argv[1:]  # FOO=1 npm test
    if not argv:
        return None
    tool = argv[0].rsplit("/", 1)[-1].lower()
    if tool in ("python", "python3", "python2") and len(argv) > 2 and argv[1] == "-m":
        tool, argv = argv[2].lower(), argv[2:]  # python -m pytest
    rest = [a.lower() for a in argv[1:] if not a.startswith("-")]
    if tool in WORDLIKE:
        if rest and rest[0] in WORDLIKE[tool]:
            return f"{tool} {rest[0]}"
        return tool if explicit else None
    if tool in WITH_SUBCOMMAND:
        if rest and rest[0] == "run" and len(rest) > 1 and tool in ("npm", "yarn", "pnpm", "bun"):
            return f"{tool} run {rest[1]}"
        if rest and re.fullmatch(r"[a-z][\w:-]{0,30}", rest[0]) and (explicit or rest[0] in SUBCOMMANDS):
            return f"{tool} {rest[0]}"
        return tool if explicit else None
    if tool in ALONE and (explicit or tool not in ENGLISH_WORDS):
        return tool
    if explicit and re.fullmatch(r"[a-z][\w.+-]{0,40}", tool) and not tool.endswith("."):
        return tool
    return None


def projects(text: str) -> list[str]:
    found = [match.group(1).lower().rstrip(".") for match in _PROJECT_OURS.finditer(text)]
    for pattern in (_PROJECT, _PROJECT_AFTER, _PROJECT_NAMED):
        for match in pattern.finditer(text):
            name = next(group for group in match.groups() if group).lower().rstrip(".-")
            if len(name) > 1 and name not in _NOT_NAME:
                found.append(name)
    return list(dict.fromkeys(found))

"""Run inside Pyodide's own Python (3.14) by ``hooks/stdlib_bytecode.mjs``, before each module is compiled: the
trimmed standard library without its docstrings and comments.

The referee's Python is a referee's: nobody calls ``help()``. On a phone line every kilobyte of the standard
library costs about 5 ms, and Python compiles every byte of it at each fresh start. For each ``.py`` member this
parses the source with the interpreter the referee runs (its own grammar: 3.14), drops the docstrings (the first
string of a module, class or function body; an otherwise empty body keeps a ``pass``), and writes the source back
with ``ast.unparse`` (no comments, no layout). A member is rewritten only if the new source parses to the very same
tree as the old one without its docstrings; any other member (and any member that does not parse) is kept as it
was. Pyodide's own packages (``_pyodide``, ``pyodide``) keep their docstrings: Pyodide copies them onto its
JavaScript proxies at start-up.
"""

from __future__ import annotations

import ast

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _is_docstring(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, DOC_OWNERS) and node.body and _is_docstring(node.body[0]):
            if len(node.body) == 1:
                node.body[0] = ast.Pass()
            else:
                del node.body[0]
    return tree


def shape(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=False)


def _tree(name: str, source: str) -> ast.AST | None:
    """The source's tree as the referee will ship it (without docstrings, but in Pyodide's packages), or None."""
    try:
        tree = ast.parse(source, filename=name)
    except (SyntaxError, ValueError):
        return None
    return tree if name.startswith(KEEP_DOCSTRINGS) else without_docstrings(tree)


def minified(name: str, source: str) -> str | None:
    """The member's new source, or None to keep it as it is."""
    tree = _tree(name, source)
    if tree is None:
        return None
    expected = shape(tree)
    text = ast.unparse(tree) + "\n"
    again = _tree(name, text)
    return text if again is not None and shape(again) == expected else None


def smaller_source(name: str, data: bytes) -> bytes | None:
    """The member's source without docstrings and comments if that is the same code and smaller; else None (the
    member is kept as it is)."""
    try:
        text = minified(name, data.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    smaller = text.encode("utf-8") if text is not None else data
    return smaller if len(smaller) < len(data) else None

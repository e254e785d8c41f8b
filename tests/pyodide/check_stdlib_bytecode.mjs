// The shipped Python is the original code, less docstrings, as bytecode. In Pyodide's own Python (3.14, started as
// the build starts it: PYTHONNODEBUGRANGES=1), with checks of this script's own (not the build's helpers):
// - each .pyc of the trimmed standard library is an unchecked hash-based .pyc of this Python whose code object is,
//   byte for byte, that of its module in the full zip as hooks/stdlib_minify.py rewrites it; and that rewritten
//   source has no docstring left (but in Pyodide's own packages) and parses to the original's tree less its
//   docstrings, as stripped here;
// - with <rules_core.pyz> <wheel>: each .pyc of the .pyz is, the same way, the bytecode of the wheel's source
//   (unchanged: rules_core keeps its docstrings), and every other member is the wheel's, byte for byte.
//
//   node tests/pyodide/check_stdlib_bytecode.mjs <trimmed zip> <full zip> [<rules_core.pyz> <wheel>]
//
// Prints one JSON line: {checked, rewritten, pyz, problems: [...]}.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [trimmedPath, fullPath, pyzPath, wheelPath] = process.argv.slice(2);
const root = resolve(new URL("../..", import.meta.url).pathname) + "/";
const { loadPyodide } = await import(pathToFileURL(root + "node_modules/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ messageCallback: () => {}, env: { PYTHONNODEBUGRANGES: "1" } });
for (const name of ["stdlib_minify.py", "stdlib_fallback.py"]) {
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(root + "hooks/" + name));
}
pyodide.FS.writeFile("/tmp/trimmed.zip", new Uint8Array(readFileSync(trimmedPath)));
pyodide.FS.writeFile("/tmp/full.zip", new Uint8Array(readFileSync(fullPath)));
if (pyzPath) {
  pyodide.FS.writeFile("/tmp/rules_core.pyz", new Uint8Array(readFileSync(pyzPath)));
  pyodide.FS.writeFile("/tmp/wheel.zip", new Uint8Array(readFileSync(wheelPath)));
}
pyodide.globals.set("with_pyz", Boolean(pyzPath));
const out = pyodide.runPython(`
import ast, importlib.util, json, marshal, sys, zipfile
sys.path.insert(0, "/tmp")
from stdlib_minify import minified  # (only to rebuild the source each .pyc must come from)

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
problems = []


def docstrings_dropped(tree):
    for node in ast.walk(tree):
        if isinstance(node, OWNERS) and ast.get_docstring(node, clean=False) is not None:
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree, include_attributes=False)


def same_code(name, pyc, source):
    """pyc is this Python's unchecked hash-based .pyc of source, compiled without optimisation."""
    if pyc[:4] != importlib.util.MAGIC_NUMBER or int.from_bytes(pyc[4:8], "little") != 0b01:
        problems.append(f"{name}: not an unchecked hash-based .pyc of this Python")
    elif pyc[8:16] != importlib.util.source_hash(source):
        problems.append(f"{name}: its hash is not its source's")
    elif pyc[16:] != marshal.dumps(compile(source, name, "exec", dont_inherit=True, optimize=0)):
        problems.append(f"{name}: the shipped bytecode is not this module's")


checked, rewritten = 0, 0
with zipfile.ZipFile("/tmp/trimmed.zip") as trimmed, zipfile.ZipFile("/tmp/full.zip") as full:
    for name in trimmed.namelist():
        if not name.endswith(".pyc"):
            problems.append(f"{name}: not bytecode")
            continue
        source_name = name[:-1]
        # (the fallback finder is the build's own module, hooks/stdlib_fallback.py; the rest come from the full zip)
        if source_name == "stdlib_fallback.py":
            original = open("/tmp/stdlib_fallback.py", "rb").read()
        else:
            original = full.read(source_name)
        text = minified(source_name, original.decode("utf-8"))
        source = text.encode("utf-8") if text is not None and len(text.encode("utf-8")) < len(original) else original
        if source is not original:
            rewritten += 1
            tree = ast.parse(source)
            if not source_name.startswith(KEEP_DOCSTRINGS):
                left = [node for node in ast.walk(tree)
                        if isinstance(node, OWNERS) and ast.get_docstring(node, clean=False) is not None]
                if left:
                    problems.append(f"{source_name}: {len(left)} docstrings left")
                expected = docstrings_dropped(ast.parse(original))
            else:
                expected = ast.dump(ast.parse(original), include_attributes=False)
            if ast.dump(tree, include_attributes=False) != expected:
                problems.append(f"{source_name}: the rewritten source is not the same code")
        same_code(source_name, trimmed.read(name), source)
        checked += 1

pyz_checked = 0
if with_pyz:
    with zipfile.ZipFile("/tmp/rules_core.pyz") as pyz, zipfile.ZipFile("/tmp/wheel.zip") as wheel:
        expected = [name + "c" if name.endswith(".py") else name for name in wheel.namelist()]
        if pyz.namelist() != expected:
            problems.append(f"rules_core.pyz: members {pyz.namelist()} are not the wheel's {expected}")
        for name in wheel.namelist():
            if name.endswith(".py"):
                same_code(name, pyz.read(name + "c"), wheel.read(name))
            elif pyz.read(name) != wheel.read(name):
                problems.append(f"rules_core.pyz: {name} is not the wheel's")
            pyz_checked += 1
json.dumps({"checked": checked, "rewritten": rewritten, "pyz": pyz_checked, "problems": problems})
`);
console.log(out);

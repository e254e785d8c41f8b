// The shipped standard library is the original code, less docstrings: in Pyodide's own Python (3.14, started as the
// build starts it), each .pyc of the trimmed zip must be byte for byte the bytecode of its module in the full zip, as
// hooks/stdlib_minify.py rewrites it (whose tree must be the original's without docstrings), compiled as
// hooks/stdlib_bytecode.py compiles it.
//
//   node tests/pyodide/check_stdlib_bytecode.mjs <trimmed zip> <full zip>
//
// Prints one JSON line: {checked, rewritten, problems: [...]}.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [trimmedPath, fullPath] = process.argv.slice(2);
const root = resolve(new URL("../..", import.meta.url).pathname) + "/";
const { loadPyodide } = await import(pathToFileURL(root + "node_modules/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ messageCallback: () => {}, env: { PYTHONNODEBUGRANGES: "1" } });
for (const name of ["stdlib_minify.py", "stdlib_bytecode.py", "stdlib_fallback.py"]) {
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(root + "hooks/" + name));
}
pyodide.FS.writeFile("/tmp/trimmed.zip", new Uint8Array(readFileSync(trimmedPath)));
pyodide.FS.writeFile("/tmp/full.zip", new Uint8Array(readFileSync(fullPath)));
const out = pyodide.runPython(`
import importlib.util, json, sys, zipfile
sys.path.insert(0, "/tmp")
from stdlib_bytecode import bytecode
from stdlib_minify import _tree, minified, shape

checked, rewritten, problems = 0, 0, []
with zipfile.ZipFile("/tmp/trimmed.zip") as trimmed, zipfile.ZipFile("/tmp/full.zip") as full:
    for name in trimmed.namelist():
        if not name.endswith(".pyc"):
            problems.append(f"{name}: not bytecode")
            continue
        pyc = trimmed.read(name)
        if pyc[:4] != importlib.util.MAGIC_NUMBER or int.from_bytes(pyc[4:8], "little") != 0b01:
            problems.append(f"{name}: not an unchecked hash-based .pyc of this Python")
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
            if shape(_tree(source_name, source.decode("utf-8"))) != shape(_tree(source_name, original.decode("utf-8"))):
                problems.append(f"{source_name}: the rewritten source is not the same code")
        if bytecode(source_name, source) != pyc:
            problems.append(f"{source_name}: the shipped bytecode is not this module's")
        checked += 1
json.dumps({"checked": checked, "rewritten": rewritten, "problems": problems})
`);
console.log(out);

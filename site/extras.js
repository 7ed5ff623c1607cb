// The optional packages (segno for QR codes, any later extra), installed in the Python worker
// with micropip the first time a call needs them (build-info.json "extras": {call: [pinned
// requirement]}), from the site's own package index ("index": simple/<project>/index.html,
// written by build.py: each wheel with its sha256 and its own METADATA beside it), so micropip
// resolves and installs what the wheels declare, from this site only: never PyPI nor a CDN.
// micropip itself is loaded then too (Pyodide's loadPackage of our pinned wheel, "micropip"),
// so neither the start nor the memory snapshot holds it. The service worker caches these files
// at their first use (sw.js LAZY).

export class Extras {
  /** `info`: build-info.json; `base`: the site root's URL; `mark(name)`: a timing; `after`: a
   * promise no install starts before (this visit's memory snapshot being made). */
  constructor(info, base, { mark = () => {}, after = null } = {}) {
    this.info = info;
    this.base = base;
    this.mark = mark;
    this.after = after;
    this.micropip = null; // a promise of the micropip module, once asked for
    this.installs = new Map(); // requirements -> the promise of their install
  }

  /** The requirements call `fn` needs installed first (none for most calls). */
  needs(fn) {
    return (this.info.extras || {})[fn] || [];
  }

  /** Install what call `fn` needs, once per worker; throws when it cannot (a later call tries again). */
  async need(pyodide, fn) {
    const reqs = this.needs(fn);
    if (!reqs.length) return;
    await this.after;
    const key = reqs.join(" ");
    if (!this.installs.has(key)) this.installs.set(key, this.install(pyodide, reqs));
    try {
      await this.installs.get(key);
    } catch (err) {
      this.installs.delete(key);
      throw err;
    }
  }

  async install(pyodide, reqs) {
    const names = reqs.map((req) => req.split(/[=<>!~;\[ ]/)[0]);
    // what this interpreter held before (the start, or its snapshot, holds none of it)
    const had = this.report(pyodide, ["micropip", ...names]);
    this.mark("extras-start");
    const micropip = await this.loadMicropip(pyodide);
    this.mark("micropip-loaded");
    await micropip.install.callKwargs(pyodide.toPy(reqs), { index_urls: [this.indexUrl()] });
    this.mark("extras-installed", { had: Object.keys(had), installed: this.report(pyodide, names) });
  }

  /** {name: {version, installer, url}} of the distributions of `names` installed here. */
  report(pyodide, names) {
    const code = [
      "import importlib.metadata as md, json",
      "def about(name):",
      "    try:",
      "        dist = md.distribution(name)",
      "    except md.PackageNotFoundError:",
      "        return None",
      "    return {'version': dist.version, 'installer': (dist.read_text('INSTALLER') or '').strip(),",
      "            'url': dist.read_text('PYODIDE_URL')}",
      "json.dumps({name: about(name) for name in NAMES if about(name)})",
    ].join("\n");
    return JSON.parse(pyodide.runPython(code, { globals: pyodide.toPy({ NAMES: names }) }));
  }

  /** micropip, loaded from our wheel and pointed at our index only. */
  loadMicropip(pyodide) {
    if (!this.micropip) {
      const url = new URL(this.info.micropip, this.base).href;
      this.micropip = this.addStdlib(pyodide)
        .then(() => this.mark("micropip-stdlib"))
        .then(() => pyodide.loadPackage(url, { messageCallback: () => {} }))
        .then(() => {
          this.mark("micropip-wheel");
          const micropip = pyodide.pyimport("micropip");
          micropip.set_index_urls([this.indexUrl()]);
          return micropip;
        });
      this.micropip.catch(() => (this.micropip = null));
    }
    return this.micropip;
  }

  /** The standard-library files only micropip needs (build-info "micropip_stdlib", a zip the
   * start's trimmed one leaves out): on sys.path, and looked in by the packages they extend
   * (html, importlib.metadata, pyodide), which the start's zip holds. */
  async addStdlib(pyodide) {
    const res = await fetch(new URL(this.info.micropip_stdlib, this.base));
    if (!res.ok) throw new Error(`${this.info.micropip_stdlib}: HTTP ${res.status}`);
    const path = "/lib/stdlib-micropip.zip";
    pyodide.FS.writeFile(path, new Uint8Array(await res.arrayBuffer()));
    pyodide.runPython(
      [
        "import importlib, sys, zipfile",
        `path = ${JSON.stringify(path)}`,
        "names = zipfile.ZipFile(path).namelist()",
        "inits = {n.rpartition('/')[0] for n in names if n.endswith('/__init__.py')}",
        "dirs = {'/'.join(n.split('/')[:i]) for n in names for i in range(1, n.count('/') + 1)}",
        "if path not in sys.path:",
        "    sys.path.append(path)",
        "    for d in sorted(dirs - inits):",
        "        importlib.import_module(d.replace('/', '.')).__path__.append(f'{path}/{d}')",
        "importlib.invalidate_caches()",
      ].join("\n"),
      { globals: pyodide.toPy({}) },
    );
  }

  /** The index's absolute URL with micropip's {package_name} placeholder left as it is. */
  indexUrl() {
    return new URL(this.info.index, this.base).href.replace("%7Bpackage_name%7D", "{package_name}");
  }
}

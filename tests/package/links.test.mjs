// The docs travel with the package: `npm pack`'s tarball, unpacked, holds every file a
// relative link in its Markdown (README.md, CHANGELOG.md, docs/, examples/) points at, and every
// #anchor names a heading of its target, as npm's page and an editor opening node_modules show
// them. A link that resolves only in a clone of the repository fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'orw-links-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root));
const unpacked = join(work, 'unpacked');
mkdirSync(unpacked);
run('tar', ['-xzf', join(work, packed.filename), '-C', unpacked], work);
const pkgDir = join(unpacked, 'package');

function markdownFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'dist') out.push(...markdownFiles(p)); } else if (name.endsWith('.md')) out.push(p);
  }
  return out;
}

// GitHub's heading anchors: lower case, punctuation but '-' and '_' dropped, spaces to '-'.
export function slug(heading) {
  return heading.trim().toLowerCase().replace(/<[^>]+>/g, '').replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(file) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map();
  const out = new Set();
  for (const [, h] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const s = slug(h);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n ? `${s}-${n}` : s);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) out.add(id);
  return out;
}

// [target, line] of every relative link: Markdown links and images, and HTML href / src.
function relativeLinks(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    const found = [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...line.matchAll(/\s(?:href|src)=["']([^"']+)["']/g)].map((m) => m[1]);
    for (const t of found) if (!/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('/')) out.push([t, i + 1]);
  });
  return out;
}

const files = markdownFiles(pkgDir);

test('package/the tarball carries the docs and examples the README links to', () => {
  for (const f of ['README.md', 'CHANGELOG.md', 'docs/api.md', 'docs/benchmarks.md', 'docs/size.md', 'examples/README.md']) {
    assert.ok(existsSync(join(pkgDir, f)), `${f} is in the tarball`);
  }
});

test('package/every relative link in the packed Markdown resolves, anchors included', () => {
  const broken = [];
  let checked = 0;
  for (const file of files) {
    for (const [target, line] of relativeLinks(file)) {
      ++checked;
      const [path, anchor] = target.split('#');
      const dest = path ? join(dirname(file), decodeURIComponent(path)) : file;
      const where = `${relative(pkgDir, file)}:${line}: ${target}`;
      if (!existsSync(dest)) { broken.push(`${where} (no such file in the package)`); continue; }
      if (anchor && dest.endsWith('.md') && !anchors(dest).has(anchor)) broken.push(`${where} (no heading #${anchor})`);
    }
  }
  assert.ok(checked >= 20, `the scan found the links (${checked})`);
  assert.deepEqual(broken, []);
});

test('package/the link check finds a broken link and a broken anchor', () => {
  assert.equal(slug('Bundlers'), 'bundlers');
  assert.equal(slug('Threads: one thread against two'), 'threads-one-thread-against-two');
  assert.equal(slug('`Node.create(spec)`'), 'nodecreatespec');
  assert.ok(!anchors(join(pkgDir, 'docs', 'api.md')).has('no-such-heading'));
  assert.ok(!existsSync(join(pkgDir, 'docs', 'no-such-file.md')));
});

// What tests/js/docs-examples.test.mjs and tests/browser/docs-examples.test.mjs share: the code
// blocks of README.md and docs/*.md, the expected output written in code as `// → text`
// comments, and the fixture model the blocks load. The convention is described in docs/testing.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));

// Markdown files whose code blocks run.
export function docFiles() {
  const docs = readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

// Fenced blocks of a Markdown file: { file, line (1-based, of the opening fence), lang, flags, code }.
export function codeBlocks(file) {
  const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; ++i) {
    const open = /^(\s*)(```+|~~~+)\s*([^\s`]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    const body = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++].slice(indent.length));
    if (j === lines.length) throw new Error(`${file}:${i + 1}: code block never closed`);
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), flags: rest.split(/\s+/).filter(Boolean), code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

export const RUNNABLE_JS = new Set(['js', 'javascript', 'mjs']);
export const isRunnableJs = (b) => RUNNABLE_JS.has(b.lang) && !b.flags.includes('no-run');
export const isRunnableHtml = (b) => b.lang === 'html' && !b.flags.includes('no-run');

// The output a program says it prints: every `// → text` comment, in order (at the end of a
// line, or on a line of its own after a loop that prints several lines).
export function expectedOutput(code) {
  const out = [];
  for (const line of code.split('\n')) {
    const m = /\/\/ → ?(.*)$/.exec(line);
    if (m) out.push(m[1].trimEnd());
  }
  return out;
}

// The stdout of a run as lines, trailing whitespace and the last newline dropped.
export const outputLines = (stdout) => stdout.replace(/\n$/, '').split('\n').map((l) => l.trimEnd()).filter((l, i, a) => !(a.length === 1 && l === ''));

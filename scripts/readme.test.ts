/**
 * The README and docs/ say what is true and hang together: the README's first screen holds what
 * a newcomer needs, every link between the documents reaches a file and a heading, every
 * document and ADR is indexed, the demo accounts and the settings are the code's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROLE_LABELS } from '@domain/roles';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../server/db/demo';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every Markdown file of the README and docs/, relative to the root. */
function markdownFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: its headings' (outside code blocks). */
function anchorsIn(text: string): Set<string> {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Relative links `[text](target)` of a Markdown file, outside code blocks and spans. */
function linksIn(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

const readme = read('README.md');

describe('README.md, the first screen', () => {
  const firstScreen = readme.split('\n').slice(0, 40).join('\n');

  it('says what the app is and for whom', () => {
    expect(firstScreen).toMatch(/^# .+/);
    for (const who of ['Clients', 'editors', 'lead editors', 'king']) {
      expect(firstScreen).toContain(who);
    }
  });

  it('shows a screenshot that exists and is small', () => {
    const image = /!\[[^\]]+\]\((docs\/images\/[\w-]+\.png)\)/.exec(firstScreen)?.[1];
    expect(image, 'an image from docs/images in the first 40 lines').toBeDefined();
    const bytes = statSync(path.join(root, image!)).size;
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(200_000);
  });

  it('gives the two commands as package.json runs them', () => {
    expect(firstScreen).toContain('npm install && npm start');
    expect(firstScreen).toMatch(/^npm test\b/m);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.start).toContain('scripts/start.mjs');
    expect(scripts.test).toBeDefined();
    expect(scripts.demo).toBeDefined();
    expect(scripts['reset-king-password']).toBeDefined();
  });

  it('says how the king signs in the first time, as the server prints it', () => {
    expect(firstScreen).toMatch(/First login/);
    expect(firstScreen).toContain('as `king`');
    expect(firstScreen).toContain('KING_PASSWORD');
    expect(firstScreen).toContain('npm run reset-king-password');
    // The server's own first-start block says the same (server/main.ts).
    const main = read('server/main.ts');
    expect(main).toContain("'    Username: king'");
    expect(main).toContain('This password is shown only now');
  });

  it('ends its first screen with a table of contents', () => {
    const contents = readme.slice(readme.indexOf('## Contents'));
    expect(readme.indexOf('## Contents')).toBeGreaterThan(0);
    expect(readme.slice(0, readme.indexOf('## Contents')).split('\n').length).toBeLessThan(40);
    expect(linksIn(contents).length).toBeGreaterThanOrEqual(6);
  });
});

describe('links between the documents', () => {
  it.each(markdownFiles())(
    '%s: every relative link reaches a file, and a heading in it',
    (file) => {
      const broken: string[] = [];
      for (const link of linksIn(read(file))) {
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const resolved = target ? path.join(path.dirname(file), target) : file;
        if (!existsSync(path.join(root, resolved))) {
          broken.push(`${link}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsIn(read(resolved)).has(anchor)) {
          broken.push(`${link}: no heading #${anchor} in ${resolved}`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it('docs/README.md indexes every document of docs/', () => {
    const index = linksIn(read('docs/README.md')).map((l) => path.join('docs', l.split('#')[0]!));
    const documents = markdownFiles().filter(
      (f) => f.startsWith('docs/') && f !== 'docs/README.md' && !f.startsWith('docs/decisions/'),
    );
    expect(documents.filter((d) => !index.includes(d))).toEqual([]);
    expect(index).toContain('docs/decisions/README.md');
  });

  it('docs/decisions/README.md lists every ADR with the status the ADR gives itself', () => {
    const index = read('docs/decisions/README.md');
    const adrs = readdirSync(path.join(root, 'docs/decisions')).filter((f) => /^\d{4}-/.test(f));
    expect(adrs.length).toBeGreaterThanOrEqual(15);
    for (const adr of adrs) {
      const status = /^Status: (accepted|superseded|not adopted)\b/im
        .exec(read(`docs/decisions/${adr}`))?.[1]
        ?.toLowerCase();
      expect(status, `${adr} has a Status line`).toBeDefined();
      const row = index.split('\n').find((line) => line.includes(`(${adr})`));
      expect(row, `${adr} is listed`).toBeDefined();
      expect(row!.toLowerCase(), `${adr}'s row says ${status}`).toContain(status);
      if (status === 'superseded') {
        const by = /^Status: superseded by \[(\d{4})\]\((\d{4}-[\w-]+\.md)\)/im.exec(
          read(`docs/decisions/${adr}`),
        );
        expect(by, `${adr} links the ADR that supersedes it`).not.toBeNull();
        expect(adrs).toContain(by![2]);
      }
    }
  });
});

describe('docs/getting-started.md, demo accounts', () => {
  const guide = read('docs/getting-started.md');
  const demoSection = guide.slice(
    guide.indexOf('## The demo agency'),
    guide.indexOf('\n## ', guide.indexOf('## The demo agency')),
  );
  /** The table's rows: `| \`username\` | role | who |`. */
  const rows = [...demoSection.matchAll(/^\| `([\w.]+)` +\| ([^|]+?) +\|/gm)].map((m) => [
    m[1],
    m[2],
  ]);

  it('lists every demo account with its role, and no other', () => {
    expect(rows).toEqual(
      DEMO_USERS.map((u) => [u.username, `${ROLE_LABELS[u.role]}${u.isVip ? ' (VIP)' : ''}`]),
    );
  });

  it('the README names only demo accounts', () => {
    const named = [...readme.matchAll(/`((?:lead|editor|client|teamlead)\.\w+)`/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    const usernames = DEMO_USERS.map((u) => u.username);
    expect(named.filter((n) => !usernames.includes(n!))).toEqual([]);
  });
});

describe('docs/settings.md', () => {
  it('names every environment variable server/env.ts reads', () => {
    const read_ = [...read('server/env.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map(
      (m) => m[1]!,
    );
    expect(read_.length).toBeGreaterThan(15);
    const settings = read('docs/settings.md');
    expect([...new Set(read_)].filter((name) => !settings.includes(`\`${name}\``))).toEqual([]);
  });
});

/** The repository's files (tracked, or new and not ignored), images left out. */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (f) => f && existsSync(path.join(root, f)) && !/\.(png|jpe?g|webp|ico|woff2?)$/.test(f),
    );
}

describe('the repository is complete on a fresh clone', () => {
  // Built from pieces, so that this file does not name what it looks for.
  const outside = new RegExp(
    [
      `\\b(?:${['SPEC', 'DESIGN', 'STYLE'].join('|')})\\.md\\b`,
      ['\\.\\.', 'shared\\b'].join('/'),
      ['', 'work', 'shared'].join('/'),
    ].join('|'),
  );

  it('no file refers to the product documents kept outside it, nor to the folder beside it', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('every docs/ file and section a file cites exists (`docs/rules.md#who-may-do-what`)', () => {
    const cited = /\bdocs\/((?:[\w-]+\/)*[\w-]+\.md)((?:#[\w-]+)(?:(?:, | and )#[\w-]+)*)?/g;
    const broken: string[] = [];
    let citations = 0;
    for (const file of trackedTextFiles()) {
      for (const m of read(file).matchAll(cited)) {
        citations++;
        const doc = `docs/${m[1]!}`;
        if (!existsSync(path.join(root, doc))) {
          broken.push(`${file}: ${m[0]} (no such file)`);
          continue;
        }
        const anchors = anchorsIn(read(doc));
        for (const anchor of (m[2] ?? '').match(/#[\w-]+/g) ?? []) {
          if (!anchors.has(anchor.slice(1)))
            broken.push(`${file}: ${m[0]} (no ${anchor} in ${doc})`);
        }
      }
    }
    expect(citations).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });
});

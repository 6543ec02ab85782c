/** The README's table of demo accounts is the demo's (server/db/demo.ts), row for row. */
import { readFileSync } from 'node:fs';
import { ROLE_LABELS } from '@domain/roles';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../server/db/demo';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const demoSection = readme.slice(
  readme.indexOf('### A living demo'),
  readme.indexOf('\n## ', readme.indexOf('### A living demo')),
);

/** The table's rows: `| \`username\` | role | who |`. */
const rows = [...demoSection.matchAll(/^\| `([\w.]+)` +\| ([^|]+?) +\|/gm)].map((m) => [
  m[1],
  m[2],
]);

describe('README.md, demo accounts', () => {
  it('lists every demo account with its role, and no other', () => {
    expect(rows).toEqual(
      DEMO_USERS.map((u) => [u.username, `${ROLE_LABELS[u.role]}${u.isVip ? ' (VIP)' : ''}`]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, bootScript, type BootState } from './boot';
import { readBoot } from './hydrate-drawn';

const state = (name: string): BootState => ({
  user: {
    id: 'u1',
    username: 'alice',
    name,
    avatarUrl: null,
    role: 'client',
    isAdmin: 'false',
    isVip: false,
  },
  queries: { mutations: [], queries: [] },
  width: 390,
});

describe('the state script of a page the server drew', () => {
  it('cannot be ended or commented out by the data, and reads back as written', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 & > $&';
    const html = bootScript(state(hostile));
    const inner = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    document.body.innerHTML = html;
    expect(document.getElementById(BOOT_SCRIPT_ID)?.textContent).toBe(inner);
    expect(readBoot()).toEqual(state(hostile));
  });

  it('is absent from a page the browser draws, and an unreadable one is ignored', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readBoot()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${BOOT_SCRIPT_ID}">{</script>`;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(readBoot()).toBeNull();
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

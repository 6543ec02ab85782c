import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreNamesIn, componentStylesFor, mantineStyleSheets } from './mantine-styles';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const CORE = path.join(NODE_MODULES, '@mantine', 'core');

describe('coreNamesIn', () => {
  it('reads the value names imported from @mantine/core, over several lines and with aliases', () => {
    const code = `
      import { Button, type ButtonProps, Modal as Dialog,
        Table } from '@mantine/core';
      import type { MantineTheme } from '@mantine/core';
      import { useForm } from '@mantine/form';
    `;
    expect(coreNamesIn(code)).toEqual(['Button', 'Modal', 'Table']);
  });
});

describe('componentStylesFor', () => {
  it("follows a component's own imports to the stylesheets it draws with", () => {
    const select = componentStylesFor(['Select'], CORE);
    expect(select).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover', 'ScrollArea']));
    expect(select).not.toContain('Table');
    expect(componentStylesFor(['NoSuchComponent'], CORE)).toEqual([]);
  });
});

describe('mantineStyleSheets', () => {
  const sheets = mantineStyleSheets({ webDir: path.join(ROOT, 'web'), nodeModules: NODE_MODULES });

  it('starts with the global styles and keeps the order of the full styles.css', () => {
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const full = readFileSync(path.join(CORE, 'styles.css'), 'utf8');
    const at = sheets
      .slice(3)
      .map((name) =>
        full.indexOf(readFileSync(path.join(CORE, 'styles', `${name}.css`), 'utf8').trim()),
      );
    expect(at.every((position) => position >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('has every component the app draws with, and leaves out ones it does not use', () => {
    // Used on the dashboards, dialogs, invoicing and the toasts; the Slider by compare's one control.
    for (const used of [
      'Button',
      'Modal',
      'Table',
      'Notification',
      'Menu',
      'Tooltip',
      'Input',
      'Slider',
    ]) {
      expect(sheets).toContain(used);
    }
    for (const unused of ['Stepper', 'ColorPicker', 'Rating', 'Pagination']) {
      expect(sheets).not.toContain(unused);
    }
  });
});

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readTestSettings } from '../env';
import { freePort } from './scratch';

describe('TEST_PORTS', () => {
  it('reads a range, and refuses anything else with its name', () => {
    expect(readTestSettings({ TEST_PORTS: '5600-5649' }).testPorts).toEqual({
      first: 5600,
      last: 5649,
    });
    expect(readTestSettings({}).testPorts).toBeUndefined();
    for (const bad of ['5600', '5649-5600', '0-10', 'a-b', '5600-70000']) {
      expect(() => readTestSettings({ TEST_PORTS: bad }), bad).toThrow(/TEST_PORTS/);
    }
  });

  it('gives a free port of the range, and none when the range is taken', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      await expect(freePort({ first: port, last: port })).rejects.toThrow(`${port}-${port}`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    expect(await freePort({ first: port, last: port })).toBe(port);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EBrowser, launchBrowser } from './support/browser';

describe('the server under test', () => {
  let browser: E2EBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers /api/health from the browser context', async () => {
    const response = await browser.context.request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

/**
 * How this project starts Debian's Chromium (docs/architecture.md#facts-about-the-tools), for the browser suite and
 * `npm run lighthouse`: headless, as root, and without the background connections this
 * machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

import fs from 'node:fs';

/** Debian's Chromium (browsers cannot be downloaded here), launched with the flags of playwright.config.ts. */
export const CHROMIUM = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
);
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // As in the e2e runs: a phone that was tapped to open the app may start with sound.
  '--autoplay-policy=no-user-gesture-required',
];

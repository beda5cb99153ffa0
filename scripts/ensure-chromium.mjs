// Browser tests need Chromium. Tools cannot download browsers here, so use the system one and
// install Debian's package when it is missing (CI runs as root on a fresh machine).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
if (!candidates.some((p) => fs.existsSync(p))) {
  console.log('Chromium not found: installing it with apt-get…');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedToOthers } from './embedded.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-embedded-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('closedToOthers: whether the postgres user can reach a folder', () => {
  it('names the first folder on the way that others cannot enter', () => {
    fs.chmodSync(root, 0o755);
    const closed = path.join(root, 'clone');
    fs.mkdirSync(path.join(closed, 'node_modules', 'pg'), { recursive: true });
    fs.chmodSync(closed, 0o700);
    expect(closedToOthers(path.join(closed, 'node_modules', 'pg'))).toBe(closed);
  });

  it('names none when every folder on the way is open, even if the last one does not exist yet', () => {
    fs.chmodSync(root, 0o755);
    const open = path.join(root, 'open');
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(open, 0o755);
    expect(closedToOthers(path.join(open, 'cluster-to-be'))).toBeNull();
  });
});

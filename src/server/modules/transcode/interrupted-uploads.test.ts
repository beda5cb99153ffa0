import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeInterruptedUploads } from './transcode.plugin.ts';
import { partialOwner } from './media-folders.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-uploads-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A pid no process has: past the kernel's pid_max. */
const deadPid = Number(fs.readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1;

describe('partial uploads at start', () => {
  it('removes those of a dead process at once, keeps a live upload and recent ones of other machines', async () => {
    const dir = path.join(root, 'series-1');
    fs.mkdirSync(dir, { recursive: true });
    const host = partialOwner().split('~')[0];
    const dead = path.join(dir, `1-aa.${host}~${deadPid}.part`);
    const live = path.join(dir, `2-bb.${partialOwner()}.part`);
    const otherMachine = path.join(dir, `3-cc.elsewhere~1.part`);
    const otherMachineOld = path.join(dir, `4-dd.elsewhere~2.part`);
    const finished = path.join(dir, '5-ee.mp4');
    for (const file of [dead, live, otherMachine, otherMachineOld, finished]) fs.writeFileSync(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(otherMachineOld, twoHoursAgo, twoHoursAgo);

    await removeInterruptedUploads(root);

    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(otherMachine)).toBe(true);
    expect(fs.existsSync(otherMachineOld)).toBe(false);
    expect(fs.existsSync(finished)).toBe(true);
  });
});

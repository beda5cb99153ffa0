import { describe, expect, it } from 'vitest';
import { installWay } from './use-install-offer.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('how a browser installs the app', () => {
  it('with its own dialog where it offered one', () => {
    expect(installWay(true, ANDROID_CHROME, 5, false)).toBe('prompt');
  });

  it('by Share, then Add to Home Screen on an iPhone, and on an iPad that says it is a Mac', () => {
    expect(installWay(false, IPHONE, 5, false)).toBe('steps');
    expect(installWay(false, IPAD_AS_MAC, 5, false)).toBe('steps');
  });

  it('not at all on a Mac, in a browser that offered nothing, or once installed', () => {
    expect(installWay(false, IPAD_AS_MAC, 0, false)).toBeNull();
    expect(installWay(false, ANDROID_CHROME, 5, false)).toBeNull();
    expect(installWay(false, IPHONE, 5, true)).toBeNull();
    expect(installWay(true, ANDROID_CHROME, 5, true)).toBeNull();
  });
});

import type { EarlyTap } from '#contract/early-taps.ts';

/**
 * The taps made on the server's markup before the app took it over (src/contract/early-taps.ts), and the
 * end of noting them: called right before React takes the page, which handles every tap from then on.
 */
export function takeEarlyTaps(): EarlyTap[] {
  return window.__earlyTaps?.take() ?? [];
}

/** Taps again, now that the app answers, each button tapped early that is still on the page. */
export function replayEarlyTaps(taps: EarlyTap[]) {
  for (const { button, x, y, pointerType } of taps.splice(0)) {
    if (!button.isConnected || button.disabled) continue;
    const pointer = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0 };
    const touch = { ...pointer, pointerId: 1, isPrimary: true, pointerType };
    // Menus open on the press (Radix) or on the click (our own buttons): the whole tap, as it came.
    button.dispatchEvent(new PointerEvent('pointerdown', { ...touch, buttons: 1 }));
    button.dispatchEvent(new PointerEvent('pointerup', touch));
    button.dispatchEvent(new PointerEvent('click', { ...touch, detail: 1 }));
  }
}

/**
 * A page rendered on the server shows its buttons before the app has taken its markup over; a tap on one
 * then would do nothing. The first script of every page (inline in <head>, allowed by its hash in the
 * Content-Security-Policy) notes such taps, and the app taps the same buttons again once it handles them
 * (src/web/lib/early-taps.ts). Links need no help: they work without the app.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var taps=[];function note(e){var b=e.isTrusted&&e.target instanceof Element&&e.target.closest("#root button");' +
  'if(b&&!b.disabled)taps.push({button:b,x:e.clientX,y:e.clientY,pointerType:e.pointerType||"mouse"})}' +
  'document.addEventListener("click",note,true);' +
  'window.__earlyTaps={take:function(){document.removeEventListener("click",note,true);return taps.splice(0)}}})();';

/** What the script keeps for each tap. */
export interface EarlyTap {
  button: HTMLButtonElement;
  x: number;
  y: number;
  pointerType: string;
}

declare global {
  interface Window {
    /** Set by EARLY_TAPS_SCRIPT: stops noting taps and hands over those noted so far. */
    __earlyTaps?: { take(): EarlyTap[] };
  }
}

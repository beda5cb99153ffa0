/** One generated 9:16 demo clip; every demo episode plays one of these. */
export interface DemoClip {
  /** 1-based; the file is clips/clip-<number>.mp4 */
  number: number;
  seconds: number;
  /** Background colour (ffmpeg colour syntax, 0xRRGGBB) */
  background: string;
  /** Moving band and progress bar colour */
  accent: string;
  /** Base frequency of the soft tone, Hz */
  toneHz: number;
}

export const DEMO_CLIPS: readonly DemoClip[] = [
  { number: 1, seconds: 24, background: '0x1e2a4a', accent: '0x8fb3ff', toneHz: 220 },
  { number: 2, seconds: 30, background: '0x3a1f3d', accent: '0xf0a6ca', toneHz: 247 },
  { number: 3, seconds: 36, background: '0x1d3b36', accent: '0x8fe3c8', toneHz: 262 },
  { number: 4, seconds: 28, background: '0x402a1a', accent: '0xffc48a', toneHz: 196 },
  { number: 5, seconds: 32, background: '0x2b2447', accent: '0xb9a8ff', toneHz: 294 },
  { number: 6, seconds: 26, background: '0x1f3344', accent: '0x9ad8f0', toneHz: 330 },
];

export function demoClipFile(clip: Pick<DemoClip, 'number'>): string {
  return `clips/clip-${clip.number}.mp4`;
}

export function demoClipUrl(clip: Pick<DemoClip, 'number'>): string {
  return `/media/${demoClipFile(clip)}`;
}

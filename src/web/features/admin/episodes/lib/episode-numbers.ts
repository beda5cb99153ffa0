import { EPISODE_NUMBER_MAX } from '#contract/episodes.ts';

const valid = (n: number) => (Number.isInteger(n) && n >= 1 && n <= EPISODE_NUMBER_MAX ? n : null);

/**
 * The episode number a file name states: "ep03.mp4" → 3, "Episode 12 - Finale.mov" → 12,
 * "S01E07.mp4" → 7, "07.mp4" → 7, "night shift 4.webm" → 4. Numbers glued to letters or sizes
 * ("1080p", "360x640", "h264") are not episode numbers, and neither is a name with several loose numbers.
 */
export function episodeNumberInFileName(fileName: string): number | null {
  const base = fileName.replace(/\.[a-z0-9]{1,8}$/i, '');
  const marked = /(?:^|[^a-z])(?:episode|ep|e|part|pt|#)[\s._-]*(\d{1,5})(?!\d)/i.exec(base);
  if (marked) return valid(Number(marked[1]));
  const loose = [...base.matchAll(/(?<![a-z0-9])(\d{1,3})(?![a-z0-9])/gi)];
  return loose.length === 1 ? valid(Number(loose[0]![1])) : null;
}

/** File names in the order a person reads them: "ep2" before "ep10". */
export function inNaturalOrder<T extends { name: string }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }));
}

/**
 * Numbers for a batch of files: the one a file name states, else the next after the highest number
 * already used (by the series or by the batch), in the order of the files.
 */
export function planEpisodeNumbers(fileNames: readonly string[], usedNumbers: Iterable<number>): number[] {
  const stated = fileNames.map(episodeNumberInFileName);
  let next = Math.max(0, ...usedNumbers, ...stated.map((n) => n ?? 0)) + 1;
  return stated.map((n) => n ?? next++);
}

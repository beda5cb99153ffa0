/**
 * Where an episode left part-way starts again: the saved second, unless it is at the very start (nothing to
 * skip) or in the last 3 seconds (the episode was finished: it starts over).
 */
export function resumePoint(savedSeconds: number | undefined, durationSeconds: number): number | undefined {
  if (savedSeconds === undefined || savedSeconds <= 1) return undefined;
  if (durationSeconds > 0 && savedSeconds >= durationSeconds - 3) return undefined;
  return savedSeconds;
}

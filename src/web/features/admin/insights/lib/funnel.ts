import type { EpisodeFunnelRow } from '#contract/insights.ts';

export interface DropOff {
  from: number;
  to: number;
  lost: number;
  /** Share of the first episode's viewers lost, 0–1. */
  share: number;
}

/** Viewers lost from each episode to the next (a gain counts as no loss). */
export function dropOffs(episodes: readonly EpisodeFunnelRow[]): DropOff[] {
  return episodes.slice(1).map((row, i) => {
    const before = episodes[i]!;
    const lost = Math.max(0, before.viewers - row.viewers);
    return {
      from: before.episodeNumber,
      to: row.episodeNumber,
      lost,
      share: before.viewers > 0 ? lost / before.viewers : 0,
    };
  });
}

/** The steps that lose the most viewers, worst first; steps losing none are left out. */
export function worstDropOffs(episodes: readonly EpisodeFunnelRow[], count: number): DropOff[] {
  return dropOffs(episodes)
    .filter((d) => d.lost > 0)
    .sort((a, b) => b.lost - a.lost || a.from - b.from)
    .slice(0, count);
}

export type RangeChoice = '7' | '30' | '90' | 'custom';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(today.getTime() - (days - 1) * 86_400_000)), to: isoDay(today) };
}

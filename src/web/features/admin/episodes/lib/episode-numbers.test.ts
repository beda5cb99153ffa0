import { describe, expect, it } from 'vitest';
import { episodeNumberInFileName, inNaturalOrder, planEpisodeNumbers } from './episode-numbers.ts';

describe('episodeNumberInFileName', () => {
  it.each([
    ['ep03.mp4', 3],
    ['EP-12.mov', 12],
    ['Episode 7 - The Call.mp4', 7],
    ['episode_040.webm', 40],
    ['S01E07.mp4', 7],
    ['s2e11 final.mkv', 11],
    ['part-2.mp4', 2],
    ['#5.mp4', 5],
    ['07.mp4', 7],
    ['night shift 4.webm', 4],
    ['show_1080p_ep9.mp4', 9],
  ])('%s → %i', (name, expected) => {
    expect(episodeNumberInFileName(name)).toBe(expected);
  });

  it.each([
    'trailer.mp4',
    'clip_1080p.mp4',
    'render 360x640.mp4',
    'h264.mp4',
    'take 2 of 3.mp4',
    'ep0.mp4',
    'ep00000.mp4',
  ])('%s has no episode number', (name) => {
    expect(episodeNumberInFileName(name)).toBeNull();
  });
});

describe('planEpisodeNumbers', () => {
  it('numbers files without one after the last episode, in order', () => {
    expect(planEpisodeNumbers(['a.mp4', 'b.mp4', 'c.mp4'], [1, 2, 3])).toEqual([4, 5, 6]);
    expect(planEpisodeNumbers(['a.mp4'], [])).toEqual([1]);
  });

  it('keeps the numbers the names state and continues after the highest', () => {
    expect(planEpisodeNumbers(['ep05.mp4', 'extra.mp4', 'ep02.mp4'], [1])).toEqual([5, 6, 2]);
  });
});

describe('inNaturalOrder', () => {
  it('puts ep2 before ep10', () => {
    const names = inNaturalOrder([{ name: 'ep10.mp4' }, { name: 'EP2.mp4' }, { name: 'ep1.mp4' }]).map((f) => f.name);
    expect(names).toEqual(['ep1.mp4', 'EP2.mp4', 'ep10.mp4']);
  });
});

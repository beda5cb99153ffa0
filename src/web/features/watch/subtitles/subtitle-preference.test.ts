import { describe, expect, it } from 'vitest';
import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import { chooseSubtitleTrack } from './subtitle-preference.ts';

const track = (language: string): EpisodeSubtitle => ({
  language,
  label: language,
  kind: 'subtitles',
  url: `/media/x/subs-${language}/playlist.m3u8`,
  fileUrl: `/media/x/subs-${language}/track.vtt`,
});
const tracks = [track('en'), track('es'), track('pt-BR'), track('ar')];
const chosen = (ui: string, language?: string | null, list = tracks) =>
  chooseSubtitleTrack(list, ui, { language, size: 'medium' })?.language;

describe('chooseSubtitleTrack', () => {
  it('never chose: the UI language when the episode has it, else off', () => {
    expect(chosen('es')).toBe('es');
    expect(chosen('pt')).toBe('pt-BR');
    expect(chosen('ja')).toBeUndefined();
  });

  it('turned off: off, even with a track in the UI language', () => {
    expect(chosen('es', null)).toBeUndefined();
  });

  it('turned on before: the closest to that language, else the UI language, else the first track', () => {
    expect(chosen('ja', 'ar')).toBe('ar');
    expect(chosen('ja', 'pt-PT')).toBe('pt-BR');
    expect(chosen('es', 'ko')).toBe('es');
    expect(chosen('ja', 'ko')).toBe('en');
    expect(chosen('ja', 'ko', [])).toBeUndefined();
  });
});

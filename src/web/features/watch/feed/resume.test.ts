import { describe, expect, it } from 'vitest';
import { isHlsUrl } from '#web/lib/media/media-attachment.ts';
import { resumePoint } from '#contract/watch-start.ts';

describe('where an episode starts again', () => {
  it('resumes a part-watched episode at the saved second', () => {
    expect(resumePoint(12.4, 30)).toBe(12.4);
  });

  it('starts from the beginning when nothing, or almost nothing, was watched', () => {
    expect(resumePoint(undefined, 30)).toBeUndefined();
    expect(resumePoint(0.8, 30)).toBeUndefined();
  });

  it('starts over an episode that was watched to (nearly) the end', () => {
    expect(resumePoint(27.5, 30)).toBeUndefined();
    expect(resumePoint(30, 30)).toBeUndefined();
    expect(resumePoint(26.9, 30)).toBe(26.9);
  });
});

describe('which media goes through HLS', () => {
  it('knows a playlist by its .m3u8 path, with or without a query', () => {
    expect(isHlsUrl('/media/series/3/episodes/75/demo-5-abc/master.m3u8')).toBe(true);
    expect(isHlsUrl('https://cdn.example/ep/master.M3U8?token=1')).toBe(true);
    expect(isHlsUrl('/media/clips/clip-1.mp4')).toBe(false);
    expect(isHlsUrl('/media/x.m3u8.mp4')).toBe(false);
  });
});

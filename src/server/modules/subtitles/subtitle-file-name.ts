import { canonicalLanguageTag } from '#contract/language-tag.ts';

export interface SubtitleFileNameMatch {
  episodeNumber: number;
  language: string;
}

const NAME = /^(?:.*?[^0-9])?0*(\d{1,5})[ ._-]+([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)\.(?:srt|vtt)$/i;

/** The episode number and language a file's name gives: `12.es.srt`, `ep012_ar.vtt`, `S01E03.pt-BR.vtt`. */
export function matchSubtitleFileName(fileName: string): SubtitleFileNameMatch | null {
  const base = fileName.split(/[\\/]/).at(-1) ?? '';
  const match = NAME.exec(base);
  if (!match) return null;
  const language = canonicalLanguageTag(match[2]!);
  const episodeNumber = Number(match[1]);
  return language && episodeNumber >= 1 ? { episodeNumber, language } : null;
}

export const isSubtitleFileName = (fileName: string) => /\.(?:srt|vtt)$/i.test(fileName);

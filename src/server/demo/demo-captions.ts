import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Executor } from '../db/client.ts';
import {
  masterWithSubtitles,
  segmentedRendition,
  SUBTITLE_FILE,
  SUBTITLE_PLAYLIST,
  webVttFile,
} from '../media/subtitle-rendition.ts';
import type { Cue } from '../media/subtitle-file.ts';
import { MASTER_PLAYLIST, SEGMENT_SECONDS } from '../media/hls-pipeline.ts';
import { importSubtitleTracks } from '../modules/subtitles/subtitles.service.ts';

/** Generated caption text in five languages, plainly marked as demo text. */
const DEMO_CAPTIONS = [
  {
    language: 'en',
    label: 'English',
    intro: '[Demo captions]',
    line: (n: number) => `Scene ${n}: generated caption text`,
  },
  {
    language: 'es',
    label: 'Español',
    intro: '[Subtítulos de demostración]',
    line: (n: number) => `Escena ${n}: texto generado`,
  },
  { language: 'ar', label: 'العربية', intro: '[ترجمة تجريبية]', line: (n: number) => `المشهد ${n}: نص مولَّد` },
  { language: 'ja', label: '日本語', intro: '［デモ字幕］', line: (n: number) => `シーン${n}：自動生成テキスト` },
  { language: 'hi', label: 'हिन्दी', intro: '[डेमो कैप्शन]', line: (n: number) => `दृश्य ${n}: बनाया गया टेक्स्ट` },
] as const;

export const DEMO_CAPTION_LANGUAGES = DEMO_CAPTIONS.map((c) => c.language);
const CUE_SECONDS = 3;

export function demoCaptionCues(language: (typeof DEMO_CAPTION_LANGUAGES)[number], seconds: number): Cue[] {
  const captions = DEMO_CAPTIONS.find((c) => c.language === language)!;
  const cues: Cue[] = [];
  for (let start = 0, n = 1; start < seconds; start += CUE_SECONDS, n++) {
    const end = Math.min(seconds, start + CUE_SECONDS - 0.2);
    cues.push({ start, end, text: `${captions.intro}\n${captions.line(n)}` });
  }
  return cues;
}

const folderName = (language: string, hash: string) => `subs-${language}-${hash}`;

/**
 * Adds the demo caption renditions to a clip's staged HLS folder (the one episode folders are linked from) and
 * lists them in its master playlist, renamed over the staged one so the shared cache keeps its own.
 */
export function addDemoCaptions(stagedDir: string, seconds: number, hash: string) {
  const masterFile = path.join(stagedDir, MASTER_PLAYLIST);
  if (fs.existsSync(path.join(stagedDir, folderName('en', hash)))) return;
  for (const { language } of DEMO_CAPTIONS) {
    const cues = demoCaptionCues(language, seconds);
    const rendition = segmentedRendition(cues, { segmentSeconds: SEGMENT_SECONDS, durationSeconds: seconds });
    const temp = path.join(stagedDir, `.${folderName(language, hash)}.${randomBytes(4).toString('hex')}.tmp`);
    fs.mkdirSync(temp, { recursive: true });
    fs.writeFileSync(path.join(temp, SUBTITLE_PLAYLIST), rendition.playlist);
    fs.writeFileSync(path.join(temp, SUBTITLE_FILE), webVttFile(cues));
    for (const segment of rendition.segments) fs.writeFileSync(path.join(temp, segment.name), segment.text);
    fs.rmSync(path.join(stagedDir, folderName(language, hash)), { recursive: true, force: true });
    fs.renameSync(temp, path.join(stagedDir, folderName(language, hash)));
  }
  const master = masterWithSubtitles(
    fs.readFileSync(masterFile, 'utf8'),
    DEMO_CAPTIONS.map(({ language, label }) => ({
      language,
      name: label,
      uri: `${folderName(language, hash)}/${SUBTITLE_PLAYLIST}`,
      isDefault: false,
      characteristics: 'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound',
    })),
  );
  const temp = `${masterFile}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, master);
  fs.renameSync(temp, masterFile);
}

/** The caption tracks of demo episodes whose folders were just made (key: the episode's HLS folder). */
export async function insertDemoCaptionTracks(
  db: Executor,
  episodes: { id: number; key: string; seconds: number }[],
  hash: string,
) {
  await importSubtitleTracks(
    db,
    episodes.flatMap((episode) =>
      DEMO_CAPTIONS.map(({ language, label }) => ({
        episodeId: episode.id,
        language,
        kind: 'captions' as const,
        label,
        folderKey: `${episode.key}/${folderName(language, hash)}`,
        cueCount: demoCaptionCues(language, episode.seconds).length,
      })),
    ),
  );
}

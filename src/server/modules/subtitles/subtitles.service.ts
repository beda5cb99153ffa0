import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  EpisodeSubtitle,
  SubtitleBatchItem,
  SubtitleBatchReply,
  SubtitleCues,
  SubtitleKind,
  SubtitleTrack,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { localMediaUrl, type MediaStorage } from '../../media/storage.ts';
import { SEGMENT_SECONDS } from '../../media/hls-pipeline.ts';
import { isSubtitleFileName, matchSubtitleFileName } from './subtitle-file-name.ts';
import { parseSubtitleFile, SubtitleFileError, type Cue } from '../../media/subtitle-file.ts';
import {
  masterWithSubtitles,
  segmentedRendition,
  SUBTITLE_FILE,
  SUBTITLE_PLAYLIST,
  webVttFile,
} from '../../media/subtitle-rendition.ts';
import * as repo from './subtitles.repository.ts';

export interface SubtitlesContext {
  db: Database;
  storage: MediaStorage;
  /** Where files are put together before they are published (same filesystem as the media, ideally). */
  workRoot: string;
}

/** What writing media files needs (no database). */
type MediaFiles = Pick<SubtitlesContext, 'storage' | 'workRoot'>;

export interface SubtitleUpload {
  language: string;
  kind: SubtitleKind;
  label?: string;
  /** The file's bytes. */
  content: Buffer;
}

const CAPTION_CHARACTERISTICS =
  'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound';
const PREVIEW_CUES = 3;

const episodeNotFound = () => notFound('Episode not found.');

/** The language's own name ("Español", "العربية"), as the default label of its track. */
export function languageLabel(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

function subtitleOf(row: repo.SubtitleTrackRow): EpisodeSubtitle {
  return {
    language: row.language,
    label: row.label,
    kind: row.kind,
    url: localMediaUrl(`${row.folderKey}/${SUBTITLE_PLAYLIST}`),
    fileUrl: localMediaUrl(`${row.folderKey}/${SUBTITLE_FILE}`),
  };
}

function trackOf(row: repo.SubtitleTrackRow): SubtitleTrack {
  return {
    ...subtitleOf(row),
    id: row.id,
    episodeId: row.episodeId,
    cueCount: row.cueCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each episode's tracks as viewers get them (episode lists, one episode). */
export async function subtitlesOfEpisodes(db: Executor, episodeIds: readonly number[]) {
  const byEpisode = new Map<number, EpisodeSubtitle[]>();
  for (const row of await repo.tracksOfEpisodes(db, episodeIds)) {
    byEpisode.set(row.episodeId, [...(byEpisode.get(row.episodeId) ?? []), subtitleOf(row)]);
  }
  return byEpisode;
}

export async function subtitlesOfEpisode(db: Executor, episodeId: number): Promise<EpisodeSubtitle[]> {
  return (await subtitlesOfEpisodes(db, [episodeId])).get(episodeId) ?? [];
}

export async function listSubtitleTracks(db: Database, episodeId: number): Promise<SubtitleTrack[]> {
  return (await repo.tracksOfEpisodes(db, [episodeId])).map(trackOf);
}

/** The key of the folder holding the episode's master playlist, or null when it plays no HLS of ours. */
function hlsFolderOf(storage: MediaStorage, videoUrl: string): string | null {
  const key = storage.keyOf(videoUrl);
  if (!key || !key.endsWith('.m3u8')) return null;
  return key.slice(0, key.lastIndexOf('/'));
}

function requireHlsFolder(storage: MediaStorage, videoUrl: string): string {
  const folder = hlsFolderOf(storage, videoUrl);
  if (!folder) throw conflict('This episode has no HLS video yet: add subtitles once its upload is processed.');
  return folder;
}

function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw invalid('The file is not UTF-8 text. Save it as UTF-8 and upload it again.', 'file');
  }
}

function readCues(content: Buffer): Cue[] {
  try {
    const cues = parseSubtitleFile(decodeText(content));
    if (cues.length === 0) throw invalid('The file holds no cues.', 'file');
    return cues;
  } catch (error) {
    if (error instanceof SubtitleFileError) throw invalid(error.message, 'file');
    throw error;
  }
}

/** The video's segment length and duration, read from its first rendition's playlist. */
async function videoTiming(storage: MediaStorage, folder: string, master: string) {
  const variant = master.split(/\r?\n/).find((line) => line !== '' && !line.startsWith('#'));
  const playlist = variant && !variant.includes('://') ? await storage.readText(`${folder}/${variant}`) : null;
  const target = Number(/#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/.exec(playlist ?? '')?.[1]);
  const durations = [...(playlist ?? '').matchAll(/#EXTINF:(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
  // ffmpeg's segments are cut at SEGMENT_SECONDS (the target duration is rounded up): use the first one's length.
  const segmentSeconds = durations.length > 1 ? durations[0]! : target > 0 ? target : SEGMENT_SECONDS;
  return { segmentSeconds, durationSeconds: durations.reduce((sum, d) => sum + d, 0) };
}

async function writeWorkFile(workRoot: string, text: string): Promise<string> {
  await fs.mkdir(workRoot, { recursive: true });
  const file = path.join(workRoot, `subtitles-${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(file, text);
  return file;
}

/**
 * Rewrites the master playlist with the episode's tracks as they are in the database: a new file renamed over
 * the old one (never written in place: demo folders share their files with other episodes through hard links).
 */
async function publishMaster(ctx: MediaFiles, db: Executor, episodeId: number, folder: string) {
  const masterKey = `${folder}/master.m3u8`;
  const master = await ctx.storage.readText(masterKey);
  if (master === null) throw conflict('The episode’s video playlist is missing: upload its video again.');
  const tracks = await repo.tracksOfEpisodes(db, [episodeId]);
  const text = masterWithSubtitles(
    master,
    tracks.map((track) => ({
      language: track.language,
      name: track.label,
      uri: `${track.folderKey.slice(folder.length + 1)}/${SUBTITLE_PLAYLIST}`,
      isDefault: false,
      characteristics: track.kind === 'captions' ? CAPTION_CHARACTERISTICS : undefined,
    })),
  );
  if (text === master) return;
  await ctx.storage.putFile(await writeWorkFile(ctx.workRoot, text), masterKey);
}

/** The rendition folder of a track: new for every upload, so players never mix an old segment with a new one. */
async function publishRendition(ctx: MediaFiles, folder: string, language: string, cues: Cue[]) {
  const master = (await ctx.storage.readText(`${folder}/master.m3u8`)) ?? '';
  const rendition = segmentedRendition(cues, await videoTiming(ctx.storage, folder, master));
  const local = path.join(ctx.workRoot, `subtitles-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(local, { recursive: true });
  await fs.writeFile(path.join(local, SUBTITLE_PLAYLIST), rendition.playlist);
  await fs.writeFile(path.join(local, SUBTITLE_FILE), webVttFile(cues));
  for (const segment of rendition.segments) await fs.writeFile(path.join(local, segment.name), segment.text);
  const key = `${folder}/subs-${language.toLowerCase()}-${randomBytes(4).toString('hex')}`;
  try {
    await ctx.storage.publishFolder(local, key);
  } catch (error) {
    await fs.rm(local, { recursive: true, force: true });
    throw error;
  }
  return key;
}

async function storeTrack(
  ctx: SubtitlesContext,
  episodeId: number,
  upload: Omit<SubtitleUpload, 'content'>,
  cues: Cue[],
) {
  const episode = await repo.findEpisodeMedia(ctx.db, episodeId);
  if (!episode) throw episodeNotFound();
  const folder = requireHlsFolder(ctx.storage, episode.videoUrl);
  const folderKey = await publishRendition(ctx, folder, upload.language, cues);
  let replaced: string | undefined;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockEpisode(tx, episodeId);
      if (!locked || locked.videoUrl !== episode.videoUrl) throw conflict('The episode changed meanwhile: try again.');
      replaced = (await repo.findTrack(tx, episodeId, upload.language))?.folderKey;
      const saved = await repo.saveTrack(tx, {
        episodeId,
        language: upload.language,
        kind: upload.kind,
        label: upload.label ?? languageLabel(upload.language),
        folderKey,
        cueCount: cues.length,
      });
      await publishMaster(ctx, tx, episodeId, folder);
      return saved;
    });
    if (replaced && replaced !== folderKey) await ctx.storage.remove(replaced);
    return trackOf(row);
  } catch (error) {
    await ctx.storage.remove(folderKey);
    // The master may have been renamed into place before the transaction failed: write it from what was kept.
    await publishMaster(ctx, ctx.db, episodeId, folder).catch(() => undefined);
    throw error;
  }
}

/**
 * A new video of the episode (a replacement being published, in the transaction that switches to it) gets the
 * episode's tracks too, cut to its own segments and listed in its master playlist; the old folder goes with them.
 */
export async function carrySubtitleTracks(ctx: MediaFiles, tx: Executor, episodeId: number, newFolder: string) {
  const tracks = await repo.tracksOfEpisodes(tx, [episodeId]);
  if (tracks.length === 0) return;
  for (const track of tracks) {
    const text = await ctx.storage.readText(`${track.folderKey}/${SUBTITLE_FILE}`);
    const cues = text === null ? [] : parseSubtitleFile(text, 'vtt');
    if (cues.length === 0) {
      await repo.deleteTrack(tx, episodeId, track.language);
      continue;
    }
    await repo.setTrackFolder(tx, track.id, await publishRendition(ctx, newFolder, track.language, cues));
  }
  await publishMaster(ctx, tx, episodeId, newFolder);
}

/** Adds the episode's track in that language, or replaces it. A file that cannot be read changes nothing. */
export async function saveSubtitleTrack(ctx: SubtitlesContext, episodeId: number, upload: SubtitleUpload) {
  const cues = readCues(upload.content);
  return storeTrack(ctx, episodeId, upload, cues);
}

export async function removeSubtitleTrack(ctx: SubtitlesContext, episodeId: number, language: string) {
  const removed = await ctx.db.transaction(async (tx) => {
    const episode = await repo.lockEpisode(tx, episodeId);
    if (!episode) throw episodeNotFound();
    const row = await repo.deleteTrack(tx, episodeId, language);
    if (!row) throw notFound(`This episode has no subtitles in ${language}.`);
    const folder = hlsFolderOf(ctx.storage, episode.videoUrl);
    if (folder) await publishMaster(ctx, tx, episodeId, folder);
    return row;
  });
  await ctx.storage.remove(removed.folderKey);
}

export async function subtitleCuesOf(
  ctx: SubtitlesContext,
  episodeId: number,
  language: string,
  limit: number,
): Promise<SubtitleCues> {
  const track = await repo.findTrack(ctx.db, episodeId, language);
  if (!track) throw notFound(`This episode has no subtitles in ${language}.`);
  const text = await ctx.storage.readText(`${track.folderKey}/${SUBTITLE_FILE}`);
  const cues = text === null ? [] : parseSubtitleFile(text, 'vtt');
  return { cueCount: track.cueCount, cues: cues.slice(0, limit).map(({ start, end, text }) => ({ start, end, text })) };
}

export interface BatchFile {
  fileName: string;
  content: Buffer;
}

/**
 * Matches each file to an episode of the series and a language by its name, and reads it. A dry run only
 * answers that; otherwise every file is saved, or none when any has a problem.
 */
export async function saveSubtitleBatch(
  ctx: SubtitlesContext,
  seriesId: number,
  files: BatchFile[],
  options: { kind: SubtitleKind; dryRun: boolean },
): Promise<SubtitleBatchReply> {
  if (files.length === 0) throw invalid('Choose one or more .srt or .vtt files.', 'file');
  const episodes = await repo.episodesOfSeries(ctx.db, seriesId);
  const byNumber = new Map(episodes.map((e) => [e.episodeNumber, e]));
  const existing = await repo.tracksOfEpisodes(
    ctx.db,
    episodes.map((e) => e.id),
  );
  const taken = new Set(existing.map((t) => `${t.episodeId}:${t.language}`));
  const seen = new Set<string>();
  const parsed: { item: SubtitleBatchItem; cues: Cue[] }[] = files.map(({ fileName, content }) => {
    const item: SubtitleBatchItem = {
      fileName,
      episodeNumber: null,
      episodeId: null,
      language: null,
      replaces: false,
      cueCount: 0,
      firstCues: [],
      problem: null,
    };
    const fail = (problem: string) => ({ item: { ...item, problem }, cues: [] });
    if (!isSubtitleFileName(fileName)) return fail('Only .srt and .vtt files can be uploaded.');
    const match = matchSubtitleFileName(fileName);
    if (!match) return fail('The name does not say the episode and the language (like 12.es.srt or ep012_ar.vtt).');
    item.episodeNumber = match.episodeNumber;
    item.language = match.language;
    const episode = byNumber.get(match.episodeNumber);
    if (!episode) return fail(`This series has no episode ${match.episodeNumber}.`);
    item.episodeId = episode.id;
    if (!hlsFolderOf(ctx.storage, episode.videoUrl)) return fail('This episode has no HLS video yet.');
    const key = `${episode.id}:${match.language}`;
    if (seen.has(key)) return fail('Another file is for the same episode and language.');
    seen.add(key);
    item.replaces = taken.has(key);
    try {
      const cues = readCues(content);
      item.cueCount = cues.length;
      item.firstCues = cues.slice(0, PREVIEW_CUES).map(({ start, end, text }) => ({ start, end, text }));
      return { item, cues };
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  });
  const reply = { saved: false, files: parsed.map((p) => p.item) };
  if (options.dryRun) return reply;
  const problem = parsed.find((p) => p.item.problem !== null)?.item;
  if (problem) throw invalid(`${problem.fileName}: ${problem.problem}`, 'file');
  for (const { item, cues } of parsed) {
    await storeTrack(ctx, item.episodeId!, { language: item.language!, kind: options.kind }, cues);
  }
  return { ...reply, saved: true };
}

/** A track whose files are already in its episode's folder (the demo's captions, made with their HLS). */
export type ImportedTrack = Pick<
  repo.SubtitleTrackRow,
  'episodeId' | 'language' | 'kind' | 'label' | 'folderKey' | 'cueCount'
>;

/** Adds the tracks in one statement; a language an episode already has keeps its track. */
export function importSubtitleTracks(db: Executor, tracks: ImportedTrack[]): Promise<void> {
  return repo.insertTracks(db, tracks);
}

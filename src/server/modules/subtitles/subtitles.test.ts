import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBTITLE_FILE_MAX_BYTES, type Episode, type SubtitleBatchReply } from '#contract/index.ts';
import { subtitleTracks } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createEpisode, createSeries, createUnlock } from '../../testing/factory.ts';
import { makeSourceVideo, multipartBody, waitFor } from '../../testing/media-uploads.ts';
import { parseSubtitleFile } from '../../media/subtitle-file.ts';

let t: TestContext;
let seriesId: number;
const ids: Record<number, number> = {};
const folderOf: Record<number, string> = {};

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=360x640
v0/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=540x960
v1/index.m3u8
`;
const VARIANT = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:2
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:2.000000,
seg-0.m4s
#EXTINF:2.000000,
seg-1.m4s
#EXTINF:1.500000,
seg-2.m4s
#EXT-X-ENDLIST
`;
const SRT = `1
00:00:00,500 --> 00:00:01,800
Hello, <b>world</b>.

2
00:00:02,500 --> 00:00:04,000
<script>alert(1)</script>Second cue
`;

const fileOf = (key: string) => path.join(t.mediaDir, key);
const read = (key: string) => fs.readFileSync(fileOf(key), 'utf8');
const filesUnder = (dir: string) => fs.readdirSync(fileOf(dir), { recursive: true }).map(String).sort();

function upload(
  episodeNumber: number,
  language: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
) {
  return t.admin({
    method: 'PUT',
    url: `/api/episodes/${ids[episodeNumber]}/subtitles/${language}`,
    ...multipartBody(fields, [
      {
        field: 'file',
        filename: `${episodeNumber}.${language}.srt`,
        content: Buffer.from(content),
        contentType: 'text/plain',
      },
    ]),
  });
}

function batch(files: Record<string, string>, query = '') {
  return t.admin({
    method: 'POST',
    url: `/api/series/${seriesId}/subtitles${query}`,
    ...multipartBody(
      { kind: 'captions' },
      Object.entries(files).map(([filename, content]) => ({
        field: 'file',
        filename,
        content: Buffer.from(content),
        contentType: 'text/plain',
      })),
    ),
  });
}

beforeAll(async () => {
  t = await createTestContext();
  const row = await createSeries(t.db, {
    title: 'Subtitled',
    description: 'd',
    genre: 'Romance',
    thumbnailUrl: '/media/x.svg',
    totalEpisodes: 13,
  });
  seriesId = row.id;
  // Both masters are hard links to one file, as demo episode folders are: a change to one must not reach the other.
  const shared = path.join(t.mediaDir, 'shared-master.m3u8');
  fs.writeFileSync(shared, MASTER);
  for (const number of [1, 12, 13]) {
    const folder = `series/${seriesId}/episodes/${number}/7-a1b2c3`;
    folderOf[number] = folder;
    for (const variant of ['v0', 'v1']) {
      fs.mkdirSync(fileOf(`${folder}/${variant}`), { recursive: true });
      fs.writeFileSync(fileOf(`${folder}/${variant}/index.m3u8`), VARIANT);
    }
    fs.linkSync(shared, fileOf(`${folder}/master.m3u8`));
    const episode = await createEpisode(t.db, seriesId, number, {
      videoUrl: `/media/${folder}/master.m3u8`,
      thumbnailUrl: '',
      duration: 6,
    });
    ids[number] = episode.id;
  }
  // An episode that plays an MP4 (no HLS yet).
  const mp4 = await createEpisode(t.db, seriesId, 2, {
    title: 'MP4',
    videoUrl: '/media/clips/clip-1.mp4',
    thumbnailUrl: '',
    duration: 6,
  });
  ids[2] = mp4.id;
});
afterAll(() => t.close());

describe('a subtitle track added to a published episode', () => {
  it('is written as a segmented WebVTT rendition and listed in the master playlist, without a transcode', async () => {
    const before = filesUnder(folderOf[1]!);
    const res = await upload(1, 'es', SRT, { kind: 'subtitles' });
    expect(res.statusCode, res.body).toBe(200);
    const track = res.json();
    expect(track).toMatchObject({ language: 'es', label: 'Español', kind: 'subtitles', cueCount: 2 });
    expect(track.url).toMatch(new RegExp(`^/media/${folderOf[1]}/subs-es-[0-9a-f]{8}/playlist\\.m3u8$`));

    const master = read(`${folderOf[1]}/master.m3u8`);
    const subsFolder = track.url.split('/').at(-2);
    expect(master).toContain(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",AUTOSELECT=YES,DEFAULT=NO,FORCED=NO,URI="${subsFolder}/playlist.m3u8"`,
    );
    expect(master.match(/^#EXT-X-STREAM-INF:.*,SUBTITLES="subs"$/gm)).toHaveLength(2);
    // Renamed over, never written in place: the other episodes' masters (same file before) are untouched.
    expect(read(`${folderOf[12]}/master.m3u8`)).toBe(MASTER);
    expect(read('shared-master.m3u8')).toBe(MASTER);
    // Only new files: the video's own are as they were.
    const after = filesUnder(folderOf[1]!);
    expect(after.filter((f) => !f.startsWith(subsFolder))).toEqual(before);
    expect(read(`${folderOf[1]}/v0/index.m3u8`)).toBe(VARIANT);

    const playlist = await t.viewer({ method: 'GET', url: track.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segments = playlist.body.split('\n').filter((line) => line.endsWith('.vtt'));
    expect(segments).toEqual(['seg-0.vtt', 'seg-1.vtt', 'seg-2.vtt']);
    const second = await t.viewer({ method: 'GET', url: track.url.replace('playlist.m3u8', 'seg-1.vtt') });
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(second.body).toContain('X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000');
    expect(parseSubtitleFile(second.body)).toEqual([{ start: 2.5, end: 4, text: 'Second cue' }]);

    const servedMaster = await t.viewer({ method: 'GET', url: `/media/${folderOf[1]}/master.m3u8` });
    expect(servedMaster.body).toBe(master);
    expect(servedMaster.headers['cache-control']).toBe('public, no-cache');
  });

  it('is carried by the episode and the series episode list, and its cues can be previewed', async () => {
    const episode = (await t.viewer({ method: 'GET', url: `/api/episodes/${ids[1]}` })).json() as Episode;
    expect(episode.subtitles).toEqual([
      expect.objectContaining({
        language: 'es',
        label: 'Español',
        kind: 'subtitles',
        url: expect.stringMatching(/playlist\.m3u8$/),
      }),
    ]);
    const file = await t.viewer({ method: 'GET', url: episode.subtitles[0]!.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('WEBVTT')).toBe(true);
    // The catalogue snapshot serves lists from memory; the track's trigger tells it to rebuild.
    await waitFor('the episode list to carry the track', async () => {
      const list = (await t.viewer({ method: 'GET', url: `/api/series/${seriesId}/episodes` })).json() as Episode[];
      return list.find((e) => e.id === ids[1])?.subtitles.length === 1;
    });
    const cues = await t.admin({ method: 'GET', url: `/api/episodes/${ids[1]}/subtitles/es/cues?limit=1` });
    expect(cues.json()).toEqual({ cueCount: 2, cues: [{ start: 0.5, end: 1.8, text: 'Hello, <b>world</b>.' }] });
  });

  it('is replaced in a new folder (the old one goes) and deleted with its files, the master back as it was', async () => {
    const [old] = await t.db.select().from(subtitleTracks).where(eq(subtitleTracks.episodeId, ids[1]!));
    const replaced = await upload(1, 'es', 'WEBVTT\n\n00:01.000 --> 00:02.000\nNueva', {
      kind: 'captions',
      label: 'ES (CC)',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ label: 'ES (CC)', kind: 'captions', cueCount: 1 });
    expect(fs.existsSync(fileOf(old!.folderKey))).toBe(false);
    const master = read(`${folderOf[1]}/master.m3u8`);
    expect(master.match(/TYPE=SUBTITLES/g)).toHaveLength(1);
    expect(master).toContain('NAME="ES (CC)"');
    expect(master).toContain('CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog');

    const removed = await t.admin({ method: 'DELETE', url: `/api/episodes/${ids[1]}/subtitles/es` });
    expect(removed.statusCode).toBe(204);
    expect(read(`${folderOf[1]}/master.m3u8`)).toBe(MASTER);
    expect(filesUnder(folderOf[1]!).some((f) => f.startsWith('subs-'))).toBe(false);
    expect((await t.admin({ method: 'DELETE', url: `/api/episodes/${ids[1]}/subtitles/es` })).statusCode).toBe(404);
  });
});

describe('refusals change nothing', () => {
  async function expectNothingChanged() {
    expect(read(`${folderOf[13]}/master.m3u8`)).toBe(MASTER);
    expect(filesUnder(folderOf[13]!).some((f) => f.startsWith('subs-'))).toBe(false);
    expect(await t.db.select().from(subtitleTracks).where(eq(subtitleTracks.episodeId, ids[13]!))).toEqual([]);
  }

  it('a bad time names its line', async () => {
    const res = await upload(
      13,
      'fr',
      '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:01:70,000 --> 00:01:71,000\nbad\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('line 6: 00:01:70,000 is not a valid time');
    await expectNothingChanged();
  });

  it('a file too large, not UTF-8, without cues, or with no file at all', async () => {
    const big = await upload(13, 'fr', Buffer.alloc(SUBTITLE_FILE_MAX_BYTES + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/too large \(the limit is 2048 KB a file\)/);
    const latin1 = await upload(13, 'fr', Buffer.from([0x31, 0x0a, 0xe9, 0xe9, 0xff]));
    expect(latin1.json().message).toBe('The file is not UTF-8 text. Save it as UTF-8 and upload it again.');
    const empty = await upload(13, 'fr', 'WEBVTT\n');
    expect(empty.json().message).toBe('The file holds no cues.');
    const none = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${ids[13]}/subtitles/fr`,
      ...multipartBody({ kind: 'captions' }, []),
    });
    expect(none.statusCode).toBe(400);
    await expectNothingChanged();
  });

  it('a bad language, kind or label; an episode without HLS; someone who is not an operator', async () => {
    expect((await upload(13, 'not a language', SRT)).statusCode).toBe(400);
    const kind = await upload(13, 'fr', SRT, { kind: 'karaoke' });
    expect(kind.json().message).toBe('Kind must be captions or subtitles');
    expect((await upload(13, 'fr', SRT, { label: 'x'.repeat(61) })).statusCode).toBe(400);
    const mp4 = await upload(2, 'fr', SRT);
    expect(mp4.statusCode).toBe(409);
    const viewer = await t.viewer({
      method: 'PUT',
      url: `/api/episodes/${ids[13]}/subtitles/fr`,
      ...multipartBody({}, [{ field: 'file', filename: 'a.srt', content: Buffer.from(SRT) }]),
    });
    expect(viewer.statusCode).toBe(401);
    await expectNothingChanged();
  });
});

describe('locked episodes', () => {
  it("answer 403 for their subtitle files, then 200 after the viewer's unlock", async () => {
    const res = await upload(12, 'ar', '1\n00:00:00,000 --> 00:00:02,000\nمرحبا\n');
    expect(res.statusCode, res.body).toBe(200);
    const { url, fileUrl } = res.json();
    const urls = [url, fileUrl, url.replace('playlist.m3u8', 'seg-0.vtt'), `/media/${folderOf[12]}/master.m3u8`];
    for (const each of urls) expect((await t.viewer({ method: 'GET', url: each })).statusCode, each).toBe(403);
    await createUnlock(t.db, t.viewerId, seriesId, 12);
    for (const each of urls) {
      const unlocked = await t.viewer({ method: 'GET', url: each });
      expect(unlocked.statusCode, each).toBe(200);
      expect(unlocked.headers['cache-control']).toMatch(/^private/);
    }
    expect((await t.viewer({ method: 'GET', url: fileUrl })).body).toContain('مرحبا');
  });
});

describe('many files at once', () => {
  const files = {
    '1.es.srt': SRT,
    'ep012_pt-br.vtt': 'WEBVTT\n\n00:01.000 --> 00:02.000\nOlá',
    'S01E13.ja.srt': '1\n00:00:01,000 --> 00:00:02,000\nこんにちは',
  };

  it('a dry run answers the matching and saves nothing', async () => {
    const res = await batch(
      { ...files, 'notes.txt': 'x', 'trailer.en.srt': SRT, '99.fr.srt': SRT, '2.fr.srt': SRT },
      '?dryRun=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as SubtitleBatchReply;
    expect(reply.saved).toBe(false);
    const byName = Object.fromEntries(reply.files.map((f) => [f.fileName, f]));
    expect(byName['1.es.srt']).toMatchObject({
      episodeNumber: 1,
      episodeId: ids[1],
      language: 'es',
      cueCount: 2,
      problem: null,
    });
    expect(byName['1.es.srt']!.firstCues[0]!.text).toBe('Hello, <b>world</b>.');
    expect(byName['ep012_pt-br.vtt']).toMatchObject({ episodeNumber: 12, language: 'pt-BR', problem: null });
    expect(byName['S01E13.ja.srt']).toMatchObject({ episodeNumber: 13, language: 'ja', problem: null });
    expect(byName['notes.txt']!.problem).toBe('Only .srt and .vtt files can be uploaded.');
    expect(byName['trailer.en.srt']!.problem).toMatch(/does not say the episode and the language/);
    expect(byName['99.fr.srt']!.problem).toBe('This series has no episode 99.');
    expect(byName['2.fr.srt']!.problem).toBe('This episode has no HLS video yet.');
    expect(await t.db.select().from(subtitleTracks).where(eq(subtitleTracks.episodeId, ids[1]!))).toEqual([]);
  });

  it('saves nothing when one file has a problem, and every file otherwise', async () => {
    const refused = await batch({ ...files, '13.fr.srt': '1\n00:00:01,000 --> 00:00:00,500\nx' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      '13.fr.srt: line 2: the cue ends (00:00:00,500) before it starts (00:00:01,000)',
    );
    expect(await t.db.select().from(subtitleTracks).where(eq(subtitleTracks.episodeId, ids[13]!))).toEqual([]);

    const saved = await batch(files);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved).toBe(true);
    const rows = await t.db.select().from(subtitleTracks);
    expect(rows.map((r) => `${r.episodeId}:${r.language}:${r.kind}`).sort()).toEqual(
      [
        `${ids[1]}:es:captions`,
        `${ids[12]}:ar:subtitles`,
        `${ids[12]}:pt-BR:captions`,
        `${ids[13]}:ja:captions`,
      ].sort(),
    );
    expect(read(`${folderOf[12]}/master.m3u8`).match(/TYPE=SUBTITLES/g)).toHaveLength(2);
  });
});

describe('a replaced video', () => {
  it('keeps its subtitle tracks: cut again into the new folder and listed in the new master playlist', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'subtitles-video-'));
    const video = fs.readFileSync(await makeSourceVideo(dir, { width: 180, height: 320, seconds: 3 }));
    const uploaded = await t.admin({
      method: 'POST',
      url: `/api/series/${seriesId}/episodes`,
      ...multipartBody({ episodeNumber: '20' }, [{ field: 'video', filename: 'e.mp4', content: video }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const episodeId = uploaded.json().id as number;
    const ready = () =>
      waitFor('the transcode', async () => {
        const episode = (await t.admin({ method: 'GET', url: `/api/episodes/${episodeId}/admin` })).json();
        return episode.media.status === 'ready' ? (episode as Episode) : null;
      });
    const first = await ready();
    ids[20] = episodeId;
    expect((await upload(20, 'es', SRT)).statusCode).toBe(200);

    const replaced = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${episodeId}/video`,
      ...multipartBody({}, [{ field: 'video', filename: 'e.mp4', content: video }]),
    });
    expect(replaced.statusCode, replaced.body).toBe(202);
    const second = await waitFor('the new video', async () => {
      const episode = await ready();
      return episode.videoUrl !== first.videoUrl ? episode : null;
    });
    const newFolder = second.videoUrl.slice('/media/'.length, second.videoUrl.lastIndexOf('/'));
    expect(second.subtitles).toHaveLength(1);
    expect(second.subtitles[0]!.url.startsWith(`/media/${newFolder}/subs-es-`)).toBe(true);
    expect(read(`${newFolder}/master.m3u8`)).toContain('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es"');
    // Episode 20 is locked for the viewer: its files are read from the disk.
    const segment = read(second.subtitles[0]!.url.slice('/media/'.length).replace('playlist.m3u8', 'seg-1.vtt'));
    expect(parseSubtitleFile(segment)[0]!.text).toBe('Second cue');
    // The old folder stays for viewers in the middle of it; the sweep removes it later (episodes.test.ts).
    expect(fs.existsSync(fileOf(first.videoUrl.slice('/media/'.length)))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

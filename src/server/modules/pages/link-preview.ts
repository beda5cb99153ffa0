import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES } from '#contract/constants.ts';
import { posterOf } from '#contract/catalogue-display.ts';
import { directionOf, LANGUAGE_TAGS, languageOfTag } from '#contract/languages.ts';
import type { Episode, Series } from '#contract/series.ts';
import { getEpisode } from '../episodes/episodes.service.ts';
import { attribute } from './page-reply.ts';

/**
 * What a shared link's preview shows (Open Graph and Twitter cards): only what the catalogue already shows
 * everyone, a series' title, description and picture, and which episode a watch link opens.
 */
export interface LinkPreview {
  /** The page's path, without the language: `/series/12`, `/watch/41`. */
  path: string;
  title: string;
  description: string;
  series: Pick<Series, 'id' | 'title' | 'thumbnailUrl' | 'verticalThumbnailUrl'>;
  type: 'video.tv_show' | 'video.episode';
}

/** Descriptions are cut here: chats show two or three lines. */
const DESCRIPTION_MAX = 200;

const shortened = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

export function seriesPreview(series: Series): LinkPreview {
  return {
    path: `/series/${series.id}`,
    title: series.title,
    description: shortened(series.description),
    series,
    type: 'video.tv_show',
  };
}

export function episodePreview(series: Series, episode: Pick<Episode, 'id' | 'episodeNumber'>): LinkPreview {
  return {
    path: `/watch/${episode.id}`,
    title: `${series.title} · #${episode.episodeNumber}`,
    description: shortened(series.description),
    series,
    type: 'video.episode',
  };
}

/** The origin links are made with: PUBLIC_URL when set, else the host the request came to. */
export const originOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

/** A page's address in one language: `?lang=` picks it whatever the visitor's cookie or browser says. */
export const inPageLanguage = (origin: string, path: string, tag: string) =>
  `${origin}${path}?lang=${encodeURIComponent(tag)}`;

/** Bumped when the picture's look changes, so every preview is made again under a new address. */
const PREVIEW_IMAGE_LOOK = 1;

/** Names a preview picture: made again (under a new address) when the series' picture or title changes. */
export const previewImageVersion = (series: LinkPreview['series']) =>
  createHash('sha256')
    .update(`${PREVIEW_IMAGE_LOOK}|${posterOf(series)}|${series.title}`)
    .digest('base64url')
    .slice(0, 16);

export const previewImagePath = (series: LinkPreview['series'], tag: string) =>
  `/link-previews/series/${series.id}?lang=${encodeURIComponent(tag)}&v=${previewImageVersion(series)}`;

const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * The <head> tags of a shared page: title, description, canonical address, picture (1200×630), the page's
 * language and its 15 alternates. `explicitLanguage`: the address named its language (`?lang=`), so it is its own
 * canonical; otherwise the canonical address is the plain one, which shows each visitor their own language.
 */
export function previewTags(
  preview: LinkPreview,
  options: { origin: string; tag: string; explicitLanguage: boolean; appName: string },
): string {
  const { origin, tag, appName } = options;
  const canonical = options.explicitLanguage ? inPageLanguage(origin, preview.path, tag) : `${origin}${preview.path}`;
  const image = `${origin}${previewImagePath(preview.series, tag)}`;
  const meta = (key: 'property' | 'name', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attribute(content)}">`;
  const alternates = LANGUAGES.map((language) => LANGUAGE_TAGS[language]).filter((other) => other !== tag);
  return [
    `<link rel="canonical" href="${attribute(canonical)}">`,
    meta('name', 'description', preview.description),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:site_name', appName),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', preview.series.title),
    meta('property', 'og:locale', ogLocale(tag)),
    ...alternates.map((other) => meta('property', 'og:locale:alternate', ogLocale(other))),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
    ...LANGUAGES.map(
      (language) =>
        `<link rel="alternate" hreflang="${LANGUAGE_TAGS[language]}" href="${attribute(inPageLanguage(origin, preview.path, LANGUAGE_TAGS[language]))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${attribute(`${origin}${preview.path}`)}">`,
  ].join('');
}

/** Whether the page's address named its language (`?lang=xx`, one of ours). */
export const namesLanguage = (request: FastifyRequest) =>
  languageOfTag((request.query as { lang?: unknown } | undefined)?.lang as string | undefined) !== undefined;

/** The tags for the page `request` asked for, shown in `tag`. */
export function previewTagsFor(app: FastifyInstance, request: FastifyRequest, preview: LinkPreview, tag: string) {
  return previewTags(preview, {
    origin: originOf(app, request),
    tag,
    explicitLanguage: namesLanguage(request),
    appName: app.config.appName,
  });
}

/** index.html with the tags at the end of its <head> and the page's title as its <title>. */
export function withPreviewTags(html: string, preview: LinkPreview, tags: string): string {
  const title = `<title>${attribute(preview.title)}</title>`;
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  return titled.replace(/<\/head>/i, () => `${tags}</head>`);
}

/**
 * The page a link-preview bot gets when the access gate would stop it: the tags and nothing else (no app, no
 * page data, no state).
 */
export function linkPreviewPageHtml(preview: LinkPreview, tags: string, tag: string): string {
  const language = languageOfTag(tag) ?? 'english';
  return (
    `<!doctype html><html lang="${attribute(tag)}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
    `<title>${attribute(preview.title)}</title>${tags}</head><body></body></html>`
  );
}

/** A series as viewers read it in `tag`, from the catalogue's snapshot; undefined when there is none. */
export async function seriesInLanguage(app: FastifyInstance, id: number, tag: string): Promise<Series | undefined> {
  const reply = await app.catalogueSnapshot.series(id, tag);
  return reply ? (JSON.parse(reply.identity.toString()) as Series) : undefined;
}

/** The preview of /series/{id} in `tag`, for a visitor the gate stops; undefined for no such series. */
export async function seriesPreviewOf(app: FastifyInstance, id: number, tag: string) {
  const series = await seriesInLanguage(app, id, tag);
  return series && seriesPreview(series);
}

/** The preview of /watch/{episodeId} in `tag`: only an episode viewers can see (in its series' list). */
export async function episodePreviewOf(app: FastifyInstance, episodeId: number, tag: string) {
  const episode = await getEpisode(app.db, episodeId).catch(() => undefined);
  if (!episode) return undefined;
  const [series, list] = await Promise.all([
    seriesInLanguage(app, episode.seriesId, tag),
    app.catalogueSnapshot.episodes(episode.seriesId),
  ]);
  const listed = list && (JSON.parse(list.identity.toString()) as Episode[]).some((shown) => shown.id === episode.id);
  return series && listed ? episodePreview(series, episode) : undefined;
}

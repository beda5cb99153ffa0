import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FILE_FIELD } from '#contract/index.ts';
import { unstorableTextAt, unstorableTextMessage } from '#contract/common.ts';
import { invalid } from '../../errors.ts';
import { unreadableForm } from '../../multipart-form.ts';
import { partialOwner, removeQuietly } from '../transcode/transcode.service.ts';

export interface ReceivedUpload {
  /** The file on disk, under a neutral name (no extension of the sender's: the pipeline reads its first bytes). */
  path: string;
  /** The text fields of the form, as sent. */
  fields: Record<string, string>;
}

/** A 413 the error plugin passes through with this message. */
function tooLarge(maxBytes: number) {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? String(mb) : mb.toFixed(2).replace(/\.?0+$/, '');
  return Object.assign(new Error(`The video is too large (the limit is ${limit} MB).`), { statusCode: 413 });
}

/** Multipart framing and form fields on top of the file itself. */
const ENVELOPE_BYTES = 1024 * 1024;

/**
 * Streams the `video` part of a multipart request to a file in `dir` (never whole in memory) and
 * collects the text fields. Over `maxBytes` the partial file is removed and a 413 is thrown.
 */
export async function receiveUpload(request: FastifyRequest, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw invalid(`Send the video as multipart/form-data, in the field "${UPLOAD_FILE_FIELD}".`, UPLOAD_FILE_FIELD);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);

  await fs.promises.mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let partial: string | null = null;
  let finalPath: string | null = null;
  let partsSeen = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      partsSeen++;
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FILE_FIELD || partial) {
        part.file.resume();
        continue;
      }
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      partial = path.join(dir, `${name}.${partialOwner()}.part`);
      finalPath = path.join(dir, `${name}.video`);
      await pipeline(part.file, fs.createWriteStream(partial));
      if (part.file.truncated) throw tooLarge(maxBytes);
    }
  } catch (error) {
    if (partial) await removeQuietly(partial);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('Upload one video with at most a title and an episode number.', UPLOAD_FILE_FIELD);
    }
    throw unreadableForm(error, UPLOAD_FILE_FIELD, partsSeen) ?? error;
  }
  if (!partial || !finalPath) throw invalid('Choose a video file to upload.', UPLOAD_FILE_FIELD);
  const unstorable = unstorableTextAt(fields);
  if (unstorable !== null) {
    await removeQuietly(partial);
    throw invalid(unstorableTextMessage('body', unstorable), unstorable);
  }
  await fs.promises.rename(partial, finalPath);
  return { path: finalPath, fields };
}

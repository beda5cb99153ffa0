import type { FastifyRequest } from 'fastify';
import { SUBTITLE_FILE_FIELD, SUBTITLE_FILE_MAX_BYTES, SUBTITLE_FILES_MAX } from '#contract/index.ts';
import { unstorableTextAt, unstorableTextMessage } from '#contract/common.ts';
import { invalid } from '../../errors.ts';
import { unreadableForm } from '../../multipart-form.ts';
import type { BatchFile } from './subtitles.service.ts';

export interface ReceivedSubtitles {
  files: BatchFile[];
  fields: Record<string, string>;
}

const LIMIT_KB = SUBTITLE_FILE_MAX_BYTES / 1024;

/** A 413 the error plugin passes through with this message. */
function tooLarge(fileName: string) {
  return Object.assign(new Error(`${fileName} is too large (the limit is ${LIMIT_KB} KB a file).`), {
    statusCode: 413,
  });
}

/** The subtitle files (in memory: each is small) and text fields of a multipart request. */
export async function receiveSubtitleFiles(request: FastifyRequest, maxFiles: number): Promise<ReceivedSubtitles> {
  if (!request.isMultipart()) {
    throw invalid(`Send the files as multipart/form-data, in the field "${SUBTITLE_FILE_FIELD}".`, SUBTITLE_FILE_FIELD);
  }
  const files: BatchFile[] = [];
  const fields: Record<string, string> = {};
  let partsSeen = 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SUBTITLE_FILE_MAX_BYTES, files: Math.min(maxFiles, SUBTITLE_FILES_MAX) },
    })) {
      partsSeen++;
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== SUBTITLE_FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(part.filename);
      files.push({ fileName: part.filename.slice(0, 200), content });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('A file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid(
        maxFiles === 1 ? 'Upload one subtitle file at a time here.' : `Upload at most ${maxFiles} files at once.`,
        SUBTITLE_FILE_FIELD,
      );
    }
    throw unreadableForm(error, SUBTITLE_FILE_FIELD, partsSeen) ?? error;
  }
  if (files.length === 0) throw invalid('Choose a .srt or .vtt file to upload.', SUBTITLE_FILE_FIELD);
  const unstorable = unstorableTextAt(fields);
  if (unstorable !== null) throw invalid(unstorableTextMessage('body', unstorable), unstorable);
  return { files, fields };
}

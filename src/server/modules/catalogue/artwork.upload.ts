import type { FastifyRequest } from 'fastify';
import { ARTWORK_FILE_FIELD } from '#contract/index.ts';
import { invalid } from '../../errors.ts';
import { unreadableForm } from '../../multipart-form.ts';

const tooLarge = (maxBytes: number) =>
  Object.assign(new Error(`The picture is too large (the limit is ${Math.round(maxBytes / (1024 * 1024))} MB).`), {
    statusCode: 413,
  });

/** The one picture of a multipart request, in memory (it is capped at a few MB). */
export async function receiveArtwork(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw invalid(`Send the picture as multipart/form-data, in the field "${ARTWORK_FILE_FIELD}".`, ARTWORK_FILE_FIELD);
  }
  let partsSeen = 0;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
    if (part) partsSeen++;
    if (!part || part.fieldname !== ARTWORK_FILE_FIELD)
      throw invalid('Choose a picture to upload.', ARTWORK_FILE_FIELD);
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('Upload one picture and nothing else.', ARTWORK_FILE_FIELD);
    }
    throw unreadableForm(error, ARTWORK_FILE_FIELD, partsSeen) ?? error;
  }
}

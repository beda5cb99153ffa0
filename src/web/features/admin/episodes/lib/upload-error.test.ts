import type { TFunction } from '#web/lib/texts/text-store.ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { uploadFailureOf } from './upload-error.ts';

// The translation keys stand for the sentences; what matters here is which one, or the server's reason.
const t = ((key: string) => key) as unknown as TFunction;
const ours = (status: number, message: string) =>
  new ApiError(status, JSON.stringify({ statusCode: status, error: 'x', message }), 'x');

describe('uploadFailureOf', () => {
  it("shows the server's reason for a refused file and for a server that cannot process videos", () => {
    expect(uploadFailureOf(ours(400, 'it is not an MP4, MOV, MKV or WebM video'), t).message).toBe(
      'it is not an MP4, MOV, MKV or WebM video',
    );
    const noFfmpeg = 'No usable ffmpeg was found, so videos cannot be processed.';
    expect(uploadFailureOf(ours(503, noFfmpeg), t)).toEqual({ message: noFfmpeg, field: 'video' });
  });

  it('says "try again" for a failure without a reason of ours: a proxy page, a crash', () => {
    const proxy = new ApiError(503, '<html>Service Temporarily Unavailable</html>', 'Service Unavailable');
    expect(uploadFailureOf(proxy, t).message).toBe('episodes.upload.failedGeneric');
    expect(uploadFailureOf(ours(500, 'Internal Server Error'), t).message).toBe('episodes.upload.failedGeneric');
    expect(uploadFailureOf(new TypeError('Failed to fetch'), t).message).toBe('episodes.upload.failedGeneric');
  });
});

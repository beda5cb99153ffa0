import { UPLOAD_FILE_FIELD } from '#contract/episodes.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** The connection ended before the server answered (network lost, server gone). */
export class UploadInterruptedError extends Error {
  constructor() {
    super('The upload was interrupted before the server answered.');
    this.name = 'UploadInterruptedError';
  }
}

export interface VideoUploadProgress {
  /** Bytes of the request body sent so far. */
  sent: number;
  total: number;
}

export interface SendVideoRequest {
  method: 'POST' | 'PUT';
  url: string;
  file: File;
  /** Text fields of the form; they travel before the file, as the server reads them first. */
  fields?: Record<string, string>;
  onProgress?: (progress: VideoUploadProgress) => void;
  /** The whole file has been sent; the server is now checking it. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * Sends a video as multipart/form-data with XMLHttpRequest, because fetch reports no upload progress.
 * Fails like apiRequest does (ApiError with the server's reply), with UploadInterruptedError when the
 * connection breaks, and with an AbortError when the signal aborts it.
 */
export function sendVideo<T>({
  method,
  url,
  file,
  fields = {},
  onProgress,
  onSent,
  signal,
}: SendVideoRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch (error) {
          reject(error);
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new UploadInterruptedError());
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(UPLOAD_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

import { invalid, type DomainError } from './errors.ts';

/** What the multipart parser (busboy) says about framing it cannot read; it gives these errors no code. */
const NO_BOUNDARY = /^(Multipart: Boundary not found|Boundary required|The needle )/;
const ENDED_EARLY = /^Unexpected end of multipart data|terminated early due to unexpected end of multipart data/;

/**
 * A multipart body that cannot be read is the sender's mistake, so a 400 that says what is wrong: no usable
 * boundary in its Content-Type, no part that uses it (another boundary, or not multipart at all), or a body cut off
 * before its closing boundary. `partsSeen` tells the last two apart. Null for any other error (a full disk stays
 * a 500).
 */
export function unreadableForm(error: unknown, field: string, partsSeen: number): DomainError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (code === undefined && NO_BOUNDARY.test(error.message)) {
    return invalid(
      'The upload cannot be read: its Content-Type names no usable multipart boundary (multipart/form-data; boundary=…).',
      field,
    );
  }
  if ((code === undefined && ENDED_EARLY.test(error.message)) || code === 'FST_MP_PREMATURE_CLOSE') {
    return invalid(
      partsSeen === 0
        ? 'The upload cannot be read: no part of the body uses the boundary its Content-Type names, or the body is cut short.'
        : 'The upload cannot be read: the body ends before its closing boundary (it was cut short).',
      field,
    );
  }
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return invalid('The upload cannot be read: a form field sent as application/json is not valid JSON.', field);
  }
  return null;
}

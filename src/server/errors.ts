/**
 * Errors the services raise when a rule says no. They carry no HTTP status: the error plugin maps
 * the kind to one, so services stay free of HTTP.
 */
export type DomainErrorKind =
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'insufficient_balance'
  | 'unauthenticated'
  | 'forbidden'
  | 'unavailable'
  | 'too_many';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, field);
export const invalid = (message: string, field?: string) => new DomainError('invalid', message, field);
/** The server cannot do this now (e.g. no usable ffmpeg): a 503 whose message says why. */
export const unavailable = (message: string) => new DomainError('unavailable', message);

/** The PostgreSQL error code and constraint, wherever the driver or the ORM wrapped the error. */
export function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
}

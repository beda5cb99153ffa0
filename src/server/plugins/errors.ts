import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { unstorableTextAt, unstorableTextMessage } from '#contract/common.ts';
import { isDatabaseUnavailable, unavailableReason } from '../db/availability.ts';
import { DomainError, invalid, type DomainErrorKind } from '../errors.ts';
import { replyDatabaseDown } from './availability.ts';

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  insufficient_balance: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  too_many: 429,
};

const reasonOfStatus: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Replies quote at most this much of what the client sent. */
const EXCERPT_CHARS = 60;

export function excerpt(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/**
 * Errors Fastify meets before any route runs (a URL that does not decode, a path segment over the length
 * limit): pass as the `frameworkErrors` option so they get the same shape as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const path = excerpt(request.raw.url ?? '');
  const message = statusCode === 414 ? `The address is too long: ${path}` : `The address is not valid: ${path}`;
  return reply.status(statusCode).send({ statusCode, error: reasonOfStatus[statusCode] ?? 'Bad Request', message });
}

/**
 * What a 5xx log line says about its error: type, code, message and stack frames, never the query's
 * parameter values (a failed query's message lists them after "params:").
 */
export function loggableFailure(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause instanceof Error ? loggableFailure(error.cause) : undefined;
  return {
    type: error.name,
    message: error.message.split(/\nparams:/, 1)[0],
    ...((error as { code?: unknown }).code ? { code: (error as { code?: unknown }).code } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    ...(cause ? { cause } : {}),
  };
}

/** One reply shape for every error; 5xx details stay in the log, never in the reply. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused here, once for every route and field.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const at = unstorableTextAt(value);
      if (at !== null) return done(invalid(unstorableTextMessage(part, at), at || undefined));
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const statusCode = statusOfKind[error.kind];
      return reply.status(statusCode).send({
        statusCode,
        error: reasonOfStatus[statusCode],
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
      const message = first ? `${field ? `${where}${field}: ` : where}${first.message}` : 'Invalid request';
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message, ...(field ? { field } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      // Logged once per outage by the availability monitor, not once per request.
      request.server.databaseAvailability?.markDown(unavailableReason(error));
      return replyDatabaseDown(reply);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ failure: loggableFailure(error) }, 'request failed');
      return reply.status(statusCode).send({
        statusCode,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    return reply.status(statusCode).send({
      statusCode,
      error: reasonOfStatus[statusCode] ?? 'Bad Request',
      message: readableClientError(error),
    });
  });
});

function readableClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as JSON (Content-Type: application/json).';
    default:
      return excerpt(error.message);
  }
}

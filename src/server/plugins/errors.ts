import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { DomainError, type DomainErrorKind } from '../errors.ts';

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  insufficient_balance: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

const reasonOfStatus: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** One reply shape for every error; 5xx details stay in the log, never in the reply. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
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
      return error.message;
  }
}

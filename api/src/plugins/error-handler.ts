import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import { fieldErrors } from 'shared/schemas';
import { API_MESSAGES as M } from 'shared/messages';
import { RequestSchemaError } from '../http/contract-plugin';

/** An error whose message is safe and meant for the user (4xx). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A refusal raised below the routes (the escrow rules), which know no
 * request: its message is translated into the caller's language on the way out.
 */
export class RuleError extends Error {
  constructor(
    readonly statusCode: number,
    readonly descriptor: MessageDescriptor,
    readonly values?: Record<string, string | number>,
  ) {
    super(descriptor.id);
    this.name = 'RuleError';
  }
}

/**
 * One error shape for every answer: `{ message, errors? }`. Client errors
 * keep their message; server errors are logged and answered with a generic
 * message, never their details.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError | RuleError | RequestSchemaError, request, reply) => {
      if (error instanceof RequestSchemaError) {
        return reply
          .status(422)
          .send({ message: request.t(M.invalidFields), errors: fieldErrors(error.issues, (descriptor) => request.t(descriptor)) });
      }
      if (error instanceof RuleError) return reply.status(error.statusCode).send({ message: request.t(error.descriptor, error.values) });
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ message: 'Something went wrong' });
      }
      return reply.status(status).send({ message: error.message });
    });
  },
  { name: 'error-handler' },
);

/**
 * jsdom lacks the Fetch API that react-router's data routers and ky rely on.
 * This environment lends Node's implementations to each test file, with
 * Node's AbortController too, because Node's Request only accepts its own
 * AbortSignal.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of FROM_NODE) {
      if (key in globalThis) this.global[key] = globalThis[key];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;

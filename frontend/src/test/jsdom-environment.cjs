// jsdom lacks the Fetch API (fetch, Request, Response, Headers), which our api client uses. Node has
// it; hand it to each test's window, together with the AbortController and streams it checks its
// arguments against. Not Node's MessageChannel: React's scheduler would hold its port open and keep
// jest from exiting; without it the scheduler uses the window's timers, which jsdom closes.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    // A browser reads a request's relative address against the page's; Node's Request has no page.
    const window = this.global;
    this.global.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;

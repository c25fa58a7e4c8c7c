/**
 * The JavaScript that runs inside a bot's sandbox, as text: it is evaluated in a worker (a Node
 * worker thread with a vm context, or a browser Worker made from a Blob), never in the server's own
 * realm. The bot talks to the server only through `send`, which the host answers with the engine.
 *
 * Messages: worker → host { type: 'call', id, method, path, body?, headers? } | { type: 'log', level,
 * text } | { type: 'done', ok, result? | error }; host → worker { type: 'reply', id, status, body }.
 */

/** `createBotClient(send)`: the Medplum-style FHIR client a bot receives (see bots/types.ts). */
export const CLIENT_SOURCE = String.raw`
function createBotClient(send) {
  function queryString(query) {
    if (query === undefined || query === null) return '';
    if (typeof query === 'string') return query.replace(/^\?/, '');
    if (typeof query.append === 'function') return String(query);
    var parts = [];
    Object.keys(query).forEach(function (key) {
      var value = query[key];
      if (value === undefined || value === null) return;
      (Array.isArray(value) ? value : [value]).forEach(function (item) {
        parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(item)));
      });
    });
    return parts.join('&');
  }
  function withQuery(path, query, extra) {
    var parts = [queryString(query), extra || ''].filter(function (part) { return part; });
    return parts.length ? path + '?' + parts.join('&') : path;
  }
  function outcomeText(body) {
    var issues = (body && body.issue) || [];
    return issues
      .map(function (issue) { return (issue.details && issue.details.text) || issue.diagnostics || issue.code; })
      .filter(function (text) { return !!text; })
      .join('; ');
  }
  function call(method, path, body, headers) {
    var text = body === undefined ? undefined : JSON.stringify(body);
    return send(method, path, text, headers).then(function (answer) {
      var parsed = answer.body ? JSON.parse(answer.body) : undefined;
      if (answer.status >= 400) {
        var error = new Error(outcomeText(parsed) || 'HTTP ' + answer.status);
        error.outcome = parsed;
        error.status = answer.status;
        throw error;
      }
      return parsed;
    });
  }
  function matches(bundle) {
    return ((bundle && bundle.entry) || [])
      .filter(function (entry) { return entry.resource && !(entry.search && entry.search.mode === 'include'); })
      .map(function (entry) { return entry.resource; });
  }
  return {
    search: function (type, query) { return call('GET', withQuery(type, query)); },
    searchOne: function (type, query) {
      return call('GET', withQuery(type, query, '_count=1')).then(function (bundle) { return matches(bundle)[0]; });
    },
    searchResources: function (type, query) {
      return call('GET', withQuery(type, query)).then(function (bundle) {
        var found = matches(bundle);
        found.bundle = bundle;
        return found;
      });
    },
    readResource: function (type, id) { return call('GET', type + '/' + encodeURIComponent(id)); },
    readReference: function (reference) { return call('GET', reference.reference); },
    createResource: function (resource) { return call('POST', resource.resourceType, resource); },
    createResourceIfNoneExist: function (resource, query) {
      return call('POST', resource.resourceType, resource, { 'If-None-Exist': queryString(query) });
    },
    updateResource: function (resource) {
      return call('PUT', resource.resourceType + '/' + encodeURIComponent(resource.id), resource);
    },
    patchResource: function (type, id, operations) {
      return call('PATCH', type + '/' + encodeURIComponent(id), operations, {
        'Content-Type': 'application/json-patch+json',
      });
    },
    deleteResource: function (type, id) { return call('DELETE', type + '/' + encodeURIComponent(id)); },
    executeBatch: function (bundle) { return call('POST', '', bundle); },
  };
}
`;

/** `installServerClock(global, nowMs)`: `new Date()` and `Date.now()` follow the server's (movable) clock. */
export const CLOCK_SOURCE = String.raw`
function installServerClock(target, serverNowMs) {
  var RealDate = target.Date;
  var offset = serverNowMs - RealDate.now();
  function ServerDate() {
    var args = Array.prototype.slice.call(arguments);
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new (Function.prototype.bind.apply(RealDate, [null].concat(args)))();
  }
  ServerDate.prototype = RealDate.prototype;
  ServerDate.now = function () { return RealDate.now() + offset; };
  ServerDate.parse = RealDate.parse;
  ServerDate.UTC = RealDate.UTC;
  target.Date = ServerDate;
}
`;

/** Turns whatever a bot threw into text. */
const ERROR_TEXT_SOURCE = String.raw`
function errorText(error) {
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}
function formatArgs(args) {
  return Array.prototype.map.call(args, function (arg) {
    if (typeof arg === 'string') return arg;
    try { return JSON.stringify(arg); } catch (e) { return String(arg); }
  }).join(' ');
}
`;

/** The evaluation both workers share: globals, the bot's module, the call to its handler. */
const CONTEXT_SETUP = `
var exports = {};
var module = { exports: exports };
`;

const RUN_HANDLER = `
(function () {
  var handler = module.exports && module.exports.handler;
  if (typeof handler !== 'function') throw new Error('The bot does not export a handler function');
  return handler(createBotClient(__send), JSON.parse(__eventJson));
})()
`;

/** A Node worker thread: the bot runs in a vm context of its own, with a time limit on synchronous code. */
export const NODE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
${ERROR_TEXT_SOURCE}
const job = workerData;
const waiting = new Map();
let nextId = 0;
parentPort.on('message', (message) => {
  const resolve = waiting.get(message.id);
  if (!resolve) return;
  waiting.delete(message.id);
  resolve(message);
});
function send(method, path, body, headers) {
  return new Promise((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve);
    parentPort.postMessage({ type: 'call', id, method, path, body, headers });
  });
}
function log(level) {
  return function () { parentPort.postMessage({ type: 'log', level, text: formatArgs(arguments) }); };
}
const sandbox = {
  console: { log: log('info'), info: log('info'), debug: log('debug'), warn: log('warn'), error: log('error') },
  URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, setTimeout, clearTimeout,
  __send: send,
  __eventJson: job.eventJson,
};
const context = vm.createContext(sandbox, { codeGeneration: { strings: false, wasm: false } });
const limit = { timeout: job.timeoutMs, filename: job.filename };
try {
  vm.runInContext(${JSON.stringify(CLOCK_SOURCE)} + 'installServerClock(globalThis, ' + job.nowMs + ');', context);
  vm.runInContext(${JSON.stringify(CLIENT_SOURCE + CONTEXT_SETUP)}, context);
  vm.runInContext(job.code, context, limit);
  Promise.resolve(vm.runInContext(${JSON.stringify(RUN_HANDLER)}, context, limit)).then(
    (result) => parentPort.postMessage({ type: 'done', ok: true, result: JSON.stringify(result) }),
    (error) => parentPort.postMessage({ type: 'done', ok: false, error: errorText(error) })
  );
} catch (error) {
  parentPort.postMessage({ type: 'done', ok: false, error: errorText(error) });
}
`;

/**
 * A browser Worker (made from a Blob URL): the bot's code is a function whose parameters hide the
 * worker's network and storage globals. The host terminates the worker when the time is up.
 */
export const BROWSER_WORKER_SOURCE = `
${ERROR_TEXT_SOURCE}
${CLOCK_SOURCE}
${CLIENT_SOURCE}
var waiting = new Map();
var nextId = 0;
function send(method, path, body, headers) {
  return new Promise(function (resolve) {
    var id = ++nextId;
    waiting.set(id, resolve);
    self.postMessage({ type: 'call', id: id, method: method, path: path, body: body, headers: headers });
  });
}
function log(level) {
  return function () { self.postMessage({ type: 'log', level: level, text: formatArgs(arguments) }); };
}
function start(job) {
  installServerClock(self, job.nowMs);
  var botConsole = { log: log('info'), info: log('info'), debug: log('debug'), warn: log('warn'), error: log('error') };
  var module = { exports: {} };
  var hidden = ['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'indexedDB', 'caches', 'self', 'postMessage'];
  var load = new Function(['exports', 'module', 'require', 'console'].concat(hidden).join(','), job.code);
  load(module.exports, module, undefined, botConsole);
  var handler = module.exports && module.exports.handler;
  if (typeof handler !== 'function') throw new Error('The bot does not export a handler function');
  return handler(createBotClient(send), JSON.parse(job.eventJson));
}
self.onmessage = function (event) {
  var message = event.data;
  if (message.type === 'reply') {
    var resolve = waiting.get(message.id);
    waiting.delete(message.id);
    if (resolve) resolve(message);
    return;
  }
  if (message.type !== 'start') return;
  Promise.resolve()
    .then(function () { return start(message.job); })
    .then(
      function (result) { self.postMessage({ type: 'done', ok: true, result: JSON.stringify(result) }); },
      function (error) { self.postMessage({ type: 'done', ok: false, error: errorText(error) }); }
    );
};
`;

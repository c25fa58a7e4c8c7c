/**
 * The JavaScript that runs inside a bot's sandbox, as text: it is evaluated by a WebAssembly
 * JavaScript engine (QuickJS, see quickjs-sandbox.ts), never in the server's own realm. The bot talks
 * to the server only through `send`, which the host answers with the engine.
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

/** Turns whatever a bot threw into text, and console arguments into one line. */
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

/**
 * Evaluates to `start(hostCall, hostLog, hostFinish, nowMs, eventJson, load)`. The host functions
 * are parameters, never globals, so the bot reaches the host only through its client and console;
 * every value crosses as a string (JSON). `load(exports, module, require, console)` is the bot's
 * module; `hostFinish(ok, text)` gets the handler's answer as JSON text, or the error's words.
 */
export const SANDBOX_PRELUDE = `(function () {
${ERROR_TEXT_SOURCE}
${CLOCK_SOURCE}
${CLIENT_SOURCE}
return function start(hostCall, hostLog, hostFinish, nowMs, eventJson, load) {
  installServerClock(globalThis, nowMs);
  function log(level) {
    return function () { hostLog(level, formatArgs(arguments)); };
  }
  var botConsole = { log: log('info'), info: log('info'), debug: log('debug'), warn: log('warn'), error: log('error') };
  globalThis.console = botConsole;
  function send(method, path, body, headers) {
    return hostCall(method, path, body, headers === undefined ? undefined : JSON.stringify(headers)).then(JSON.parse);
  }
  Promise.resolve()
    .then(function () {
      var module = { exports: {} };
      load.call(undefined, module.exports, module, undefined, botConsole);
      var handler = module.exports && module.exports.handler;
      if (typeof handler !== 'function') throw new Error('The bot does not export a handler function');
      return handler(createBotClient(send), JSON.parse(eventJson));
    })
    .then(function (result) { return result === undefined ? undefined : JSON.stringify(result); })
    .then(
      function (text) { hostFinish(true, text); },
      function (error) { hostFinish(false, errorText(error)); }
    );
};
})()`;

/** The bot's CommonJS bundle as a function of its module globals; `require` is always undefined. */
export function botModuleSource(code: string): string {
  return `(function (exports, module, require, console) {${code}\n})`;
}

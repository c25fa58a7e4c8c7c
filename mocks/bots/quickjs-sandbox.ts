import baseVariant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import {
  memoryText,
  timeoutText,
  type BotCall,
  type BotCallAnswer,
  type SandboxJob,
  type SandboxResult,
} from './sandbox-protocol';
import { botModuleSource, SANDBOX_PRELUDE } from './sandbox-source';

/** What the bot may reach outside its engine: the server (through its client) and a log. */
export interface SandboxBridge {
  call(request: BotCall): Promise<BotCallAnswer>;
  log(level: string, text: string): void;
}

/** One instance of the engine, for one run: nothing a bot leaves in it outlives the run. */
export interface SandboxEngine {
  quickjs: QuickJSWASMModule;
  limitBytes: number;
  /** True when the engine's last request for more memory was refused. */
  exhausted(): boolean;
}

const PAGE_BYTES = 64 * 1024;
/** What the engine itself starts with (its C stack and first heap); the limit must leave room above. */
const ENGINE_START_BYTES = 16 * 1024 * 1024;

/**
 * A fresh instance of the compiled engine whose WebAssembly memory cannot grow past `limitBytes`:
 * past it the engine's allocator fails and the bot gets an 'out of memory' error. (QuickJS's own
 * malloc limit does not count bytes in this build, so the memory's maximum is the limit that holds.)
 */
export async function newSandboxEngine(wasm: WebAssembly.Module, limitBytes: number): Promise<SandboxEngine> {
  const maximum = Math.max(ENGINE_START_BYTES + 4 * PAGE_BYTES, limitBytes);
  const memory = new WebAssembly.Memory({
    initial: ENGINE_START_BYTES / PAGE_BYTES,
    maximum: Math.ceil(maximum / PAGE_BYTES),
  });
  // The engine grows its memory through this object; a refusal past the maximum is what a full
  // memory looks like from outside (the engine then fails the allocation).
  const grow = memory.grow.bind(memory);
  let refused = false;
  Object.defineProperty(memory, 'grow', {
    value: (pages: number): number => {
      try {
        const previous = grow(pages);
        refused = false;
        return previous;
      } catch (error) {
        refused = true;
        throw error;
      }
    },
  });
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(baseVariant, { wasmModule: wasm, wasmMemory: memory })
  );
  return { quickjs, limitBytes: maximum, exhausted: () => refused };
}

/** Deep recursion ends in a RangeError well before the engine's own stack is at risk. */
const MAX_STACK_BYTES = 512 * 1024;
/** FHIR calls a bot may have waiting at once; more is refused (use a batch). */
const MAX_CONCURRENT_CALLS = 100;
const MAX_LOG_LINES = 1000;
const MAX_TEXT_CHARS = 10_000;
const LOG_LEVELS = new Set(['info', 'debug', 'warn', 'error']);
const SANDBOX_FAILED = 'The bot sandbox failed';

/**
 * Runs one bot in a QuickJS runtime of a fresh engine instance. The bot's realm holds the
 * ECMAScript built-ins, a console and its FHIR client, nothing of the host: no modules, file system,
 * process, timers or network. The only way out is the client's calls, which cross as JSON text and
 * are answered by `bridge.call`. The engine's interrupt handler stops JavaScript that runs past the
 * time limit (synchronous loops included), the engine's bounded memory stops allocation past its
 * limit, and a timer ends a run still waiting for the server when the time is up. Never throws.
 */
export function runInQuickJs(
  engine: SandboxEngine,
  job: SandboxJob,
  bridge: SandboxBridge
): Promise<SandboxResult> {
  return new Promise<SandboxResult>((resolve) => {
    const { quickjs } = engine;
    const deadline = Date.now() + job.timeoutMs;
    const waiting = new Set<QuickJSDeferredPromise>();
    let runtime: QuickJSRuntime | undefined;
    let context: QuickJSContext | undefined;
    let interrupted = false;
    let finished: SandboxResult | undefined;
    let ended = false;
    let logLines = 0;

    const failure = (error: string): SandboxResult => {
      if (interrupted || Date.now() >= deadline)
        return { ok: false, reason: 'timeout', error: timeoutText(job.timeoutMs) };
      if (engine.exhausted() || /out of memory/i.test(error))
        return { ok: false, reason: 'memory', error: memoryText(engine.limitBytes) };
      return { ok: false, reason: 'error', error: error.slice(0, MAX_TEXT_CHARS) || 'The bot failed' };
    };

    /**
     * Answers once. The engine instance is dropped whole after its one run, memory and all, so its
     * runtime is not freed piece by piece (which asserts after an interrupted or failed run).
     */
    const end = (result: SandboxResult): void => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      waiting.clear();
      resolve(result);
    };

    const timer = setTimeout(
      () => end({ ok: false, reason: 'timeout', error: timeoutText(job.timeoutMs) }),
      Math.max(0, job.timeoutMs)
    );

    /** Runs the bot's pending promise jobs, then answers if it has finished or can never finish. */
    const pump = (): void => {
      if (ended || !runtime) return;
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const text = errorText(context, jobs.error);
        jobs.error.dispose();
        return end(failure(text));
      }
      if (finished) return end(finished);
      if (interrupted) return end(failure('interrupted'));
      // Nothing is queued in the engine and no call is out: the handler waits for nothing that can come.
      if (waiting.size === 0)
        end(failure('The bot never finished: its handler awaits something that never comes'));
    };

    const answerCall = (deferred: QuickJSDeferredPromise, text: string | undefined, error?: string): void => {
      if (ended || !context) return;
      waiting.delete(deferred);
      try {
        const value = error === undefined ? context.newString(text ?? '') : context.newError(error);
        if (error === undefined) deferred.resolve(value);
        else deferred.reject(value);
        value.dispose();
      } catch {
        // Handing the answer to the engine failed: its memory is full, or the engine broke.
        return end(failure(SANDBOX_FAILED));
      } finally {
        deferred.dispose();
      }
      pump();
    };

    try {
      runtime = quickjs.newRuntime();
      runtime.setMaxStackSize(MAX_STACK_BYTES);
      runtime.setInterruptHandler(() => {
        if (Date.now() >= deadline) interrupted = true;
        return interrupted;
      });
      const vm = runtime.newContext();
      context = vm;

      /** A host function whose failure reaches the bot as plain words, never a host error or stack. */
      const hostFunction = (name: string, body: (...args: QuickJSHandle[]) => QuickJSHandle | void) =>
        vm.newFunction(name, (...args) => {
          try {
            return body(...args);
          } catch {
            return { error: vm.newError(`The sandbox could not complete ${name}`) };
          }
        });

      const hostCall = hostFunction('hostCall', (method, path, body, headers) => {
        const deferred = vm.newPromise();
        const request = readCall(vm, method, path, body, headers);
        if (typeof request === 'string' || waiting.size >= MAX_CONCURRENT_CALLS) {
          const refusal = vm.newError(
            typeof request === 'string'
              ? request
              : `A bot may have at most ${MAX_CONCURRENT_CALLS} FHIR calls waiting; use a batch`
          );
          deferred.reject(refusal);
          refusal.dispose();
          const handle = deferred.handle.dup();
          deferred.dispose();
          return handle;
        }
        waiting.add(deferred);
        bridge.call(request).then(
          (answer) => answerCall(deferred, JSON.stringify({ status: answer.status, body: answer.body })),
          () => answerCall(deferred, undefined, 'The server could not answer the call')
        );
        // The engine frees what a host function returns; the deferred keeps its own handle.
        return deferred.handle.dup();
      });
      const hostLog = hostFunction('hostLog', (level, text) => {
        if (logLines >= MAX_LOG_LINES) return;
        logLines++;
        const name = vm.typeof(level) === 'string' ? vm.getString(level) : 'info';
        const line = vm.typeof(text) === 'string' ? vm.getString(text) : '';
        bridge.log(LOG_LEVELS.has(name) ? name : 'info', line.slice(0, MAX_TEXT_CHARS));
      });
      const hostFinish = hostFunction('hostFinish', (ok, text) => {
        if (finished) return;
        const words = vm.typeof(text) === 'string' ? vm.getString(text) : undefined;
        finished =
          vm.dump(ok) === true
            ? { ok: true, ...(words === undefined ? {} : { result: words }) }
            : failure(words ?? '');
      });

      const start = vm.evalCode(SANDBOX_PRELUDE, 'sandbox-prelude.js');
      const load = vm.evalCode(botModuleSource(job.code), job.filename);
      const handles: QuickJSHandle[] = [hostCall, hostLog, hostFinish];
      if (start.error || load.error) {
        const error = (start.error ?? load.error) as QuickJSHandle;
        const text = errorText(vm, error);
        for (const handle of [...handles, start.error ?? start.value, load.error ?? load.value])
          handle.dispose();
        return end(failure(text));
      }
      const args = [
        hostCall,
        hostLog,
        hostFinish,
        vm.newNumber(job.nowMs),
        vm.newString(job.eventJson),
        load.value,
      ];
      const started = vm.callFunction(start.value, vm.undefined, ...args);
      for (const handle of [...args, start.value]) handle.dispose();
      if (started.error) {
        const text = errorText(vm, started.error);
        started.error.dispose();
        return end(failure(text));
      }
      started.value.dispose();
      pump();
    } catch {
      // The engine itself failed (not the bot's code): the host's words stay inside.
      end(failure(SANDBOX_FAILED));
    }
  });
}

/** The arguments of hostCall as a BotCall, or the words of why they are not one. */
function readCall(
  vm: QuickJSContext,
  method: QuickJSHandle | undefined,
  path: QuickJSHandle | undefined,
  body: QuickJSHandle | undefined,
  headers: QuickJSHandle | undefined
): BotCall | string {
  const text = (handle: QuickJSHandle | undefined): string | undefined =>
    handle && vm.typeof(handle) === 'string' ? vm.getString(handle) : undefined;
  const methodText = text(method);
  const pathText = text(path);
  if (!methodText || pathText === undefined) return 'A FHIR call needs a method and a path';
  const request: BotCall = { method: methodText, path: pathText };
  const bodyText = text(body);
  if (bodyText !== undefined) request.body = bodyText;
  const headersText = text(headers);
  if (headersText !== undefined) {
    try {
      const parsed = JSON.parse(headersText) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Headers must be an object';
      request.headers = Object.fromEntries(
        Object.entries(parsed).map(([name, value]) => [name, String(value)])
      );
    } catch {
      return 'Headers must be JSON';
    }
  }
  return request;
}

/** The words of an error thrown inside the engine. */
function errorText(vm: QuickJSContext | undefined, error: QuickJSHandle): string {
  if (!vm) return 'The bot failed';
  try {
    const dumped = vm.dump(error) as unknown;
    if (dumped && typeof dumped === 'object' && 'message' in dumped)
      return String((dumped as { message: unknown }).message);
    return String(dumped);
  } catch {
    return 'The bot failed';
  }
}

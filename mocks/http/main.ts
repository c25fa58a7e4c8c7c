import { parseArgs } from 'node:util';
import { googleVerifierFromEnvironment } from '../auth/google-verifier';
import { startHttpHost } from './host';

/**
 * `npm start` / `npm run serve`: the built app and the fake FHIR server on one origin.
 *   --port N (or PORT)  default 3000
 *   --data FILE         where the data is kept across restarts (default .data/fake-server.json)
 *   --reset             discard the data file and reseed
 *   --dist DIR          the built app (default dist)
 *   FAKE_GOOGLE_CLIENT_ID (and FAKE_GOOGLE_TEST_KEY) accept Google sign-in (see README)
 *   --cors-origins LIST (or CORS_ORIGINS)  origins whose pages may call the API, comma-separated;
 *                       '*' for any; default any http://localhost:* or 127.0.0.1 origin
 */
const started = performance.now();
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    data: { type: 'string', default: '.data/fake-server.json' },
    reset: { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist' },
    'cors-origins': { type: 'string' },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

try {
  const host = await startHttpHost({
    port,
    dataFile: values.data,
    reset: values.reset,
    staticDir: values.dist,
    google: googleVerifierFromEnvironment(process.env),
    corsOrigins: values['cors-origins'] ?? process.env.CORS_ORIGINS,
  });
  console.log(
    `CareQueue is running at ${host.url} (fake FHIR server at ${host.url}fhir/R4/) — ready in ${Math.round(performance.now() - started)} ms`
  );
  console.log('Sign in as doctor@example.com / password. Stop with Ctrl+C.');
  const stop = (): void => {
    host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

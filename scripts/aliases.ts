import { fileURLToPath } from 'node:url';

/**
 * The import aliases of the sources ('@/' is src/; '@bots/', '@mocks/', '@tests/' those folders), for every Vite server
 * and build: tsconfig.json's "paths" say the same to TypeScript, tsx and esbuild.
 */
export const SOURCE_ALIASES: Record<string, string> = {
  '@/': fileURLToPath(new URL('../src/', import.meta.url)),
  '@bots/': fileURLToPath(new URL('../bots/', import.meta.url)),
  '@mocks/': fileURLToPath(new URL('../mocks/', import.meta.url)),
  '@tests/': fileURLToPath(new URL('../tests/', import.meta.url)),
};

import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bots of the product: bots/{name}.ts, built to bots/compiled/{name}.js for Bot/{id}/$deploy. The
 * built files are committed (the upload page sends them), so the folder is not named dist (ignored).
 */
export const BOT_NAMES = ['review-report', 'respond-to-message'] as const;
export type BotName = (typeof BOT_NAMES)[number];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BOTS_DIR = join(ROOT, 'bots');
export const BOTS_DIST_DIR = join(BOTS_DIR, 'compiled');

/**
 * One bot as one CommonJS file with no imports: what the sandbox evaluates (module.exports.handler).
 * The output only depends on the sources, so the committed files can be checked against a rebuild.
 */
export async function buildBot(name: BotName): Promise<string> {
  const result = await build({
    entryPoints: [join(BOTS_DIR, `${name}.ts`)],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`Building bot ${name} gave no output`);
  const header = `// Built from bots/${name}.ts by \`npx tsx mocks/bots/build-cli.ts\`; do not edit.\n`;
  const options = (await resolveConfig(join(BOTS_DIR, `${name}.ts`))) ?? {};
  return format(header + file.text, { ...options, parser: 'babel' });
}

/** Builds every bot into bots/compiled; returns the files written. */
export async function writeBots(): Promise<string[]> {
  await mkdir(BOTS_DIST_DIR, { recursive: true });
  const written: string[] = [];
  for (const name of BOT_NAMES) {
    const path = join(BOTS_DIST_DIR, `${name}.js`);
    await writeFile(path, await buildBot(name));
    written.push(path);
  }
  return written;
}

/** The committed build of a bot. */
export function committedBot(name: BotName): Promise<string> {
  return readFile(join(BOTS_DIST_DIR, `${name}.js`), 'utf8');
}

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm start` / `npm run serve` run the host from one prebuilt file, dist-server/host.mjs: loading the
 * host's few hundred TypeScript modules through a transpiling loader costs about a second of CPU at
 * every start, a bundle a tenth of that. Packages stay in node_modules and load as Node loads them.
 */
export const HOST_BUNDLE = 'dist-server/host.mjs';

/**
 * The definition bundles the search registry imports are read as Node reads JSON (a JSON.parse),
 * rather than inlined as a large JavaScript literal.
 */
const definitionsAsJson: Plugin = {
  name: 'definitions-as-json',
  setup(builder) {
    builder.onResolve({ filter: /^@medplum\/definitions\/.*\.json$/ }, (args) => ({
      path: args.path,
      namespace: 'json-package',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'json-package' }, (args) => ({
      contents:
        `import { createRequire } from 'node:module';\n` +
        `export default createRequire(import.meta.url)(${JSON.stringify(args.path)});\n`,
      loader: 'js',
    }));
  },
};

/**
 * A module that names a file beside it (`new URL('./x.ts', import.meta.url)`: the bots' worker entry)
 * keeps naming that source file from inside the bundle, and a module imported through a variable (to
 * keep it out of browser bundles: the Node bot runner) is bundled like any other import.
 */
const filesBesideSources: Plugin = {
  name: 'files-beside-sources',
  setup(builder) {
    builder.onLoad({ filter: /\/mocks\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      let contents = source.replace(
        /new URL\((['"])(\.{1,2}\/[^'"]+)\1, import\.meta\.url\)/g,
        (_match, _quote: string, relative: string) =>
          `new URL(${JSON.stringify(pathToFileURL(resolve(args.path, '..', relative)).href)})`
      );
      for (const [, name, relative] of source.matchAll(/const (\w+) = '(\.{1,2}\/[^']+)';/g)) {
        contents = contents.replaceAll(`import(/* @vite-ignore */ ${name})`, `import('${relative}')`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** Writes the bundle; answers its path. */
export async function buildHost(root = process.cwd()): Promise<string> {
  const outfile = resolve(root, HOST_BUNDLE);
  await build({
    absWorkingDir: root,
    entryPoints: ['mocks/http/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [definitionsAsJson, filesBesideSources],
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildHost();
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The rules that keep the layers apart, run on made-up files as the lint step runs on real ones. */
const eslint = new ESLint();

async function ruleErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => message.ruleId ?? message.message);
}

/** An import line and a use of the imported name, as a probe file's whole text. */
function importing(name: string, from: string): string {
  return `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;
}

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const NAMING = 'check-file/filename-naming-convention';

/** Each fence: a made-up file and the rule it breaks, or `null` where the same import is allowed. */
const FENCES: { what: string; file: string; code: string; rule: string | null }[] = [
  {
    what: 'a feature importing src/db',
    file: 'src/features/tasks/list/row-probe.ts',
    code: "import type { StoredResource } from '@/db/types';\nexport type Row = StoredResource;\n",
    rule: PATHS,
  },
  {
    what: 'a feature importing src/sync internals',
    file: 'src/features/tasks/list/change-probe.ts',
    code: "import type { LocalChange } from '@/sync/engine/types';\nexport type Change = LocalChange;\n",
    rule: PATHS,
  },
  {
    what: 'a feature importing the same names through src/ui',
    file: 'src/features/tasks/list/change-probe.ts',
    code: "import type { LocalChange } from '@/ui';\nexport type Change = LocalChange;\n",
    rule: null,
  },
  {
    what: 'a feature importing another feature',
    file: 'src/features/tasks/list/feature-probe.ts',
    code: importing('ResourceListPage', '@/features/console'),
    rule: PATHS,
  },
  {
    what: 'src/ui importing a feature',
    file: 'src/ui/list/feature-probe.ts',
    code: importing('ResourceListPage', '@/features/console'),
    rule: PATHS,
  },
  {
    what: 'src/sync importing the app',
    file: 'src/sync/engine/app-probe.ts',
    code: importing('startServices', '@/app/start'),
    rule: PATHS,
  },
  {
    what: 'the app importing the fake server',
    file: 'src/ui/list/mocks-probe.ts',
    code: importing('createFhirEngine', '@mocks/engine'),
    rule: PATHS,
  },
  {
    what: 'the fake server importing the sync engine',
    file: 'mocks/engine/sync-probe.ts',
    code: importing('SyncEngine', '@/sync/engine'),
    rule: PATHS,
  },
  {
    what: 'the fake server importing pure src/fhir',
    file: 'mocks/engine/fhir-probe.ts',
    code: importing('taskQueues', '@/fhir/task-queues'),
    rule: null,
  },
  ...['src/sync/engine', 'src/ui/list', 'src/fhir'].map((folder) => ({
    what: `dexie in ${folder}`,
    file: `${folder}/dexie-probe.ts`,
    code: "import Dexie from 'dexie';\nexport const Store = Dexie;\n",
    rule: IMPORTS,
  })),
  {
    what: 'dexie in src/db',
    file: 'src/db/dexie-probe.ts',
    code: "import Dexie from 'dexie';\nexport const Store = Dexie;\n",
    rule: null,
  },
  ...['src/sync/engine', 'src/db', 'src/fhir'].flatMap((folder) => [
    {
      what: `React in ${folder}`,
      file: `${folder}/react-probe.ts`,
      code: importing('useState', 'react'),
      rule: IMPORTS,
    },
    {
      what: `Mantine in ${folder}`,
      file: `${folder}/ui-probe.ts`,
      code: importing('Button', '@mantine/core'),
      rule: IMPORTS,
    },
  ]),
  ...[
    'src/sync/engine/push',
    'src/db/testing/deep',
    'src/fhir/search/deep',
    'src/ui/list/deep',
    'src/features/tasks/list',
  ].map((folder) => ({
    what: `climbing three folders up from ${folder}`,
    file: `${folder}/climb-probe.ts`,
    code: importing('cloneJson', '../../../fhir/clone'),
    rule: IMPORTS,
  })),
  {
    what: 'the alias instead of climbing',
    file: 'src/sync/engine/push/climb-probe.ts',
    code: importing('cloneJson', '@/fhir/clone'),
    rule: null,
  },
  {
    what: 'a camelCase module',
    file: 'src/ui/list/badName.ts',
    code: 'export const answer = 42;\n',
    rule: NAMING,
  },
  {
    what: 'a PascalCase component',
    file: 'src/ui/list/GoodName.tsx',
    code: 'export function GoodName() {\n  return null;\n}\n',
    rule: null,
  },
];

// Linting loads the whole config and its resolver; the first file takes seconds on a shared machine.
describe('the lint fences', { timeout: 60_000 }, () => {
  it.each(FENCES.filter((fence) => fence.rule))('$what is an error', async ({ file, code, rule }) => {
    expect(await ruleErrors(code, file)).toContain(rule);
  });

  it.each(FENCES.filter((fence) => !fence.rule))('$what is fine', async ({ file, code }) => {
    expect(await ruleErrors(code, file)).toEqual([]);
  });

  it('two modules importing only each other’s types are a cycle', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cycle-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b?: B }\n");
      await writeFile(join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a?: A }\n");
      const dpdm = promisify(execFile)(
        'npx',
        [
          'dpdm',
          '--no-tree',
          '--no-warning',
          '--no-progress',
          '--exit-code',
          'circular:1',
          join(dir, '*.ts'),
        ],
        { cwd: process.cwd() }
      );
      await expect(dpdm).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringMatching(/Circular Dependencies[\s\S]*b\.ts -> .*a\.ts/),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

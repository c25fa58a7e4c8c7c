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

// Linting loads the whole config and its resolver; the first file takes seconds on a shared machine.
describe('the lint fences', { timeout: 60_000 }, () => {
  it('a feature importing src/db is an error', async () => {
    const code = "import type { StoredResource } from '@/db/types';\nexport type Row = StoredResource;\n";
    expect(await ruleErrors(code, 'src/features/tasks/list/row-probe.ts')).toContain(
      'import-x/no-restricted-paths'
    );
  });

  it('a feature importing src/sync internals is an error', async () => {
    const code =
      "import type { LocalChange } from '@/sync/engine/types';\nexport type Change = LocalChange;\n";
    expect(await ruleErrors(code, 'src/features/tasks/list/change-probe.ts')).toContain(
      'import-x/no-restricted-paths'
    );
  });

  it('a feature importing the same names through src/ui is fine', async () => {
    const code = "import type { LocalChange } from '@/ui';\nexport type Change = LocalChange;\n";
    expect(await ruleErrors(code, 'src/features/tasks/list/change-probe.ts')).toEqual([]);
  });

  it('a feature importing another feature is an error', async () => {
    const code =
      "import { ResourceListPage } from '@/features/console';\nexport const Page = ResourceListPage;\n";
    expect(await ruleErrors(code, 'src/features/tasks/list/feature-probe.ts')).toContain(
      'import-x/no-restricted-paths'
    );
  });

  it('src/ui importing a feature, and src/sync importing the app, are errors', async () => {
    const feature =
      "import { ResourceListPage } from '@/features/console';\nexport const Page = ResourceListPage;\n";
    expect(await ruleErrors(feature, 'src/ui/list/feature-probe.ts')).toContain(
      'import-x/no-restricted-paths'
    );
    const app = "import { startServices } from '@/app/start';\nexport const start = startServices;\n";
    expect(await ruleErrors(app, 'src/sync/engine/app-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('the app importing the fake server is an error; the fake server importing src/fhir is fine', async () => {
    const mocks =
      "import { createFhirEngine } from '@mocks/engine';\nexport const make = createFhirEngine;\n";
    expect(await ruleErrors(mocks, 'src/ui/list/mocks-probe.ts')).toContain('import-x/no-restricted-paths');
    const sync = "import { SyncEngine } from '@/sync/engine';\nexport const Engine = SyncEngine;\n";
    expect(await ruleErrors(sync, 'mocks/engine/sync-probe.ts')).toContain('import-x/no-restricted-paths');
    const fhir = "import { taskQueues } from '@/fhir/task-queues';\nexport const queues = taskQueues;\n";
    expect(await ruleErrors(fhir, 'mocks/engine/fhir-probe.ts')).toEqual([]);
  });

  it('dexie outside src/db is an error, in src/db it is fine', async () => {
    const code = "import Dexie from 'dexie';\nexport const Store = Dexie;\n";
    for (const file of [
      'src/sync/engine/dexie-probe.ts',
      'src/ui/list/dexie-probe.ts',
      'src/fhir/dexie-probe.ts',
    ]) {
      expect(await ruleErrors(code, file), file).toContain('no-restricted-imports');
    }
    expect(await ruleErrors(code, 'src/db/dexie-probe.ts')).toEqual([]);
  });

  it('React or Mantine below the UI is an error', async () => {
    const react = "import { useState } from 'react';\nexport const use = useState;\n";
    const mantine = "import { Button } from '@mantine/core';\nexport const Press = Button;\n";
    for (const folder of ['src/sync/engine', 'src/db', 'src/fhir']) {
      expect(await ruleErrors(react, `${folder}/react-probe.ts`), folder).toContain('no-restricted-imports');
      expect(await ruleErrors(mantine, `${folder}/ui-probe.ts`), folder).toContain('no-restricted-imports');
    }
  });

  it('climbing three folders up is an error in every folder of src, the alias is fine', async () => {
    const climbing = "import { cloneJson } from '../../../fhir/clone';\nexport const copy = cloneJson;\n";
    const aliased = "import { cloneJson } from '@/fhir/clone';\nexport const copy = cloneJson;\n";
    for (const file of [
      'src/sync/engine/push/climb-probe.ts',
      'src/db/testing/deep/climb-probe.ts',
      'src/fhir/search/deep/climb-probe.ts',
      'src/ui/list/deep/climb-probe.ts',
      'src/features/tasks/list/climb-probe.ts',
    ]) {
      expect(await ruleErrors(climbing, file), file).toContain('no-restricted-imports');
    }
    expect(await ruleErrors(aliased, 'src/sync/engine/push/climb-probe.ts')).toEqual([]);
  });

  it('a camelCase module is an error; a PascalCase component is fine', async () => {
    expect(await ruleErrors('export const answer = 42;\n', 'src/ui/list/badName.ts')).toContain(
      'check-file/filename-naming-convention'
    );
    const component = 'export function GoodName() {\n  return null;\n}\n';
    expect(await ruleErrors(component, 'src/ui/list/GoodName.tsx')).toEqual([]);
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

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

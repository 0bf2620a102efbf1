// Issue 11: the lint step keeps the platform public. Each forbidden form is linted as if it were a file of
// src/http, and must be reported; the same code written with public APIs must not be.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function platformMessages(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/http/platformProbe.ts' });
  return (result?.messages ?? [])
    .map((message) => message.message)
    .filter((message) => message.includes('Only public Node APIs'));
}

describe('lint: only public Node APIs in src/', () => {
  it.each([
    ['node:vm', "import { Script } from 'node:vm';\nexport const s = Script;\n"],
    ['undici internals', "import connect from 'undici/lib/core/connect.js';\nexport const c = connect;\n"],
    [
      "a scoped package's internals",
      "import x from '@grpc/grpc-js/build/src/internal/channel.js';\nexport const c = x;\n",
    ],
    ["ws's internal files", "import Sender from 'ws/lib/sender.js';\nexport const s = Sender;\n"],
    [
      'a private Module method',
      "import Module from 'node:module';\nexport const c = (Module as never as { _compile: unknown })._compile;\n",
    ],
    ['V8 flags', "import { setFlagsFromString } from 'node:v8';\nsetFlagsFromString('--x');\n"],
    ['a dynamic import of a built-in', "export const load = () => import('node:dns/promises');\n"],
  ])('reports %s', async (_name, code) => {
    expect(await platformMessages(code)).not.toEqual([]);
  });

  it('accepts the public forms', async () => {
    const code =
      "import { lookup } from 'node:dns/promises';\nimport { Agent } from 'undici';\n" +
      "export const parts = [lookup, Agent, () => import('./hostResolver.js')];\n";
    expect(await platformMessages(code)).toEqual([]);
  });
});

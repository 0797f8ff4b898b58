import { createRequire } from 'node:module';

let typescript: typeof import('typescript') | null = null;

/**
 * A TypeScript bot module as an ES module: types erased, nothing checked,
 * with the project's TypeScript compiler (loaded on first use, so that
 * JavaScript bots need no compiler).
 * @param source the module's TypeScript text; `file` its path (for messages).
 * @returns JavaScript text (ES2022, ES modules).
 */
export function transpileTypeScript(source: string, file: string): string {
  typescript ??= createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const ts = typescript;
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: file,
  }).outputText;
}

/**
 * `npm run generate` (in sdk/): writes src/openapi.ts, the TypeScript types of every partner route,
 * from the project's openapi.json with openapi-typescript. sdk/test/types.test.ts fails when the
 * committed file differs from what this produces, so the types never drift from the document.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.json', import.meta.url));
export const TYPES_PATH = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));

const HEADER = `/**
 * Generated from openapi.json by \`npm run generate\` in sdk/ (openapi-typescript). Do not edit:
 * a test fails when this file is stale.
 */
/* eslint-disable */
`;

export async function generateTypes(): Promise<string> {
  const document = JSON.parse(await readFile(OPENAPI_PATH, 'utf8'));
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(TYPES_PATH, await generateTypes());
  process.stdout.write(`types written to ${TYPES_PATH}\n`);
}

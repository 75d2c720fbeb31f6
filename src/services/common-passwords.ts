/** The common-password list (data/common-passwords.txt, its source in data/README.md), read once. */
import { readFileSync } from 'node:fs';

let list: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return list.has(password.normalize('NFC').toLowerCase());
}

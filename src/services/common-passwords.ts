/**
 * The common-password lists (data/common-passwords.txt and data/common-passwords-long.txt, their
 * sources and licences in data/README.md), read once on first use.
 */
import { readFileSync } from 'node:fs';

const FILES = ['./data/common-passwords.txt', './data/common-passwords-long.txt'];

let list: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(FILES.flatMap((file) => readFileSync(new URL(file, import.meta.url), 'utf8').split('\n')).filter((line) => line.length > 0));
  return list.has(password.normalize('NFC').toLowerCase());
}

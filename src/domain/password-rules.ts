/**
 * What a chosen password must be (docs/behaviour.md, section 29), for operators and partner users
 * alike: its length counted as the user sees it (grapheme clusters), no password made only of
 * repeated or sequential characters, and no common password dressed up (its base: digits and
 * symbols around it stripped, common substitutions undone). The common-password list is data
 * (src/services/data), which the service reads and passes in.
 */

/** At least this many characters, as the user sees them. */
export const MIN_PASSWORD_CHARACTERS = 12;
/** At most this many characters, as the user sees them. */
export const MAX_PASSWORD_CHARACTERS = 200;
/**
 * At most this many bytes of UTF-8 in the password's NFC form (what is hashed): a bound that no
 * password within the character limit reaches in practice (150 emoji of a family, 25 bytes each,
 * are 3,750 bytes). The login applies the same bound to the same form and never shortens what was
 * typed, so a password the rules accept always logs in, composed or decomposed as it is typed.
 */
export const MAX_PASSWORD_BYTES = 4096;
/** Fewer different characters than this is a repetition (aaaaaaaaaaaa, abababababab). */
export const MIN_DISTINCT_CHARACTERS = 5;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The characters of a text as a person counts them: "👨‍👩‍👧‍👦" is one, "é" is one however it is encoded. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text.normalize('NFC')), (s) => s.segment);
}

const utf8 = new TextEncoder();

/**
 * Whether a typed password is longer than any the rules accept, measured on its NFC form as the
 * hash reads it: the login refuses it as wrong, after the same work. Past 4 UTF-16 units a byte
 * it is too long in any form (no text shrinks so much under NFC), which spares normalising a
 * huge one.
 */
export function isOverlongPassword(password: string): boolean {
  return password.length > 4 * MAX_PASSWORD_BYTES || utf8.encode(password.normalize('NFC')).length > MAX_PASSWORD_BYTES;
}

/**
 * The sequences a run may follow, forwards or backwards: the alphabet, the digits (0 after 9, as
 * on a keyboard's top row), and the rows of a UK/US keyboard.
 */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', '1234567890-=', 'qwertyuiop[]', "asdfghjkl;'#", 'zxcvbnm,./'];

/** Whether `b` comes right after `a` in `direction` (1 forwards, -1 backwards, 0 the same character). */
function follows(a: string, b: string, direction: -1 | 0 | 1): boolean {
  if (direction === 0) return a === b;
  return SEQUENCES.some((sequence) => {
    for (let i = sequence.indexOf(a); i !== -1; i = sequence.indexOf(a, i + 1)) {
      if (sequence[i + direction] === b) return true;
    }
    return false;
  });
}

/**
 * The password cut into runs, greedily from the left: each run is as long as one direction
 * (a repeat, forwards or backwards along a sequence) carries it. "abcdef123456" is two runs,
 * "aaaabbbbcccc" three, "correct horse" many.
 */
export function runs(characters: string[]): string[][] {
  const found: string[][] = [];
  let start = 0;
  while (start < characters.length) {
    let end = start + 1;
    for (const direction of [0, 1, -1] as const) {
      let reach = start + 1;
      while (reach < characters.length && follows(characters[reach - 1], characters[reach], direction)) reach++;
      end = Math.max(end, reach);
    }
    found.push(characters.slice(start, end));
    start = end;
  }
  return found;
}

/** A shorter string repeated: "qwertyqwerty", "passwordpassword", "abcabcabcabc". */
function isRepetition(characters: string[]): boolean {
  const n = characters.length;
  for (let size = 1; size <= n / 2; size++) {
    if (n % size === 0 && characters.every((c, i) => c === characters[i % size])) return true;
  }
  return false;
}

/**
 * Why a password is only repeated or sequential characters, or null when it is not. The rule
 * (lower case first): fewer than 5 different characters; or a shorter string repeated; or at most
 * three runs of 3 or more characters each, a run being one character repeated or consecutive
 * characters of the alphabet, the digits or a keyboard row, either way (aaaaaaaaaaaa,
 * abcdefghijkl, 123456789012, qwertyuiop[], abcdef123456, zyxwvu987654).
 */
export function patternProblem(password: string): string | null {
  const characters = graphemes(password.toLowerCase());
  if (new Set(characters).size < MIN_DISTINCT_CHARACTERS || isRepetition(characters)) return 'is only a few characters repeated';
  const found = runs(characters);
  if (found.length <= 3 && found.every((run) => run.length >= 3)) return 'is only sequential or repeated characters';
  return null;
}

/**
 * Why a chosen password's length is refused, in words that start with `subject` ("The password",
 * "The new password"); null when it will do.
 */
export function passwordLengthProblem(password: string, subject = 'The password'): string | null {
  if (isOverlongPassword(password)) return `${subject} must be at most ${MAX_PASSWORD_CHARACTERS} characters`;
  const count = graphemes(password).length;
  if (count < MIN_PASSWORD_CHARACTERS) return `${subject} must be at least ${MIN_PASSWORD_CHARACTERS} characters`;
  if (count > MAX_PASSWORD_CHARACTERS) return `${subject} must be at most ${MAX_PASSWORD_CHARACTERS} characters`;
  return null;
}

/** The common substitutions of letters, undone: what each character stands for (1 for i or l). */
const SUBSTITUTIONS: Readonly<Record<string, readonly string[]>> = {
  '@': ['a'],
  '4': ['a'],
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
};

const LETTER = /[\p{L}\p{M}]/u;

/** Each way of undoing the substitutions in `characters` (1 read as i throughout, or as l). */
function undone(characters: string[]): string[] {
  const readings = characters.includes('1') ? [0, 1] : [0];
  return readings.map((reading) => characters.map((c) => SUBSTITUTIONS[c]?.[Math.min(reading, SUBSTITUTIONS[c].length - 1)] ?? c).join(''));
}

/** A base of a password: its core as a word, and how many characters were stripped around it. */
export interface PasswordBase {
  word: string;
  stripped: number;
}

/**
 * The bases of a password: lower-cased (NFC), the digits, symbols and spaces at either end
 * stripped, and the common substitutions undone (@ and 4 for a, 0 for o, 1 for i or l, 3 for e,
 * $ and 5 for s, 7 for t). A character at an end that stands for a letter may be part of the word
 * ("$ummer", "4dmin"), so the core is cut both with and without those: "P@ssw0rd1234" gives
 * "password", "$ummer2024!!" gives "summer". None for a password without a letter.
 */
export function passwordBases(password: string): PasswordBase[] {
  const characters = Array.from(password.normalize('NFC').toLowerCase());
  const first = characters.findIndex((c) => LETTER.test(c));
  if (first === -1) return [];
  const end = characters.findLastIndex((c) => LETTER.test(c)) + 1;
  let wideFirst = first;
  while (wideFirst > 0 && SUBSTITUTIONS[characters[wideFirst - 1]]) wideFirst--;
  let wideEnd = end;
  while (wideEnd < characters.length && SUBSTITUTIONS[characters[wideEnd]]) wideEnd++;
  const bases = new Map<string, PasswordBase>();
  for (const from of new Set([first, wideFirst])) {
    for (const to of new Set([end, wideEnd])) {
      const core = characters.slice(from, to);
      for (const word of new Set([core.join(''), ...undone(core)])) {
        if (!bases.has(word)) bases.set(word, { word, stripped: characters.length - core.length });
      }
    }
  }
  return [...bases.values()];
}

/**
 * Why a password is a common one dressed up, or null: a base of it is a common password or word
 * (`isCommon`, the lists of any length), or a base is a single run of the keyboard or the alphabet
 * (or one character repeated) longer than what was stripped around it ("Qwertyuiop1!",
 * "abcdefghij!!").
 */
export function baseProblem(password: string, isCommon: (word: string) => boolean): 'common' | 'run' | null {
  const bases = passwordBases(password);
  if (bases.some((base) => isCommon(base.word))) return 'common';
  const single = (base: PasswordBase) => {
    const found = runs(graphemes(base.word));
    return found.length === 1 && found[0].length > base.stripped;
  };
  return bases.some(single) ? 'run' : null;
}

/**
 * What a chosen password must be (docs/behaviour.md, section 29), for operators and partner users
 * alike: its length counted as the user sees it (grapheme clusters), and no password made only of
 * repeated or sequential characters. The common-password list is data (src/services/data), checked
 * by the service after these rules.
 */

/** At least this many characters, as the user sees them. */
export const MIN_PASSWORD_CHARACTERS = 12;
/** At most this many characters, as the user sees them. */
export const MAX_PASSWORD_CHARACTERS = 200;
/**
 * At most this many bytes of UTF-8: a bound on what is hashed that no password within the
 * character limit reaches in practice (150 emoji of a family, 25 bytes each, are 3,750 bytes). The
 * login applies the same bound and never shortens what was typed, so a password the rules accept
 * always logs in.
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

/** Whether a typed password is longer than any the rules accept: the login refuses it as wrong, after the same work. */
export function isOverlongPassword(password: string): boolean {
  return password.length > MAX_PASSWORD_BYTES || utf8.encode(password).length > MAX_PASSWORD_BYTES;
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

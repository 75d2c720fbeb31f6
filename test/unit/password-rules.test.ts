/**
 * The password rules of staff sign-in (docs/behaviour.md, section 29): length as the user sees it,
 * the common-password lists, repeated and sequential characters; and the gate on password hashes.
 */
import { describe, expect, it } from 'vitest';
import { baseProblem, graphemes, isOverlongPassword, passwordBases, patternProblem, runs } from '../../src/domain/password-rules.ts';
import { isCommonPassword } from '../../src/services/common-passwords.ts';
import { Gate } from '../../src/services/hashing-gate.ts';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from '../../src/services/passwords.ts';
import { DomainError } from '../../src/domain/errors.ts';

describe('password rules', () => {
  it('counts characters as the user sees them: an emoji family is one, an accent composed or not is one', () => {
    expect(graphemes('👨‍👩‍👧‍👦')).toHaveLength(1);
    expect(graphemes('e\u0301té')).toHaveLength(3);
    expect(passwordProblem('👍🏽🙂😀🎉🌈🚀🍀⚓🎲🧭💡x')).toBeNull();
    expect(passwordProblem('👍🏽'.repeat(11) + 'x')).toBe('The new password is only a few characters repeated: choose one that is harder to guess');
    expect(passwordProblem('👨‍👩‍👧‍👦'.repeat(11))).toBe('The new password must be at least 12 characters');
    expect(passwordProblem('x'.repeat(201), 'The password')).toBe('The password must be at most 200 characters');
  });

  it('accepts a 150-emoji password, and the login takes exactly it (no shortening on either side)', async () => {
    // Emoji of one code point, of a skin tone, of a family (seven code points), and flags.
    const special = ['👨‍👩‍👧‍👦', '🏳️‍🌈', '👍🏽', '🇬🇧'];
    const password = Array.from({ length: 150 }, (_, i) => (i % 10 === 0 ? special[(i / 10) % 4] : String.fromCodePoint(0x1f600 + ((i * 13) % 80)))).join('');
    expect(graphemes(password)).toHaveLength(150);
    expect(passwordProblem(password)).toBeNull();
    const hash = await hashPassword(password);
    expect(await verifyPassword(password, hash)).toBe(true);
    // One character less, or a prefix (what a cut at 200 UTF-16 units would have kept), is another password.
    expect(await verifyPassword(password.slice(0, 200), hash)).toBe(false);
    expect(await verifyPassword(graphemes(password).slice(1).join(''), hash)).toBe(false);
  });

  it('refuses a password over 4 KiB of UTF-8 at the rule, and the login never accepts one', async () => {
    const huge = '👨‍👩‍👧‍👦'.repeat(180);
    expect(graphemes(huge)).toHaveLength(180);
    expect(passwordProblem(huge)).toBe('The new password must be at most 200 characters');
    expect(await verifyPassword(huge, await hashPassword('correct horse battery staple 42'))).toBe(false);
  });

  it('refuses common passwords of 12 characters and more, from either list, whatever their case', () => {
    for (const common of ['QWERTY123456', '1qaz2wsx3edc', 'Qazwsxedcrfv', 'iloveyou1234', 'passwordpassword', 'sonyericsson', 'justinbieber'])
      expect(isCommonPassword(common), common).toBe(true);
    expect(passwordProblem('justinbieber')).toBe('This password is one of the most common passwords: choose another');
    expect(isCommonPassword('correct horse battery staple 42')).toBe(false);
  });

  it('refuses repeated and sequential characters: repeats, alphabet, digits, keyboard rows, either way', () => {
    const refused = [
      'aaaaaaaaaaaa',
      'abababababab',
      'abcabcabcabc',
      'abcdefghijkl',
      'lkjihgfedcba',
      '123456789012',
      '098765432109',
      'qwertyuiop[]',
      "asdfghjkl;'#",
      'abcdef123456',
      'aaaabbbbcccc',
      'ZYXWVU987654',
      'xyzxyzxyzxyzxyz',
    ];
    for (const password of refused) expect(patternProblem(password), password).not.toBeNull();
    expect(passwordProblem('bcdefghijklm')).toBe('The new password is only sequential or repeated characters: choose one that is harder to guess');
    const accepted = ['correct horse battery staple 42', 'Tr0ub4dor&3xyz', 'm4ple-syrup-b4nk', 'vH2k9Qz7pLmN'];
    for (const password of accepted) expect(passwordProblem(password), password).toBeNull();
    expect(runs([...'abcdef123456'])).toEqual([[...'abcdef'], [...'123456']]);
  });

  it('refuses a common password dressed up: its base, digits and symbols around it stripped and substitutions undone, of any length', () => {
    const dressed = [
      'Password123!',
      'P@ssw0rd1234',
      'Summer2024!!',
      'Qwertyuiop1!',
      'abcdefghijk1',
      'administrator1',
      '$ummer2024!!',
      '4dministrator',
      '!!Asdfghjkl99',
    ];
    for (const password of dressed)
      expect(passwordProblem(password), password).toBe('This password is a common password with a few characters changed or added: choose another');
    expect(passwordBases('P@ssw0rd1234').map((base) => base.word)).toContain('password');
    expect(passwordBases('$ummer2024!!').map((base) => base.word)).toContain('summer');
    expect(passwordBases('1ll1n01s-2024').map((base) => base.word)).toEqual(expect.arrayContaining(['illinois', 'llllnols']));
    expect(passwordBases('2024-12-31 !!')).toEqual([]);
    // The base checked is the list's, whatever its length: "summer" has 6 characters.
    expect(baseProblem('Summer2024!!', (word) => word === 'summer')).toBe('common');
    expect(baseProblem('Summer2024!!', () => false)).toBeNull();
  });

  it('refuses a run of the keyboard or the alphabet with less added around it than the run itself', () => {
    for (const password of ['abcdefghij!!', 'abcdefghijk2024!!', 'Zyxwvutsrq12'])
      expect(passwordProblem(password), password).toBe(
        'The new password is a run of the keyboard or the alphabet with a few characters added: choose one that is harder to guess',
      );
    expect(baseProblem('wxyz8#3!9@1&5q', () => false)).toBeNull();
    // The suite's own passwords, and passphrases people choose, pass.
    for (const password of [
      'correct horse battery staple 42',
      'a brand new passphrase 77',
      'a long and private passphrase 7',
      'another long password 99',
      'wxyz8#3!9@1&5q',
    ])
      expect(passwordProblem(password), password).toBeNull();
  });

  it('bounds a password at 4 KiB of its NFC form, as it is hashed, in the rule and the login alike', async () => {
    // 200 characters of a Hangul syllable with 8 accents: 3,800 bytes composed (NFC), 4,976 decomposed (NFD).
    const accents = '\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308';
    const composed = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0xac00 + ((i * 97) % 11172)) + accents)
      .join('')
      .normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect([new TextEncoder().encode(composed).length, new TextEncoder().encode(decomposed).length]).toEqual([3800, 4976]);
    expect(passwordProblem(composed)).toBeNull();
    expect(isOverlongPassword(decomposed)).toBe(false);
    // Set on one machine, typed decomposed on another: the same password, and it logs in.
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
    // A text that grows under NFC (U+0958 composes to two characters) is measured grown: 3,000 bytes typed, 6,000 hashed.
    expect(isOverlongPassword('\u0958'.repeat(1000))).toBe(true);
  });

  it('generates passwords the rules accept', () => {
    for (let i = 0; i < 1000; i++) expect(passwordProblem(generatePassword())).toBeNull();
  });
});

describe('the gate on password hashes', () => {
  const later = () => {
    let open = () => {};
    const done = new Promise<void>((resolve) => (open = resolve));
    return { done, open };
  };

  it('runs at most `concurrency` at a time, lets the rest wait their turn, and refuses past the queue', async () => {
    const gate = new Gate({ concurrency: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    const holds = [later(), later(), later(), later()];
    const running = holds.map((hold) => gate.run(() => hold.done));
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({ code: 'Throttled' });
    holds[0].open();
    await running[0];
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    for (const hold of holds) hold.open();
    await Promise.all(running);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a task inside another of the same gate through at once (a login passes its hash through the gate it holds)', async () => {
    const gate = new Gate({ concurrency: 1, maxWaiting: 0, maxWaitMs: 10 });
    expect(await gate.run(() => gate.run(async () => 'inner'))).toBe('inner');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task that waited longer than maxWaitMs, and frees its place in the queue', async () => {
    const gate = new Gate({ concurrency: 1, maxWaiting: 5, maxWaitMs: 10 });
    const hold = later();
    const first = gate.run(() => hold.done);
    const error = await gate.run(async () => 'late').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    hold.open();
    await first;
    expect(await gate.run(async () => 'now')).toBe('now');
  });
});

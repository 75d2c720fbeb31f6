/**
 * The password rules of staff sign-in (docs/behaviour.md, section 29): length as the user sees it,
 * the common-password lists, repeated and sequential characters; and the gate on password hashes.
 */
import { describe, expect, it } from 'vitest';
import { graphemes, patternProblem, runs } from '../../src/domain/password-rules.ts';
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
    const accepted = ['correct horse battery staple 42', 'abcdefghijk1', 'Tr0ub4dor&3xyz', 'm4ple-syrup-b4nk', 'vH2k9Qz7pLmN'];
    for (const password of accepted) expect(passwordProblem(password), password).toBeNull();
    expect(runs([...'abcdef123456'])).toEqual([[...'abcdef'], [...'123456']]);
  });

  it('generates passwords the rules accept', () => {
    for (let i = 0; i < 50; i++) expect(passwordProblem(generatePassword())).toBeNull();
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

import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/services/secret-box.ts';
import { currentCode, looksLikeRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../../src/services/two-factor.ts';
import { isCommonPassword } from '../../src/services/common-passwords.ts';
import { dashboardPasswordProblem } from '../../src/services/partner-users.ts';

describe('the dashboard secret box', () => {
  const box = new SecretBox('a-test-key-of-at-least-thirty-two-chars');

  it('opens what it sealed for the same row only, and nothing tampered or sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-2')).toBeNull();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([v, iv, flipped, tag].join('.'), 'user-1')).toBeNull();
    expect(box.open('v2.x.y.z', 'user-1')).toBeNull();
    expect(box.open('nonsense', 'user-1')).toBeNull();
    expect(new SecretBox('another-key-of-at-least-thirty-two-chars').open(sealed, 'user-1')).toBeNull();
    expect(() => new SecretBox('too short')).toThrow(/at least 32/);
  });
});

describe('TOTP and recovery codes', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-25T12:00:10Z');

  it('accepts the code of now and one step either side, naming its step, and nothing else', () => {
    const step = Math.floor(now.getTime() / 30_000);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(matchingStep(secret, currentCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, currentCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchingStep(secret, currentCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchingStep(secret, currentCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
    const code = currentCode(secret, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
    expect(matchingStep(secret, '1234567', now)).toBeNull();
  });

  it('makes ten distinct recovery codes of 80 bits, matched whatever the case, spaces or dashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
    expect(hashes[0]).toBe(recoveryCodeHash(codes[0].toUpperCase().replaceAll('-', ' ')));
    expect(hashes).not.toContain(codes[0]);
    expect(looksLikeRecoveryCode(codes[0])).toBe(true);
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});

describe('dashboard passwords', () => {
  it('refuses short passwords and those of the common list, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(isCommonPassword('correct horse battery staple 42')).toBe(false);
    expect(dashboardPasswordProblem('short')).toBe('The password must be at least 12 characters');
    expect(dashboardPasswordProblem('1qaz2wsx3edc')).toMatch(/most common passwords/);
    expect(dashboardPasswordProblem('correct horse battery staple 42')).toBeNull();
  });
});

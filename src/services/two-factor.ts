/**
 * Two-factor authentication of dashboard users: TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, as
 * every authenticator app reads it) through `otpauth`, the QR code of its otpauth:// URI as SVG
 * through `qrcode`, and single-use recovery codes.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '../domain/partner-users.ts';
import { hashToken } from './tokens.ts';

const PERIOD = 30;

function totp(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A new TOTP secret (160 bits), base32 as people type it into an app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, issuer: string, label: string): string {
  return totp(secretBase32, issuer, label).toString();
}

/** The QR code of the URI, as an SVG data URI for an <img> (the pages' policy admits data: images). */
export async function qrCodeDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The secret grouped in fours, as it is shown for typing. */
export function groupedSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The time step a code belongs to, when it is right now or one step either side (clocks drift);
 * null when it is not. The caller accepts each step once.
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** The code an authenticator app shows at `now` (tests and the demo use it). */
export function currentCode(secretBase32: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD, timestamp: now.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7mq-x2pr-9tcw-hn4d" (80 bits each, drawn without bias), and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes: string[] = [];
  while (codes.length < RECOVERY_CODE_COUNT) {
    let code = '';
    while (code.length < 16) {
      const byte = randomBytes(1)[0];
      // 31 letters: take bytes below 248 (8 * 31) only, so that every letter is equally likely.
      if (byte < 248) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
    codes.push(code.match(/.{4}/g)!.join('-'));
  }
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** A typed recovery code as stored: lower case, without spaces or dashes. */
export function recoveryCodeHash(typed: string): string {
  return hashToken(`recovery:${typed.toLowerCase().replace(/[\s-]/g, '')}`);
}

export function looksLikeRecoveryCode(typed: string): boolean {
  return /^[a-z0-9]{16}$/.test(typed.toLowerCase().replace(/[\s-]/g, ''));
}

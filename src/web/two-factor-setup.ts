/** A TOTP secret being set up, as the set-up page of the console and the dashboard shows it. */
import { groupedSecret, otpauthUri, qrCodeDataUri } from '../services/two-factor.ts';
import type { SecretShown } from './sign-in-views.ts';

/** The QR code of the secret's otpauth URI (issuer: the lender; account: the email) and the key as text. */
export async function secretShown(secret: string, issuer: string, account: string): Promise<SecretShown> {
  return { qrCode: await qrCodeDataUri(otpauthUri(secret, issuer, account)), groupedSecret: groupedSecret(secret) };
}

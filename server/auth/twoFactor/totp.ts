import { generateSecret, generateURI, verify } from 'otplib';
import qrcode from 'qrcode-generator';

// Time-based one-time codes (RFC 6238) as authenticator apps make them: SHA-1, six digits, 30-second steps.

/** A code is accepted one step before or after the server's own, for a phone's clock a little off. */
const TOLERANCE_SECONDS = 30;

/** A new secret in base32 (160 bits), as the app's QR code carries it and a person may type it. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth URI an authenticator app reads: the product as issuer, the user's e-mail as the account's label. */
export const totpUri = (secret: string, issuer: string, email: string): string => generateURI({ issuer, label: email, secret });

/** The URI as a QR code (error correction M, the size it needs), an SVG document to show as it is. */
export function qrSvg(uri: string): string {
  const code = qrcode(0, 'M');
  code.addData(uri);
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 8, scalable: true });
}

/** What people type of a code, spaces and all, as the six digits it is; null when it cannot be one. */
function digitsOf(code: string): string | null {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step of the code if it is right for the secret at `now` (within the tolerance), else null. Whether the
 * step was already used is the caller's to decide (acceptStep), atomically.
 */
export async function codeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const token = digitsOf(code);
  if (!token) return null;
  const result = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
  // A TOTP result (the functional API's type also covers HOTP's, which has no time step).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

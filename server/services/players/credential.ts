// Credentials are random 256-bit tokens handed to the client once; the
// database keeps only their SHA-256, so a leaked table signs nobody in.

import { createHash, randomBytes } from 'node:crypto';
import { playerDefaults } from './config';

export function newCredential(): { credential: string; hash: string } {
  const credential = randomBytes(playerDefaults.credentialBytes).toString('base64url');
  return { credential, hash: hashCredential(credential) };
}

export function hashCredential(credential: string): string {
  return createHash('sha256').update(credential, 'utf8').digest('hex');
}

export function newPlayerId(): string {
  return `P${randomBytes(playerDefaults.playerIdBytes).toString('hex').toUpperCase()}`;
}

export function newPartnerAccountId(): string {
  return `w667_${randomBytes(playerDefaults.partnerAccountBytes).toString('hex')}`;
}

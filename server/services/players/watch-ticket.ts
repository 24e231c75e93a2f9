// Watch tickets: the server's evidence that a clip was started before a watch
// is claimed. video/start issues one for a catalogue video; video/watch counts
// only with a genuine ticket for the same player and video that is at least
// POINTS_MIN_WATCH_S old and at most playerDefaults.watchTicketMaxAgeS old on
// the server's clock. Stateless: `wt1.<video id>.<issued ms, base 36>.<mac>`,
// where the mac is HMAC-SHA256 under a key derived from the sign-on secret
// over (player row id, video id, issue time). The player is not written in the
// ticket: the mac only checks out for the player whose credential redeems it.
// Checking a ticket costs one HMAC and no database round trip.
//
// Single use: a ticket counts at most once per points cycle (the cycle's
// counted video ids refuse a repeat), and it expires.

import { createHmac, timingSafeEqual } from 'node:crypto';

export type TicketProblem = 'no_ticket' | 'bad_ticket' | 'too_early' | 'expired_ticket';

const PREFIX = 'wt1';
const MAC_BYTES = 32;
/** Longest string worth parsing (a real ticket is about 70 characters). */
export const ticketMaxLength = 200;

export interface TicketKey {
  key: Buffer;
}

/** A key of its own, derived from the sign-on secret (a ticket can never pass for a sign-on token or the reverse). */
export function ticketKey(secret: string): TicketKey {
  return { key: createHmac('sha256', secret).update('clipfeed watch ticket v1').digest() };
}

function mac(k: TicketKey, playerRef: number, videoId: number, issuedMs: number): Buffer {
  return createHmac('sha256', k.key).update(`${playerRef}|${videoId}|${issuedMs}`).digest();
}

export function issueTicket(k: TicketKey, playerRef: number, videoId: number, now: Date): string {
  const issuedMs = now.getTime();
  return `${PREFIX}.${videoId}.${issuedMs.toString(36)}.${mac(k, playerRef, videoId, issuedMs).toString('base64url')}`;
}

export interface TicketRules {
  minWatchS: number;
  ticketMaxAgeS: number;
}

/**
 * Why the ticket does not allow this watch, or null when it does. Anything
 * that is not a well-formed ticket signed for this player and this video is
 * 'bad_ticket' (another player's or another video's ticket included).
 */
export function checkTicket(k: TicketKey, ticket: unknown, playerRef: number, videoId: number, now: Date, rules: TicketRules): TicketProblem | null {
  if (ticket === undefined || ticket === null || ticket === '') return 'no_ticket';
  if (typeof ticket !== 'string' || ticket.length > ticketMaxLength) return 'bad_ticket';
  const parts = ticket.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return 'bad_ticket';
  const [, videoPart, issuedPart, macPart] = parts;
  if (videoPart !== String(videoId) || !/^[0-9a-z]{1,11}$/.test(issuedPart) || !/^[A-Za-z0-9_-]{43}$/.test(macPart)) return 'bad_ticket';
  const issuedMs = parseInt(issuedPart, 36);
  const sent = Buffer.from(macPart, 'base64url');
  if (!Number.isSafeInteger(issuedMs) || sent.length !== MAC_BYTES) return 'bad_ticket';
  if (!timingSafeEqual(sent, mac(k, playerRef, videoId, issuedMs))) return 'bad_ticket';
  const ageMs = now.getTime() - issuedMs;
  // A ticket from the future (another process's clock ahead of ours) is simply not old enough yet.
  if (ageMs < rules.minWatchS * 1000) return 'too_early';
  if (ageMs > rules.ticketMaxAgeS * 1000) return 'expired_ticket';
  return null;
}

// What a generate call asks for (the body's config), parsed and normalised:
// nothing (the engine picks a 30-75 s window), a duration (the engine picks
// the start), or an explicit start/end on the clean timeline. Whole segments
// are always kept, so the stored clip covers at least what was asked.

import { z } from 'zod';
import { shortVideoConfig as c } from './config';

const seconds = z.number().finite().min(0);

export const clipConfigSchema = z
  .strictObject({
    start: seconds.optional(),
    end: seconds.optional(),
    duration: z.number().finite().min(c.minDurationSeconds).max(c.maxDurationSeconds).optional(),
    /** Seed of the engine's random choice (default: the task id, so a task always cuts the same clip). */
    seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.end !== undefined && v.duration !== undefined) ctx.addIssue({ code: 'custom', message: 'give end or duration, not both', path: ['end'] });
    if (v.end !== undefined && v.start === undefined) ctx.addIssue({ code: 'custom', message: 'end needs start', path: ['start'] });
    if (v.start !== undefined && v.end === undefined && v.duration === undefined) ctx.addIssue({ code: 'custom', message: 'start needs end or duration', path: ['end'] });
    if (v.start !== undefined && v.end !== undefined) {
      if (v.end <= v.start) ctx.addIssue({ code: 'custom', message: 'end must be after start', path: ['end'] });
      else if (v.end - v.start > c.maxRangeSeconds) ctx.addIssue({ code: 'custom', message: `a range is at most ${c.maxRangeSeconds} s`, path: ['end'] });
    }
  });

export type ClipConfigInput = z.infer<typeof clipConfigSchema>;

/** Stored in the task's config column. */
export type ClipRequest = { kind: 'auto'; seed?: number } | { kind: 'duration'; seconds: number; seed?: number } | { kind: 'range'; start: number; end: number };

export function toClipRequest(input: ClipConfigInput | undefined): ClipRequest {
  const v = input ?? {};
  const seed = v.seed === undefined ? {} : { seed: v.seed };
  if (v.start !== undefined) return { kind: 'range', start: v.start, end: v.end ?? v.start + (v.duration ?? 0) };
  if (v.duration !== undefined) return { kind: 'duration', seconds: v.duration, ...seed };
  return { kind: 'auto', ...seed };
}

const storedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auto'), seed: z.number().int().optional() }),
  z.object({ kind: z.literal('duration'), seconds: z.number().finite(), seed: z.number().int().optional() }),
  z.object({ kind: z.literal('range'), start: z.number().finite(), end: z.number().finite() }),
]);

/** A task's stored config; rows written by hand or by an older version fall back to the engine's choice. */
export function readClipRequest(stored: unknown): ClipRequest {
  const r = storedSchema.safeParse(stored);
  return r.success ? r.data : { kind: 'auto' };
}

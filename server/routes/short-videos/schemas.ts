// Request schemas of the short-video service (spec 1 §7). Query values arrive
// as strings; ids are positive integers that fit the database's int column.

import { z } from 'zod';
import { INT4_MAX } from '../../db/limits';
import { clipConfigSchema, shortVideoConfig as c } from '../../services/short-videos/index';


const intText = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number);

const id = intText.pipe(z.number().int().min(1).max(INT4_MAX));

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const idParams = z.object({ id });

export const listQuery = z.object({
  page: intText.pipe(z.number().int().min(1)).default(1),
  page_size: intText.pipe(z.number().int().min(1).max(c.maxPageSize)).default(c.defaultPageSize),
  original_id: id.optional(),
  order_by: z.enum(c.orderBy).default('created_at'),
  order_desc: flag.default(true),
});

export const generateBody = z.object({ config: clipConfigSchema.optional() });

export const batchBody = z.object({
  video_ids: z.array(z.number().int().min(1).max(INT4_MAX)).min(1).max(c.maxBatch),
  config: clipConfigSchema.optional(),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const playBody = z.object({
  ip_address: optionalText(c.ipMaxLength),
  user_agent: optionalText(c.userAgentMaxLength),
  referer: optionalText(c.refererMaxLength),
});

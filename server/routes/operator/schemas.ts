// Request shapes of the operator routes: every field bounded, unknown fields
// refused (a misspelt "page" must not quietly import the default).

import { z } from 'zod';
import { importConfig } from '../../services/catalogue/config';
import { importEndpoint } from '../../services/catalogue/import/index';
import { operatorRouteConfig } from './config';

export const importBody = z
  .object({
    url: z.string().max(operatorRouteConfig.maxUrlLength).pipe(importEndpoint),
    /** Absent: the whole source. */
    pages: z.number().int().min(1).max(importConfig.maxPages).optional(),
    sinceLast: z.boolean().default(false),
  })
  .strict();

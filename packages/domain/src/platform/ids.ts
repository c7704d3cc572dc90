import { z } from 'zod';

/** The largest row id (PostgreSQL `integer`); a larger number can name no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path or query string ('12'), refused past what a row id can be. */
export const RowIdParam = z.coerce.number().int().positive().max(MAX_ROW_ID);

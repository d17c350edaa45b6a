import { z } from 'zod';
import { authenticateResponseSchema } from '../../../contract/auth';
import { errorResponses, text } from '../../lib/schemas';

// Form posts (application/x-www-form-urlencoded) or JSON; same fields either way.
export const authenticateBody = z.object({
  username: text(),
  password: z.string().min(1, 'This field may not be blank.'),
  code: z.string().optional(),
});

export const recoveryBody = z.object({
  username: text(),
  password: z.string().min(1, 'This field may not be blank.'),
  recovery_code: text(64),
});

export const refreshBody = z.object({ refresh: text(512) });

export const codeBody = z.object({ code: text(64) });

export const tokenPairSchema = authenticateResponseSchema;

export const setupStartResponse = z.object({
  config_url: z.string(),
  secret: z.string(),
  qr_code: z.string(),
});

export const setupConfirmResponse = z.object({ recovery_codes: z.array(z.string()) });

export const authErrors = errorResponses(400, 429);
export const refreshErrors = errorResponses(400, 401);
export const protectedErrors = errorResponses(400, 401, 429);

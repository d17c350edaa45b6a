import { z } from 'zod';
import { errorResponses } from '../../lib/schemas';

// Request schemas and errors of the public /checks routes; the result documents are contract/checks.ts.

export const domainParams = z.object({ domain: z.string().min(1).max(300) });

const flag = z.string().max(10).optional().describe('true (default) or false');
export const domainQuery = z.object({
  nameServers: flag,
  smtpServers: flag,
  dnssec: flag,
  spf: flag,
  dmarc: flag,
  dane: flag,
  tls: flag,
  tlsRpt: flag,
  mtaSts: flag,
});

export const spfQuery = z.object({
  ip: z.string().max(64).optional().describe('Client IP for check_host() (RFC 7208 §4)'),
  sender: z.string().max(320).optional().describe('MAIL FROM address; postmaster@<domain> by default'),
  helo: z.string().max(255).optional(),
});

export const checkErrors = errorResponses(400, 429);

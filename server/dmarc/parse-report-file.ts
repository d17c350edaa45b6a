import type { Readable } from 'node:stream';
import { parseAggregateXml } from './aggregate-xml';
import { ByteSource } from './byte-source';
import { emailRejection, parseEmail } from './email';
import { gunzip, gunzipSmall, smallGzipBytes } from './gzip';
import { Budget, formatSize, Rejection, resolveLimits, Warnings, type Limits } from './limits';
import { partsOf, wholeInput, type Found, type PartRef } from './report-part';
import { describeUnknown, sniff } from './sniff';
import { parseTlsJson } from './tls-json';
import type { ParseOptions, ParseOutcome } from './types';
import { zipMembers } from './zip';

// Entry point: bytes or a stream in, typed reports or a reason out. The container format is found from
// magic bytes at every layer (plain XML, JSON, gzip, zip, e-mail), recursively up to maxDepth layers.
// `part` says where the bytes of a report found in a layer are (report-part.ts): gzip passes its own on to
// the document inside; a zip member and an e-mail attachment start their own.

type Ctx = { limits: Limits; budget: Budget; warnings: Warnings; keepParts: boolean };

async function* capped(chunks: AsyncIterable<Buffer>, max: number, reason: string): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const c of chunks) {
    total += c.length;
    if (total > max) throw new Rejection(reason, true);
    yield c;
  }
}

const enter = (ctx: Ctx, depth: number) => {
  if (depth >= ctx.limits.maxDepth) {
    throw new Rejection(`Archive nesting is deeper than ${ctx.limits.maxDepth} levels`, true);
  }
};

async function parseSource(source: ByteSource, ctx: Ctx, depth: number, part: PartRef): Promise<Found[]> {
  const head = await source.peek(512);
  const format = sniff(head);
  const tooBig = `File exceeds the ${formatSize(ctx.limits.maxInputBytes)} size limit`;
  switch (format) {
    case 'empty':
      throw new Rejection('The file is empty');
    case 'unknown':
      throw new Rejection(`Not a DMARC, TLS or failure report: ${describeUnknown(head)}`);
    case 'xml': {
      const report = await parseAggregateXml(capped(source.chunks(), ctx.limits.maxInputBytes, tooBig));
      return [{ report, part }];
    }
    case 'json':
      return [{ report: parseTlsJson(await source.readAll(ctx.limits.maxInputBytes, tooBig)), part }];
    case 'gzip': {
      enter(ctx, depth);
      // A small file in one call; a large one (or one that inflates past 8 MB) as a stream.
      const whole = await source.whole(smallGzipBytes);
      const ignored = (bytes: number) =>
        ctx.warnings.add(`${bytes} bytes after the end of the gzip data were ignored`);
      const small = whole && gunzipSmall(whole, ctx.budget, ignored);
      const chunks = whole ? ByteSource.from(whole).chunks() : source.chunks();
      const inflated = small ? ByteSource.from(small) : new ByteSource(gunzip(chunks, ctx.budget, ignored));
      try {
        return await parseSource(inflated, ctx, depth + 1, part);
      } finally {
        await inflated.close();
      }
    }
    case 'zip':
      enter(ctx, depth);
      return parseZip(await source.readAll(ctx.limits.maxInputBytes, tooBig), ctx, depth + 1);
    case 'email': {
      enter(ctx, depth);
      const message = await source.readAll(ctx.limits.maxInputBytes, tooBig);
      const nested = (body: Buffer, _label: string, own: PartRef) =>
        parseSource(ByteSource.from(body), ctx, depth + 1, own);
      const { found, problems } = await parseEmail(message, nested, part, ctx.keepParts);
      if (found.length === 0) throw new Rejection(emailRejection(message, problems));
      for (const p of problems) ctx.warnings.add(`skipped ${p}`);
      return found;
    }
  }
}

async function parseZip(buf: Buffer, ctx: Ctx, depth: number): Promise<Found[]> {
  const reports: Found[] = [];
  const problems: string[] = [];
  let members = 0;
  for await (const member of zipMembers(buf, ctx.limits, ctx.budget, ctx.keepParts)) {
    members += 1;
    const source = new ByteSource(member.chunks());
    try {
      const own: PartRef = { name: member.name, bytes: null };
      const found = await parseSource(source, ctx, depth, own);
      if (ctx.keepParts && found.some((f) => f.part === own)) {
        await source.close();
        Object.assign(own, await member.part());
      }
      reports.push(...found);
    } catch (err) {
      if (!(err instanceof Rejection) || err.fatal) throw err;
      problems.push(`zip member ${JSON.stringify(member.name)}: ${err.message}`);
    } finally {
      await source.close();
    }
  }
  if (members === 0) throw new Rejection('The zip archive is empty');
  if (reports.length === 0) {
    throw new Rejection(
      members === 1
        ? problems[0].replace(/^zip member "[^"]*": /, '')
        : `No member of the zip archive is a report (${problems.join('; ')})`,
    );
  }
  for (const p of problems) ctx.warnings.add(`skipped ${p}`);
  return reports;
}

/**
 * Parses one received file: an aggregate report (XML), a TLS report (JSON), a failure report (ARF
 * e-mail), or any of them inside gzip, zip or an e-mail message. Never throws for bad input: a file
 * that cannot be used comes back as { ok: false, reason }. Safety limits: see ParseOptions.
 */
export async function parseReportFile(
  input: Buffer | Uint8Array | Readable | AsyncIterable<Buffer>,
  opts?: ParseOptions,
): Promise<ParseOutcome> {
  const limits = resolveLimits(opts);
  const keepParts = opts?.keepParts ?? false;
  const ctx: Ctx = { limits, budget: new Budget(limits, opts?.memory), warnings: new Warnings(), keepParts };
  const source = ByteSource.from(input);
  try {
    const found = await parseSource(source, ctx, 0, wholeInput());
    const reports = found.map((f) => f.report);
    const warnings = ctx.warnings.finish();
    return keepParts
      ? { ok: true, reports, warnings, parts: partsOf(found) }
      : { ok: true, reports, warnings };
  } catch (err) {
    if (err instanceof Rejection) return { ok: false, reason: err.message };
    throw err;
  } finally {
    await source.close();
  }
}

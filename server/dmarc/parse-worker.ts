import { parentPort } from 'node:worker_threads';
import { parseReportFile } from './parse-report-file';
import type { ParseOptions } from './types';

// Body of a parse-pool.ts worker: bytes in, the parse outcome (or the thrown error's message) out, in the
// order asked. Runs the same parseReportFile as the main thread, so results are identical.

export type ParseRequest = { id: number; bytes: Uint8Array; options: ParseOptions };
export type ParseReply = { id: number; outcome?: unknown; error?: string };

parentPort!.on('message', (msg: ParseRequest) => {
  parseReportFile(
    Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength),
    msg.options,
  ).then(
    (outcome) => parentPort!.postMessage({ id: msg.id, outcome } satisfies ParseReply),
    (e: unknown) => parentPort!.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) }),
  );
});

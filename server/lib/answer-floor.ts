import type { FastifyReply, FastifyRequest } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// An onSend hook that holds every answer of a route (success, field error, 429) until `floorMs` after the
// request arrived, so the time of the answer does not tell which way the request went (e.g. whether an
// address has an account). The work on every path must stay under the floor; the mail it queues is sent in
// the background, never before the answer.
export function answerNoSoonerThan(floorMs: number) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const wait = floorMs - reply.elapsedTime;
    if (wait > 0) await sleep(wait);
    return payload;
  };
}

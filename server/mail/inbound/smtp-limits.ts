// Per-client limits of the SMTP listener: open connections and messages per minute, by IP address.

export type ClientLimits = { maxConnections: number; messagesPerMinute: number };

export function clientLimiter(limits: ClientLimits, now: () => number = Date.now) {
  const open = new Map<string, number>();
  const sent = new Map<string, number[]>();
  return {
    /** Counts a new connection; false when the client already has its maximum open. */
    connect(ip: string): boolean {
      const n = open.get(ip) ?? 0;
      if (n >= limits.maxConnections) return false;
      open.set(ip, n + 1);
      return true;
    },
    disconnect(ip: string): void {
      const n = (open.get(ip) ?? 1) - 1;
      if (n <= 0) open.delete(ip);
      else open.set(ip, n);
    },
    /** Counts a message (MAIL FROM); false when the client sent its allowance in the last minute. */
    message(ip: string): boolean {
      const t = now();
      const recent = (sent.get(ip) ?? []).filter((at) => at > t - 60_000);
      const allowed = recent.length < limits.messagesPerMinute;
      if (allowed) recent.push(t);
      if (recent.length) sent.set(ip, recent);
      else sent.delete(ip);
      return allowed;
    },
  };
}

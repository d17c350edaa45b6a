import type { AppContext } from '../../context';
import { createBlocklistChecker, type BlocklistChecker } from '../../checks/dnsbl/check';
import { parseListSetting, type DnsList } from '../../checks/dnsbl/zones';
import type { Resolver } from '../../checks/dnsTypes';
import { createDnsResolver } from '../../checks/resolver';
import { createGeoLookup, type GeoLookup } from '../../geo/maxmind';
import type { ReputationSettings } from './settings';

// What the reputation routes need besides the AppContext, built once per context on first use. Tests may
// replace parts (a resolver on their loopback DNS server, a short captcha timeout) before the first request.

export type ReputationServices = {
  settings: ReputationSettings;
  resolver: Resolver;
  lists: DnsList[];
  checkBlocklists: BlocklistChecker;
  geo: GeoLookup;
  captchaTimeoutMs: number;
  fetch: typeof fetch;
};

// Keyed by the context's config, not the context: a job runs with a copy of the context ({ ...ctx, data }),
// and must share the services (and their answer cache) of the app that started it.
type Key = AppContext['config'];
const built = new WeakMap<Key, ReputationServices>();
const overrides = new WeakMap<Key, Partial<ReputationServices>>();

export function configureReputation(ctx: AppContext, parts: Partial<ReputationServices>): void {
  overrides.set(ctx.config, { ...overrides.get(ctx.config), ...parts });
  built.delete(ctx.config);
}

export function reputationServices(ctx: AppContext): ReputationServices {
  const existing = built.get(ctx.config);
  if (existing) return existing;
  const settings = ctx.config.reputation;
  const extra = overrides.get(ctx.config) ?? {};
  const resolver = extra.resolver ?? createDnsResolver({ timeoutMs: settings.dnsblTimeoutMs, tries: 1 });
  const lists = extra.lists ?? parseListSetting(settings.dnsblZones);
  const services: ReputationServices = {
    settings,
    resolver,
    lists,
    checkBlocklists:
      extra.checkBlocklists ??
      createBlocklistChecker({ resolver, lists, timeoutMs: settings.dnsblTimeoutMs }),
    geo:
      extra.geo ??
      createGeoLookup({ cityDb: settings.geoipCityDb, asnDb: settings.geoipAsnDb }, (message, err) =>
        ctx.logger.warn({ err }, message),
      ),
    captchaTimeoutMs: extra.captchaTimeoutMs ?? 5000,
    fetch: extra.fetch ?? fetch,
  };
  built.set(ctx.config, services);
  return services;
}

import { useEffect, useState } from 'react';

/**
 * GET /api/public-config — settings the public site needs at run time (served by
 * apps/server). Any failure means: billing disabled, no analytics, no booking embed.
 */
export interface PublicConfig {
  billingEnabled: boolean;
  analyticsScriptUrl?: string;
  bookingUrl?: string;
}

export const disabledConfig: PublicConfig = { billingEnabled: false };

function httpUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the endpoint's JSON; relative URLs resolve against `base` (the page's address). */
export function parsePublicConfig(body: unknown, base: string): PublicConfig {
  if (typeof body !== 'object' || body === null) return disabledConfig;
  const record = body as Record<string, unknown>;
  const config: PublicConfig = { billingEnabled: record.billingEnabled === true };
  const analyticsScriptUrl = httpUrl(record.analyticsScriptUrl, base);
  const bookingUrl = httpUrl(record.bookingUrl, base);
  if (analyticsScriptUrl) config.analyticsScriptUrl = analyticsScriptUrl;
  if (bookingUrl) config.bookingUrl = bookingUrl;
  return config;
}

let pending: Promise<PublicConfig> | undefined;

export function fetchPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/public-config', { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parsePublicConfig(await response.json(), window.location.href) : disabledConfig))
    .catch(() => disabledConfig);
  return pending;
}

/** undefined until the configuration has arrived (and always during prerender/hydration). */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    let live = true;
    void fetchPublicConfig().then((next) => live && setConfig(next));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

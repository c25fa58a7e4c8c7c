import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Headers every response carries: no MIME sniffing, no referrer, no powerful features, own window group. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The Content-Security-Policy of the app's pages: scripts only from this origin (no inline script, no
 * eval), API calls only to this origin and the configured FHIR server, never framed, no plugins, no
 * <base> elsewhere. Styles allow inline: Mantine writes its theme variables in a <style> element.
 * Images may come from anywhere over https (attachments and photos live on other servers) and from
 * data: and blob: URLs (uploaded files shown before they are sent).
 */
export function contentSecurityPolicy(fhirOrigin?: string): string {
  const connect = ["'self'", ...(fhirOrigin ? [fhirOrigin] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The origin of the FHIR server the built app is configured for, when it is not this origin. */
export function configuredFhirOrigin(staticDir: string | undefined): string | undefined {
  if (!staticDir) return undefined;
  try {
    const config = JSON.parse(readFileSync(join(staticDir, 'config.json'), 'utf8')) as { baseUrl?: unknown };
    if (typeof config.baseUrl !== 'string') return undefined;
    const url = new URL(config.baseUrl, 'http://relative.invalid/');
    return url.origin === 'http://relative.invalid' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

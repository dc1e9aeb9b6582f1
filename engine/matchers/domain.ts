/**
 * `WebFetch(domain:…)` (docs/engine.md, Matching, per tool family): hostnames compare case-insensitively
 * without a trailing dot; a leading `*.` matches one or more subdomain labels but not the apex; any other `*`
 * stays inside one label; `domain:*` matches every host.
 */

export function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

export function compileDomainPattern(pattern: string): (host: string) => boolean {
  const normalized = normalizeHost(pattern);
  if (normalized === '*') return () => true;
  const escape = (label: string): string =>
    label
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^.]*');
  const anySubdomains = normalized.startsWith('*.');
  const labels = (anySubdomains ? normalized.slice(2) : normalized).split('.');
  const regex = new RegExp(`^${anySubdomains ? '(?:[^.]+\\.)+' : ''}${labels.map(escape).join('\\.')}$`);
  return (host) => regex.test(normalizeHost(host));
}

/** The hostname of a URL, or undefined when the text is not a URL with a host. */
export function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname;
    return host === '' ? undefined : normalizeHost(host);
  } catch {
    return undefined;
  }
}

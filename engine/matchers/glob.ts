/** `*` wildcards for names and scalar fields: `*` spans any characters, everything else is literal. */
export function wildcardToRegExp(pattern: string, flags = ''): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${body}$`, flags);
}

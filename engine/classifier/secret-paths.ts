/**
 * Where credentials and secrets live: reading one hands the agent a key, a token or a person's history, so
 * such a read needs a second look and is never answered in a batch. This is the one list; everything that
 * labels a path (the risk label, the notification floor) asks `secretPathKind`.
 */

export type SecretKind =
  | 'ssh key'
  | 'cloud credentials'
  | 'environment file'
  | 'keychain'
  | 'browser profile'
  | 'shell history'
  | 'token file'
  | 'private key';

/** Folders whose contents are secret wherever they appear (segments in order, `~/.aws/…`, `/home/x/.aws/…`). */
const SECRET_DIRS: readonly (readonly [SecretKind, readonly string[]])[] = [
  ['ssh key', ['.ssh']],
  ['private key', ['.gnupg']],
  ['cloud credentials', ['.aws']],
  ['cloud credentials', ['.config', 'gcloud']],
  ['cloud credentials', ['.azure']],
  ['cloud credentials', ['.kube']],
  ['cloud credentials', ['.oci']],
  ['keychain', ['Library', 'Keychains']],
  ['keychain', ['.local', 'share', 'keyrings']],
  ['keychain', ['.password-store']],
  ['browser profile', ['Library', 'Application Support', 'Google', 'Chrome']],
  ['browser profile', ['Library', 'Application Support', 'Firefox']],
  ['browser profile', ['Library', 'Application Support', 'BraveSoftware']],
  ['browser profile', ['Library', 'Safari']],
  ['browser profile', ['Library', 'Cookies']],
  ['browser profile', ['.config', 'google-chrome']],
  ['browser profile', ['.config', 'chromium']],
  ['browser profile', ['.config', 'BraveSoftware']],
  ['browser profile', ['.mozilla']],
  ['browser profile', ['AppData', 'Local', 'Google', 'Chrome']],
  ['browser profile', ['AppData', 'Roaming', 'Mozilla']],
  ['shell history', ['.local', 'share', 'fish', 'fish_history']],
  ['token file', ['.config', 'gh', 'hosts.yml']],
  ['token file', ['.config', 'hub']],
  ['token file', ['.docker', 'config.json']],
  ['token file', ['.cargo', 'credentials']],
  ['token file', ['.cargo', 'credentials.toml']],
  ['token file', ['.gem', 'credentials']],
  ['token file', ['.terraform.d', 'credentials.tfrc.json']],
  ['token file', ['etc', 'shadow']],
];

/** Files that are secret by name anywhere. */
const SECRET_FILES: ReadonlyMap<string, SecretKind> = new Map<string, SecretKind>([
  ['id_rsa', 'ssh key'],
  ['id_dsa', 'ssh key'],
  ['id_ecdsa', 'ssh key'],
  ['id_ed25519', 'ssh key'],
  ['.bash_history', 'shell history'],
  ['.zsh_history', 'shell history'],
  ['.histfile', 'shell history'],
  ['.sh_history', 'shell history'],
  ['.python_history', 'shell history'],
  ['.node_repl_history', 'shell history'],
  ['.psql_history', 'shell history'],
  ['.mysql_history', 'shell history'],
  ['.sqlite_history', 'shell history'],
  ['.npmrc', 'token file'],
  ['.yarnrc.yml', 'token file'],
  ['.netrc', 'token file'],
  ['_netrc', 'token file'],
  ['.git-credentials', 'token file'],
  ['.pypirc', 'token file'],
  ['.pgpass', 'token file'],
  ['.my.cnf', 'token file'],
  ['.vault-token', 'token file'],
  ['credentials.json', 'cloud credentials'],
  ['application_default_credentials.json', 'cloud credentials'],
]);

const SECRET_EXTENSIONS: ReadonlyMap<string, SecretKind> = new Map<string, SecretKind>([
  ['.pem', 'private key'],
  ['.key', 'private key'],
  ['.p12', 'private key'],
  ['.pfx', 'private key'],
  ['.jks', 'private key'],
  ['.keystore', 'private key'],
  ['.keychain', 'keychain'],
  ['.keychain-db', 'keychain'],
  ['.kdbx', 'keychain'],
]);

/** `.env`, `.env.local`, `prod.env`…; templates committed on purpose (`.env.example`) hold no secret. */
const ENV_FILE = /^(?:\.env(?:\..+)?|.+\.env)$/;
const ENV_TEMPLATE = /\.(?:example|sample|template|dist|defaults)$/;

function segmentsOf(path: string): string[] {
  return path
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .split(/[/\\]+/)
    .filter((s) => s !== '' && s !== '.');
}

function containsRun(segments: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= segments.length; i++) {
    if (run.every((part, j) => segments[i + j] === part)) return true;
  }
  return false;
}

/** What kind of secret a path names, or undefined. A public key (`*.pub`) is no secret. */
export function secretPathKind(path: string): SecretKind | undefined {
  const segments = segmentsOf(path);
  const name = segments.at(-1);
  if (name === undefined || name.endsWith('.pub')) return undefined;
  // `/proc/self/environ`, `/proc/1234/environ`: a process's whole environment, its tokens with it.
  if (name === 'environ' && segments.at(-3) === 'proc') return 'environment file';
  for (const [kind, run] of SECRET_DIRS) if (containsRun(segments, run)) return kind;
  const byName = SECRET_FILES.get(name);
  if (byName) return byName;
  if (ENV_FILE.test(name) && !ENV_TEMPLATE.test(name)) return 'environment file';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? SECRET_EXTENSIONS.get(name.slice(dot).toLowerCase()) : undefined;
}

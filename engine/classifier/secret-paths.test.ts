import { describe, expect, it } from 'vitest';
import { secretPathKind } from './secret-paths';

describe('secretPathKind', () => {
  it.each([
    ['~/.ssh/id_ed25519', 'ssh key'],
    ['/home/ana/.ssh/config', 'ssh key'],
    ['~/.ssh', 'ssh key'],
    ['deploy/id_rsa', 'ssh key'],
    ['~/.aws/credentials', 'cloud credentials'],
    ['/Users/ana/.config/gcloud/application_default_credentials.json', 'cloud credentials'],
    ['~/.azure/accessTokens.json', 'cloud credentials'],
    ['~/.kube/config', 'cloud credentials'],
    ['.env', 'environment file'],
    ['./app/.env.production', 'environment file'],
    ['config/prod.env', 'environment file'],
    ['~/Library/Keychains/login.keychain-db', 'keychain'],
    ['~/.local/share/keyrings/login.keyring', 'keychain'],
    ['~/Library/Application Support/Google/Chrome/Default/Cookies', 'browser profile'],
    ['~/.mozilla/firefox/abc.default/logins.json', 'browser profile'],
    ['~/.zsh_history', 'shell history'],
    ['/home/ana/.bash_history', 'shell history'],
    ['~/.local/share/fish/fish_history', 'shell history'],
    ['~/.npmrc', 'token file'],
    ['~/.netrc', 'token file'],
    ['~/.git-credentials', 'token file'],
    ['~/.pypirc', 'token file'],
    ['~/.config/gh/hosts.yml', 'token file'],
    ['~/.docker/config.json', 'token file'],
    ['/etc/shadow', 'token file'],
    ['certs/server.key', 'private key'],
    ['"tls/site.PEM"', 'private key'],
    ['~/.gnupg/private-keys-v1.d/x.key', 'private key'],
  ] as const)('names %s a %s', (path, kind) => {
    expect(secretPathKind(path)).toBe(kind);
  });

  it.each([
    '~/.ssh/id_ed25519.pub',
    '.env.example',
    '.env.sample',
    'src/env.ts',
    'README.md',
    'docs/ssh.md',
    '~/.config/git/config',
    '/etc/hosts',
    'package.json',
    '',
  ])('leaves %j alone', (path) => {
    expect(secretPathKind(path)).toBeUndefined();
  });
});

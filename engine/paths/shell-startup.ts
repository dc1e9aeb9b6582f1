/**
 * The files a POSIX shell (sh, bash, zsh, ksh, csh, tcsh) reads at login, start or exit: writing one runs
 * code at the next shell, so both the danger analysis and the protected-path check name them.
 */
export const SHELL_STARTUP_FILES: readonly string[] = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.zlogout',
  '.cshrc',
  '.tcshrc',
  '.kshrc',
];
